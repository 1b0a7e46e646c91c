package dev.segmon.app.state;

import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.Keys.PairTier;
import dev.segmon.model.interval.PairedMoments;
import dev.segmon.model.interval.UtteranceMoments;
import java.util.SortedMap;

/**
 * A read-only view of the interval figures (docs/intervals.md): each model's moment sums and each
 * comparison's paired moment sums, cumulative and per minute of record time, summed across this
 * instance's active tasks. Any minute range's sum gives the interval over the utterances closed
 * in it ({@code UtteranceMoments.estimate}, {@code PairedMoments.estimate}); minute sums of
 * several instances add up too.
 */
public final class IntervalState {
    private final StoreMonitorState stores;

    public IntervalState(StoreMonitorState stores) {
        this.stores = stores;
    }

    /** Cumulative moments by (model, tier). */
    public SortedMap<ModelTier, UtteranceMoments> moments() {
        return stores.all(StoreNames.UTTERANCE_MOMENTS, UtteranceMoments::plus);
    }

    /** Moments of the minutes starting in [fromMs, toMs), by (model, tier) and minute start. */
    public SortedMap<ModelTier, SortedMap<Long, UtteranceMoments>> momentMinutes(long fromMs, long toMs) {
        return stores.windows(StoreNames.UTTERANCE_MOMENT_MINUTES, fromMs, toMs, UtteranceMoments::plus);
    }

    /** Cumulative paired moments by (candidate, baseline, tier). */
    /** Each series' moments of the minutes starting at or after {@code fromMs}. */
    public SortedMap<ModelTier, UtteranceMoments> momentsSince(long fromMs) {
        return stores.summedSince(StoreNames.UTTERANCE_MOMENT_MINUTES, fromMs, UtteranceMoments::plus);
    }

    /** Each pair's moments of the minutes starting at or after {@code fromMs}. */
    public SortedMap<PairTier, PairedMoments> pairedSince(long fromMs) {
        return stores.summedSince(StoreNames.PAIRED_MOMENT_MINUTES, fromMs, PairedMoments::plus);
    }

    public SortedMap<PairTier, PairedMoments> paired() {
        return stores.all(StoreNames.PAIRED_MOMENTS, PairedMoments::plus);
    }

    /** Paired moments of the minutes starting in [fromMs, toMs), by comparison and minute start. */
    public SortedMap<PairTier, SortedMap<Long, PairedMoments>> pairedMinutes(long fromMs, long toMs) {
        return stores.windows(StoreNames.PAIRED_MOMENT_MINUTES, fromMs, toMs, PairedMoments::plus);
    }
}
