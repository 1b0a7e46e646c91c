package dev.segmon.app.metrics;

import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import org.apache.kafka.streams.KafkaStreams;

/** Placeholder; the real collector follows. */
public final class StoreMetrics implements MultiCollector {
    public StoreMetrics(KafkaStreams streams) {
    }

    @Override
    public MetricSnapshots collect() {
        return MetricSnapshots.builder().build();
    }
}
