package dev.segmon.app.measures;

import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.view.ComponentView;
import dev.segmon.app.view.StoreView;
import io.prometheus.metrics.model.registry.MultiCollector;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/** The measures the monitor keeps beside its core books: one line each. */
public final class Measures {
    private Measures() {
    }

    /** Every measure, with its settings from {@code config}. */
    public static List<Measure<?>> all(MonitorConfig config) {
        return List.of(
                new TimestampHealthMeasure(config.maxWordDuration()));
    }

    /** Their metric families over {@code stores} (pooled, or one slice's view). */
    public static List<MultiCollector> metrics(List<Measure<?>> measures, StoreView stores, LongSupplier clock) {
        List<MultiCollector> out = new ArrayList<>(measures.size());
        for (Measure<?> m : measures) {
            out.add(metrics(m, stores, clock));
        }
        return out;
    }

    private static <V> MultiCollector metrics(Measure<V> m, StoreView stores, LongSupplier clock) {
        return m.metrics(new ComponentView<>(stores, f -> f.get(m.component()), f -> f.get(m.component()), m.component()::add), clock);
    }
}
