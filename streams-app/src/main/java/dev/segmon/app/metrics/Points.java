package dev.segmon.app.metrics;

import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.wire.MinuteWindow;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/** What every segmon metric family shares: the windows of the ratio gauges, series labels, data points. */
public final class Points {
    /** The {@code window} label of the figures since the state began. */
    public static final String CUMULATIVE = "cumulative";
    /** The {@code window} label of the sliding window: this minute of record time and the four before it. */
    public static final String SLIDING = "5m";
    private static final long SLIDING_MINUTES = 5;

    private Points() {
    }

    /**
     * The first minute of the sliding window at {@code nowMs} (wall clock at scrape; minutes are of
     * record time); also the live page's overview's (dev.segmon.app.web), so that its figures are the gauges'.
     */
    public static long slidingStart(long nowMs) {
        return MinuteWindow.minuteOf(nowMs) - (SLIDING_MINUTES - 1) * MinuteWindow.MINUTE_MS;
    }

    public static Labels series(ModelTier s) {
        return Labels.of("model", s.model(), "tier", s.tier());
    }

    public static CounterSnapshot.CounterDataPointSnapshot counter(Labels labels, double value) {
        return CounterSnapshot.CounterDataPointSnapshot.builder().labels(labels).value(value).build();
    }

    /** One counter family with a point per row of {@code rows}, labelled by its key. */
    static <K, V> CounterSnapshot counters(String name, String help, Map<K, V> rows, Function<K, Labels> labels,
                                           ToDoubleFunction<V> value) {
        CounterSnapshot.Builder b = CounterSnapshot.builder().name(name).help(help);
        rows.forEach((k, v) -> b.dataPoint(counter(labels.apply(k), value.applyAsDouble(v))));
        return b.build();
    }

    /** Adds a gauge point, or none for a null value (a ratio with a zero denominator: Prometheus has no null). */
    public static void gauge(GaugeSnapshot.Builder b, Labels labels, Double value) {
        if (value != null) {
            b.dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder().labels(labels).value(value).build());
        }
    }
}
