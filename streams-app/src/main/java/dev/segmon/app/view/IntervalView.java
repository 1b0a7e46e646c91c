package dev.segmon.app.view;

import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.Keys.PairTier;
import dev.segmon.app.state.Components;
import dev.segmon.app.state.MinuteFigures;
import dev.segmon.app.state.SeriesFigures;
import dev.segmon.model.interval.PairedMoments;
import dev.segmon.model.interval.UtteranceMoments;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A read-only view of the interval figures (docs/intervals.md): each model's moment sums and each
 * comparison's paired moment sums, cumulative and per minute of record time, summed across this
 * instance's active tasks. Any minute range's sum gives the interval over the utterances closed
 * in it ({@code UtteranceMoments.estimate}, {@code PairedMoments.estimate}); minute sums of
 * several instances add up too.
 */
public final class IntervalView {
    private final StoreView stores;
    private final ComponentView<UtteranceMoments> moments;

    public IntervalView(StoreView stores) {
        this.stores = stores;
        this.moments = new ComponentView<>(stores, SeriesFigures::moments, m -> m.get(Components.MOMENTS), UtteranceMoments::plus);
    }

    /** Cumulative moments by (model, tier). */
    public SortedMap<ModelTier, UtteranceMoments> moments() {
        return moments.totals();
    }

    /** Moments of the minutes starting in [fromMs, toMs), by (model, tier) and minute start. */
    public SortedMap<ModelTier, SortedMap<Long, UtteranceMoments>> momentMinutes(long fromMs, long toMs) {
        return moments.minutes(fromMs, toMs);
    }

    /** Each series' moments of the minutes starting at or after {@code fromMs}. */
    public SortedMap<ModelTier, UtteranceMoments> momentsSince(long fromMs) {
        return moments.since(fromMs);
    }

    /** Each pair's moments of the minutes starting at or after {@code fromMs}. */
    public SortedMap<PairTier, PairedMoments> pairedSince(long fromMs) {
        SortedMap<PairTier, PairedMoments> out = new TreeMap<>();
        pairedMinutes(fromMs, Long.MAX_VALUE).forEach((pair, byStart) -> byStart.values().forEach(v -> out.merge(pair, v, PairedMoments::plus)));
        return out;
    }

    /** Cumulative paired moments by (candidate, baseline, tier). */
    public SortedMap<PairTier, PairedMoments> paired() {
        SortedMap<PairTier, PairedMoments> out = new TreeMap<>();
        stores.series(SeriesFigures::paired).forEach((candidate, byBaseline) ->
                byBaseline.forEach((baseline, m) -> out.put(new PairTier(candidate.model(), baseline, candidate.tier()), m)));
        return out;
    }

    /** Paired moments of the minutes starting in [fromMs, toMs), by comparison and minute start. */
    public SortedMap<PairTier, SortedMap<Long, PairedMoments>> pairedMinutes(long fromMs, long toMs) {
        SortedMap<PairTier, SortedMap<Long, PairedMoments>> out = new TreeMap<>();
        stores.minutes(MinuteFigures::paired, fromMs, toMs).forEach((candidate, byStart) -> byStart.forEach((start, byBaseline) ->
                byBaseline.forEach((baseline, m) -> out.computeIfAbsent(new PairTier(candidate.model(), baseline, candidate.tier()),
                        k -> new TreeMap<>()).put(start, m))));
        return out;
    }
}
