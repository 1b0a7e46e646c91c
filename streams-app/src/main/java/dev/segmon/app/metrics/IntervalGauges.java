package dev.segmon.app.metrics;

import dev.segmon.model.interval.Interval;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;

/**
 * The gauges {@code NAME_ratio}, {@code NAME_lower_ratio} and {@code NAME_upper_ratio} of an
 * estimate and its interval: a point is left out where the estimate or its interval is null.
 */
final class IntervalGauges {
    private final GaugeSnapshot.Builder value;
    private final GaugeSnapshot.Builder lower;
    private final GaugeSnapshot.Builder upper;

    IntervalGauges(String name, String valueHelp, String lowerHelp, String upperHelp) {
        value = GaugeSnapshot.builder().name(name + "_ratio").help(valueHelp);
        lower = GaugeSnapshot.builder().name(name + "_lower_ratio").help(lowerHelp);
        upper = GaugeSnapshot.builder().name(name + "_upper_ratio").help(upperHelp);
    }

    void add(Labels labels, Double estimate, Interval interval) {
        Points.gauge(value, labels, estimate);
        if (interval != null) {
            Points.gauge(lower, labels, interval.lower());
            Points.gauge(upper, labels, interval.upper());
        }
    }

    GaugeSnapshot value() {
        return value.build();
    }

    GaugeSnapshot lower() {
        return lower.build();
    }

    GaugeSnapshot upper() {
        return upper.build();
    }
}
