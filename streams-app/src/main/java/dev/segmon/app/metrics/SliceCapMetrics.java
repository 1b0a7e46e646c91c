package dev.segmon.app.metrics;

import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * {@code segmon_slice_values_capped_total{key}}: labels booked as {@code other} because their key
 * had no room left or an allow-list without them (docs/slices.md); this instance's count since it
 * started, not a store's.
 */
public final class SliceCapMetrics implements MultiCollector {
    static final String NAME = "segmon_slice_values_capped";
    private final Supplier<Map<String, Long>> counts;

    public SliceCapMetrics(Supplier<Map<String, Long>> counts) {
        this.counts = counts;
    }

    @Override
    public MetricSnapshots collect() {
        return collect(name -> true);
    }

    @Override
    public MetricSnapshots collect(Predicate<String> included) {
        if (!included.test(NAME)) {
            return MetricSnapshots.of();
        }
        return MetricSnapshots.of(Points.counters(NAME, "Slice labels booked as other (beyond the key's cap or allow-list).",
                counts.get(), key -> Labels.of("key", key), Long::doubleValue));
    }

    @Override
    public List<String> getPrometheusNames() {
        return List.of(NAME);
    }
}
