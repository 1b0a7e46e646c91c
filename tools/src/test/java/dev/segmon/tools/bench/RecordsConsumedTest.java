package dev.segmon.tools.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.junit.jupiter.api.Test;

/** A run's progress is what its consumers handed out of the input topics, each consumer once per topic. */
class RecordsConsumedTest {
    private static final List<String> INPUTS = List.of("segmon.hypotheses", "segmon.references");

    @Test
    void consumedSumsTheInputTopicsOverTheConsumersAndLeavesOtherTopicsOut() {
        Map<MetricName, Metric> metrics = new HashMap<>();
        put(metrics, "records-consumed-total", "c1", "segmon.hypotheses", 700);
        put(metrics, "records-consumed-total", "c1", "segmon.references", 20);
        put(metrics, "records-consumed-total", "c2", "segmon.hypotheses", 300);
        // The detection topic (consumed by the same clients) and another metric of an input topic: not counted.
        put(metrics, "records-consumed-total", "c2", "app-segmon-detection", 55);
        put(metrics, "bytes-consumed-total", "c2", "segmon.references", 9_999);
        assertEquals(700 + 20 + 300, RecordsConsumed.consumed(metrics, INPUTS));
    }

    @Test
    void aTopicTaggedBothAsItIsAndWithUnderscoresCountsOnce() {
        Map<MetricName, Metric> metrics = new HashMap<>();
        put(metrics, "records-consumed-total", "c1", "segmon.hypotheses", 400);
        put(metrics, "records-consumed-total", "c1", "segmon_hypotheses", 400);
        put(metrics, "records-consumed-total", "c2", "segmon_references", 10);
        assertEquals(410, RecordsConsumed.consumed(metrics, INPUTS));
    }

    @Test
    void theCounterSearchesTheWholeMapEveryRescanAtTheIntervalsStartAndNearItsEndAndReadsTheMetricsFoundInBetween() {
        Map<MetricName, Metric> metrics = new HashMap<>();
        double[] hypotheses = {0};
        double[] references = {0};
        put(metrics, "c1", "segmon.hypotheses", () -> hypotheses[0]);
        int[] searches = {0};
        long[] clock = {0};
        java.util.function.LongSupplier counter = counter(metrics, searches, clock);

        assertEquals(0, counter.getAsLong());
        assertEquals(1, searches[0]);
        // The references' metric appears after the search: not read until the next one.
        hypotheses[0] = 30;
        put(metrics, "c1", "segmon.references", () -> references[0]);
        references[0] = 40;
        assertEquals(30, counter.getAsLong());
        assertEquals(1, searches[0]);
        // The metrics found reach 5 % of the 1 000 records (60): searched again, so the interval starts on all of them.
        hypotheses[0] = 60;
        assertEquals(100, counter.getAsLong());
        assertEquals(2, searches[0]);
        // In the middle, the metrics found are read without a search until 500 ms have passed.
        hypotheses[0] = 300;
        clock[0] = 400_000_000L;
        assertEquals(340, counter.getAsLong());
        double[] late = {100};
        put(metrics, "c2", "segmon.hypotheses", () -> late[0]);
        hypotheses[0] = 310;
        assertEquals(350, counter.getAsLong());
        assertEquals(2, searches[0]);
        clock[0] = 500_000_000L;
        assertEquals(450, counter.getAsLong(), "500 ms after the last search: searched again");
        assertEquals(3, searches[0]);
        // Past 950 of 1 000: every poll searches.
        hypotheses[0] = 860;
        assertEquals(1_000, counter.getAsLong());
        assertEquals(4, searches[0]);
        assertEquals(1_000, counter.getAsLong());
        assertEquals(5, searches[0]);
    }

    @Test
    void aCountThatStandsStillPastTheIntervalsStartSearchesAgainSoAShortRunFindsEveryConsumer() {
        Map<MetricName, Metric> metrics = new HashMap<>();
        double[] first = {0};
        put(metrics, "c1", "segmon.hypotheses", () -> first[0]);
        int[] searches = {0};
        long[] clock = {0};
        java.util.function.LongSupplier counter = counter(metrics, searches, clock);

        assertEquals(0, counter.getAsLong());
        assertEquals(1, searches[0]);
        first[0] = 100;
        assertEquals(100, counter.getAsLong(), "past 5 % (50): searched again");
        assertEquals(2, searches[0]);
        // A second consumer starts after that search and takes the other half of the records.
        double[] second = {0};
        put(metrics, "c2", "segmon.hypotheses", () -> second[0]);
        first[0] = 500;
        second[0] = 300;
        clock[0] = 100_000_000L;
        assertEquals(500, counter.getAsLong(), "c2's records are not read between searches");
        assertEquals(2, searches[0]);
        // c1 is done at 500; c2 goes on to 500: the count read stands at 500, so it searches again.
        second[0] = 500;
        clock[0] = 120_000_000L;
        assertEquals(1_000, counter.getAsLong(), "100 ms after the last search, well before the 500 ms rescan");
        assertEquals(3, searches[0]);
    }

    @Test
    void aCountBelowTheIntervalsStartThatStandsStillIsNotSearchedAgain() {
        Map<MetricName, Metric> metrics = new HashMap<>();
        put(metrics, "records-consumed-total", "c1", "segmon.hypotheses", 20);
        int[] searches = {0};
        long[] clock = {0};
        java.util.function.LongSupplier counter = counter(metrics, searches, clock);
        assertEquals(20, counter.getAsLong());
        clock[0] = 20_000_000L;
        assertEquals(20, counter.getAsLong(), "an application starting up: 20 of 1 000, under 50");
        assertEquals(1, searches[0]);
    }

    /** A counter of 1 000 records that rescans every 500 ms of {@code clock}, counting its searches of the map. */
    private static java.util.function.LongSupplier counter(Map<MetricName, Metric> metrics, int[] searches, long[] clock) {
        return RecordsConsumed.counter(() -> {
            searches[0]++;
            return metrics;
        }, INPUTS, 1_000, 500, () -> clock[0]);
    }

    private static void put(Map<MetricName, Metric> metrics, String name, String client, String topic, double value) {
        put(metrics, name, client, topic, () -> value);
    }

    private static void put(Map<MetricName, Metric> metrics, String client, String topic, java.util.function.DoubleSupplier value) {
        put(metrics, "records-consumed-total", client, topic, value);
    }

    private static void put(Map<MetricName, Metric> metrics, String name, String client, String topic, java.util.function.DoubleSupplier value) {
        MetricName n = new MetricName(name, "consumer-fetch-manager-metrics", "", Map.of("client-id", client, "topic", topic));
        metrics.put(n, new Metric() {
            @Override
            public MetricName metricName() {
                return n;
            }

            @Override
            public Object metricValue() {
                return value.getAsDouble();
            }
        });
    }
}
