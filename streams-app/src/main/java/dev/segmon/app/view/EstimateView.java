package dev.segmon.app.view;

import dev.segmon.app.state.EstimateValues.RefusalKey;
import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.Components;
import dev.segmon.app.state.SeriesFigures;
import dev.segmon.app.wire.MinuteWindow;
import dev.segmon.model.estimate.Backtest;
import dev.segmon.model.estimate.EstimatedOverSegmentation;
import dev.segmon.model.estimate.RateMoments;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The early estimate's figures read from the series aggregates (docs/contract.md 3.2), for the metrics
 * exporter and the live page: per tier rho's sums, per (model, tier) the hypothesis sums
 * cumulative and over the last minutes, the backtest and the refused durations. Each call reads
 * the stores afresh, across this instance's active tasks.
 */
public final class EstimateView {
    private final StoreView stores;

    public EstimateView(StoreView stores) {
        this.stores = stores;
    }

    /** tier -> rho's sums (n_ref over duration of the referenced utterances with a duration). */
    public SortedMap<String, RateMoments> referenceRates() {
        SortedMap<String, RateMoments> out = new TreeMap<>();
        stores.series(SeriesFigures::referenceRates).forEach((series, rates) -> out.merge(series.tier(), rates, RateMoments::plus));
        return out;
    }

    /** (model, tier) -> n_hyp over duration of every hypothesis that ended with a usable duration. */
    public SortedMap<ModelTier, RateMoments> hypothesisRates() {
        return stores.series(SeriesFigures::hypothesisRates);
    }

    /** (model, tier) -> the same sums over the minutes of record time starting at or after {@code fromMs}. */
    public SortedMap<ModelTier, RateMoments> hypothesisRatesSince(long fromMs) {
        return stores.summedSince(m -> m.get(Components.HYPOTHESIS_RATES), RateMoments::plus, fromMs);
    }

    /** (model, tier) -> closed utterances whose hypothesis ended with a usable duration: those the estimate covers. */
    public SortedMap<ModelTier, Long> estimatedClosed() {
        return stores.series(SeriesFigures::estimatedClosed);
    }

    /**
     * (model, tier) -> the share of its closed utterances, whatever their outcome, that the estimate
     * covers: beside {@code segmon_referenced_utterances_ratio}, the share the scores cover, over the
     * same utterances. Absent before one closed.
     */
    public SortedMap<ModelTier, Double> estimatedShare() {
        SortedMap<ModelTier, Double> out = new TreeMap<>();
        stores.series(f -> f).forEach((series, f) -> {
            long closed = f.totalsOrZero().outcomes().values().stream().mapToLong(Long::longValue).sum();
            if (closed > 0 && !series.model().equals(dev.segmon.app.wire.InputEvent.NO_MODEL)) {
                out.put(series, (f.estimatedClosed() == null ? 0 : f.estimatedClosed()) / (double) closed);
            }
        });
        return out;
    }

    public SortedMap<ModelTier, Backtest> backtest() {
        return stores.series(SeriesFigures::backtest);
    }

    public SortedMap<RefusalKey, Long> refused() {
        SortedMap<RefusalKey, Long> out = new TreeMap<>();
        stores.series(SeriesFigures::refused).forEach((series, byReason) -> byReason.forEach((reason, n) ->
                out.put(new RefusalKey(dev.segmon.app.wire.AudioDuration.Refusal.of(reason), series.model(), series.tier()), n)));
        return out;
    }

    /**
     * The estimate of each (model, tier) over {@code rates} (cumulative or a window), with its
     * 95 % interval; a series whose tier has no rho yet is left out. What the live page shows
     * beside the reference-based OS.
     */
    public SortedMap<ModelTier, EstimatedOverSegmentation> estimates(SortedMap<ModelTier, RateMoments> rates) {
        SortedMap<String, RateMoments> rho = referenceRates();
        SortedMap<ModelTier, EstimatedOverSegmentation> out = new TreeMap<>();
        rates.forEach((series, m) -> {
            EstimatedOverSegmentation e = EstimatedOverSegmentation.of(m, rho.getOrDefault(series.tier(), RateMoments.ZERO),
                    EstimatedOverSegmentation.Z95);
            if (e != null) {
                out.put(series, e);
            }
        });
        return out;
    }
}
