package dev.segmon.tools.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;

/**
 * The input records a Kafka Streams client's consumers have handed to it, read from its
 * {@code records-consumed-total} metrics: what {@link Progress} times a run's rate with.
 */
final class RecordsConsumed {
    private RecordsConsumed() {
    }

    /**
     * Records of {@code topics} that a Kafka Streams client's consumers have handed to it: the
     * sum over its consumers of {@code records-consumed-total} per topic
     * ({@code consumer-fetch-manager-metrics}). A topic's tag may name it as it is or with its dots
     * made underscores (older clients register the second, some both): each consumer counts once
     * per topic.
     */
    static long consumed(Map<MetricName, ? extends Metric> metrics, List<String> topics) {
        return sum(consumedMetrics(metrics, topics));
    }

    /** The metrics {@link #consumed} sums, grouped by consumer and topic (a topic's two tag forms together). */
    static Map<String, List<Metric>> consumedMetrics(Map<MetricName, ? extends Metric> metrics, List<String> topics) {
        Map<String, List<Metric>> byConsumerAndTopic = new HashMap<>();
        for (Map.Entry<MetricName, ? extends Metric> e : metrics.entrySet()) {
            MetricName n = e.getKey();
            String topic = n.tags().get("topic");
            if (topic == null || !n.name().equals("records-consumed-total") || !n.group().equals("consumer-fetch-manager-metrics")) {
                continue;
            }
            for (String t : topics) {
                if (topic.equals(t) || topic.equals(t.replace('.', '_'))) {
                    byConsumerAndTopic.computeIfAbsent(n.tags().get("client-id") + "\u0000" + t, k -> new ArrayList<>()).add(e.getValue());
                }
            }
        }
        return byConsumerAndTopic;
    }

    private static long sum(Map<String, List<Metric>> byConsumerAndTopic) {
        double sum = 0;
        for (List<Metric> forms : byConsumerAndTopic.values()) {
            double max = 0;
            for (Metric m : forms) {
                max = Math.max(max, m.metricValue() instanceof Number x ? x.doubleValue() : 0);
            }
            sum += max;
        }
        return Math.round(sum);
    }

    /**
     * {@link #consumed} of a live client that is polled every few milliseconds while it reads
     * {@code total} records. The client's whole metrics map (thousands of entries for the monitor,
     * with its RocksDB metrics; a few hundred for the pass-through) is copied and searched once per
     * {@code rescanMs}, and in between the metrics found last are read; it is searched again on
     * the poll whose count first reaches {@link Progress#RATE_FROM} of the records and on every poll within
     * as much of the end, so that a consumer's metric that appeared since the last search (a
     * consumer registers a topic's with its first records of it) cannot move the measured
     * interval's ends; and on a poll whose count has not moved since the one before, past the
     * interval's start, so that a run shorter than a rescan still finds every consumer by its end
     * (a count short of the records with all of them committed). Searching the whole map on every poll took CPU from the application
     * measured, more from the monitor than from the pass-through (docs/performance.md).
     */
    static LongSupplier counter(Supplier<? extends Map<MetricName, ? extends Metric>> metrics, List<String> topics,
                                               long total, long rescanMs, LongSupplier nanoClock) {
        List<String> inputs = List.copyOf(topics);
        long rescanNanos = rescanMs * 1_000_000L;
        double edge = Progress.RATE_FROM * total;
        return new LongSupplier() {
            private Map<String, List<Metric>> found = Map.of();
            private long lastCount;
            private long nextScan = Long.MIN_VALUE;

            @Override
            public long getAsLong() {
                long now = nanoClock.getAsLong();
                boolean due = nextScan == Long.MIN_VALUE || now - nextScan >= 0;
                if (due) {
                    search(now);
                }
                long count = sum(found);
                // A count that stood still since the last poll, past the interval's start, may be
                // missing a consumer whose metric appeared after the search: the run's last records,
                // handed out by that consumer, would never show before the next rescan.
                boolean stalled = count == lastCount && count >= edge && count < total;
                if (!due && ((lastCount < edge && count >= edge) || count > total - edge || stalled)) {
                    search(now);
                    count = sum(found);
                }
                lastCount = count;
                return count;
            }

            private void search(long now) {
                found = consumedMetrics(metrics.get(), inputs);
                nextScan = now + rescanNanos;
            }
        };
    }
}
