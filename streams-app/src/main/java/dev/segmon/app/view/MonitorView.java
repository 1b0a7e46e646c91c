package dev.segmon.app.view;

import dev.segmon.app.state.Keys.DeadLetterKey;
import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.MinuteCounts;
import dev.segmon.app.state.OffsetBias;
import dev.segmon.app.state.Totals;
import java.util.SortedMap;

/**
 * A read-only view of what this instance's active tasks hold, summed across its tasks: what the
 * metrics exporter, the live page and the demo read. Each call reads the stores afresh; while
 * they cannot be queried (not started, rebalancing) a call answers as if they were empty.
 */
public interface MonitorView {

    /** Cumulative figures by (model, tier), model "none" included. */
    SortedMap<ModelTier, Totals> totals();

    /** The minutes starting in [fromMs, toMs), by (model, tier) and minute start. */
    SortedMap<ModelTier, SortedMap<Long, MinuteCounts>> minutes(long fromMs, long toMs);

    /**
     * The hits' signed offset sums of the minutes starting at or after {@code fromMs}, by (model,
     * tier): the windowed bias. A view without per-minute offsets answers none.
     */
    default SortedMap<ModelTier, OffsetBias> biasSince(long fromMs) {
        return new java.util.TreeMap<>();
    }

    /** Dead letters by (reason, model, tier). */
    SortedMap<DeadLetterKey, Long> deadLetters();

    /** Per tier, the largest record timestamp (ms) of an accepted reference chunk. */
    SortedMap<String, Long> referenceClock();
}
