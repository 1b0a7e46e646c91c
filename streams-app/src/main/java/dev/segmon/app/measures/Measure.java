package dev.segmon.app.measures;

import dev.segmon.app.processors.UtteranceBook;
import dev.segmon.app.state.Component;
import dev.segmon.app.state.HypothesisState;
import dev.segmon.app.view.ComponentView;
import dev.segmon.app.wire.HypothesisEvent;
import io.prometheus.metrics.model.registry.MultiCollector;
import java.util.function.LongSupplier;

/**
 * One measure of the monitor, whole: its counts (a monoid, a {@link Component} of the series
 * aggregate with its byte layout), what an utterance adds to them, and its metric families. Adding
 * one is this class and a line in {@link Measures#all}: the topology books it into the aggregates
 * ({@link MeasureBook}), pooled and per slice, and the exporter reads it through a
 * {@link ComponentView}.
 *
 * @param <V> the measure's counts
 */
public interface Measure<V> {
    /** The measure's part of the series (and minute) aggregate. */
    Component<V> component();

    /** What a hypothesis' {@code end} message adds to its series (null: nothing), at the end's record time. */
    default V ended(HypothesisState hypothesis, HypothesisEvent end) {
        return null;
    }

    /** What a closed utterance adds to its series (null: nothing); {@code scored}: as {@link UtteranceBook#figures}. */
    default V closed(UtteranceBook.Closed utterance, boolean scored) {
        return null;
    }

    /** The measure's families on {@code /metrics}, read from its component; {@code clock}: wall time for the sliding window. */
    MultiCollector metrics(ComponentView<V> view, LongSupplier clock);
}
