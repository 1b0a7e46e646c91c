package dev.segmon.app.state;

import dev.segmon.app.state.Keys.ModelTier;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The word figures of every (model, tier), read-only, from the series aggregates (docs/contract.md 3.2):
 * what the metrics exporter and the live page read.
 */
public final class WordState {
    private final StoreMonitorState stores;

    public WordState(StoreMonitorState stores) {
        this.stores = stores;
    }

    /** Totals since the start, per (model, tier). */
    public SortedMap<ModelTier, WordCounts> totals() {
        return stores.series(SeriesFigures::words);
    }

    /** The minutes (record time) starting in [fromMs, toMs), per (model, tier) and minute start. */
    public SortedMap<ModelTier, SortedMap<Long, WordCounts>> minutes(long fromMs, long toMs) {
        return stores.minutes(MinuteFigures::words, fromMs, toMs);
    }

    /** The sums over the minutes starting at or after {@code fromMs}, per (model, tier). */
    public SortedMap<ModelTier, WordCounts> since(long fromMs) {
        return stores.summedSince(MinuteFigures::words, WordCounts::plus, fromMs);
    }
}
