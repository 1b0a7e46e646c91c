package dev.segmon.app.view;

import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.MinuteFigures;
import dev.segmon.app.state.SeriesFigures;
import java.util.SortedMap;
import java.util.function.BinaryOperator;
import java.util.function.Function;

/**
 * One measure's component of the series aggregates, per (model, tier): since the start, by
 * minute of record time, and summed over the latest minutes. Read afresh on every call.
 *
 * @param <V> the component (word counts, utterance moments)
 */
public class ComponentView<V> {
    private final StoreView stores;
    private final Function<SeriesFigures, V> cumulative;
    private final Function<MinuteFigures, V> perMinute;
    private final BinaryOperator<V> plus;

    public ComponentView(StoreView stores, Function<SeriesFigures, V> cumulative, Function<MinuteFigures, V> perMinute, BinaryOperator<V> plus) {
        this.stores = stores;
        this.cumulative = cumulative;
        this.perMinute = perMinute;
        this.plus = plus;
    }

    /** Totals since the start, per (model, tier). */
    public SortedMap<ModelTier, V> totals() {
        return stores.series(cumulative);
    }

    /** The minutes (record time) starting in [fromMs, toMs), per (model, tier) and minute start. */
    public SortedMap<ModelTier, SortedMap<Long, V>> minutes(long fromMs, long toMs) {
        return stores.minutes(perMinute, fromMs, toMs);
    }

    /** The sums over the minutes starting at or after {@code fromMs}, per (model, tier). */
    public SortedMap<ModelTier, V> since(long fromMs) {
        return stores.summedSince(perMinute, plus, fromMs);
    }
}
