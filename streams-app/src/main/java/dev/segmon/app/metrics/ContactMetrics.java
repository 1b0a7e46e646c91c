package dev.segmon.app.metrics;

import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.List;
import java.util.function.DoubleSupplier;

/**
 * {@code segmon_broker_contact_age_seconds}: seconds since the Kafka cluster last answered one of
 * this instance's clients (dev.segmon.app.health.BrokerContact). About 0 while the cluster is
 * reachable, with or without traffic; it grows by one a second while no broker answers, which
 * nothing else shows: Kafka Streams stays RUNNING then, and the figures simply stop moving.
 */
public final class ContactMetrics implements MultiCollector {
    public static final String NAME = "segmon_broker_contact_age_seconds";
    private final DoubleSupplier ageSeconds;

    public ContactMetrics(DoubleSupplier ageSeconds) {
        this.ageSeconds = ageSeconds;
    }

    // Declared, so that a scrape selecting other families skips this one without calling it.
    @Override
    public List<String> getPrometheusNames() {
        return List.of(NAME);
    }

    @Override
    public MetricSnapshots collect() {
        return MetricSnapshots.of(GaugeSnapshot.builder().name(NAME)
                .help("Seconds since a Kafka client of this instance last received a response from the cluster.")
                .dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder().labels(Labels.EMPTY).value(ageSeconds.getAsDouble()).build())
                .build());
    }
}
