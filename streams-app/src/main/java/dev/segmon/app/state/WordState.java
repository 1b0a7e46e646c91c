package dev.segmon.app.state;

import dev.segmon.app.state.Keys.ModelTier;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The word figures of every (model, tier), read-only, from the word stores (docs/contract.md 3.2):
 * what the metrics exporter and the live page read.
 */
public final class WordState {
    private final StoreMonitorState stores;

    public WordState(StoreMonitorState stores) {
        this.stores = stores;
    }

    /** Totals since the start, per (model, tier). */
    public SortedMap<ModelTier, WordCounts> totals() {
        return stores.all(StoreNames.WORD_TOTALS, WordCounts::plus);
    }

    /** The minutes (record time) starting in [fromMs, toMs), per (model, tier) and minute start. */
    public SortedMap<ModelTier, SortedMap<Long, WordCounts>> minutes(long fromMs, long toMs) {
        return stores.windows(StoreNames.WORD_MINUTES, fromMs, toMs, WordCounts::plus);
    }

    /** The sums over the minutes starting at or after {@code fromMs}, per (model, tier). */
    public SortedMap<ModelTier, WordCounts> since(long fromMs) {
        return stores.summedSince(StoreNames.WORD_MINUTES, fromMs, WordCounts::plus);
    }
}
