package dev.segmon.app.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.junit.jupiter.api.Test;

/** A run's progress is what its consumers handed out of the input topics, each consumer once per topic. */
class ProgressTest {
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
        assertEquals(700 + 20 + 300, Progress.consumed(metrics, INPUTS));
    }

    @Test
    void aTopicTaggedBothAsItIsAndWithUnderscoresCountsOnce() {
        Map<MetricName, Metric> metrics = new HashMap<>();
        put(metrics, "records-consumed-total", "c1", "segmon.hypotheses", 400);
        put(metrics, "records-consumed-total", "c1", "segmon_hypotheses", 400);
        put(metrics, "records-consumed-total", "c2", "segmon_references", 10);
        assertEquals(410, Progress.consumed(metrics, INPUTS));
    }

    private static void put(Map<MetricName, Metric> metrics, String name, String client, String topic, double value) {
        MetricName n = new MetricName(name, "consumer-fetch-manager-metrics", "", Map.of("client-id", client, "topic", topic));
        metrics.put(n, new Metric() {
            @Override
            public MetricName metricName() {
                return n;
            }

            @Override
            public Object metricValue() {
                return value;
            }
        });
    }
}
