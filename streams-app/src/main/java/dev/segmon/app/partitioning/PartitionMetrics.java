package dev.segmon.app.partitioning;

import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.List;

/**
 * {@code segmon_input_partition_checked_total{topic}} and
 * {@code segmon_input_partition_mismatches_total{topic}}: the keyed input records this instance's
 * consumers polled, and those not on Kafka's default (murmur2) partition of their key
 * ({@link InputPartitionCensus}). Both input topics are exported from the start, at 0, so that an
 * alert on the mismatches has a series to read before the first one.
 */
public final class PartitionMetrics implements MultiCollector {
    public static final String CHECKED = "segmon_input_partition_checked";
    public static final String MISMATCHES = "segmon_input_partition_mismatches";
    private final InputPartitionCensus census;

    public PartitionMetrics(InputPartitionCensus census) {
        this.census = census;
    }

    // Declared, so that a scrape selecting other families skips this one without calling it.
    @Override
    public List<String> getPrometheusNames() {
        return List.of(CHECKED, MISMATCHES);
    }

    @Override
    public MetricSnapshots collect() {
        CounterSnapshot.Builder checked = CounterSnapshot.builder().name(CHECKED)
                .help("Keyed input records polled by this instance whose partition was compared with Kafka's default partition of their key.");
        CounterSnapshot.Builder mismatches = CounterSnapshot.builder().name(MISMATCHES)
                .help("Keyed input records polled by this instance that are not on Kafka's default (murmur2) partition of their key.");
        for (InputPartitionCensus.Topic t : census.topics()) {
            Labels topic = Labels.of("topic", t.name());
            checked.dataPoint(CounterSnapshot.CounterDataPointSnapshot.builder().labels(topic).value(t.checked()).build());
            mismatches.dataPoint(CounterSnapshot.CounterDataPointSnapshot.builder().labels(topic).value(t.mismatched()).build());
        }
        return MetricSnapshots.of(checked.build(), mismatches.build());
    }
}
