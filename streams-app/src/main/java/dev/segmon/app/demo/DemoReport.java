package dev.segmon.app.demo;

import dev.segmon.app.metrics.Points;
import dev.segmon.app.metrics.StoreMetrics;
import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.view.EstimateView;
import dev.segmon.app.view.MonitorView;
import dev.segmon.app.state.Totals;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.boundary.BoundaryScores;
import dev.segmon.model.estimate.EstimatedOverSegmentation;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;

/**
 * The demo's periodic summary, one line per model, read from the monitor's own state (the
 * figures {@code /metrics} exports, from the same counts), e.g. {@code healthy word P=0.97 R=0.96
 * F1=0.96 OS=+0.01 R-val=0.96 utts=123 window=5m; scored on 10 %; estimated OS=+0.02 on 100 %}:
 * the scores stand on the utterances that got a reference, the early estimate on every one whose
 * end carried a duration (both shares of the closed utterances, since start; the estimated OS in
 * the same window as the scores). The 5 m window shows a regression sooner than the cumulative
 * one and is the default.
 */
public final class DemoReport {
    public static final String CUMULATIVE = "cumulative";
    public static final String SLIDING = "5m";

    private DemoReport() {
    }

    /**
     * One line per model in {@code models} order, then any other model the monitor holds on
     * {@code tier}. {@code window}: {@code 5m} (null means it) or {@code cumulative}.
     */
    public static List<String> lines(MonitorView state, long nowMs, List<String> models, String tier, String window) {
        return lines(state, null, nowMs, models, tier, window);
    }

    /** The lines with the scored and estimated coverage; {@code estimates} null: without them. */
    public static List<String> lines(MonitorView state, EstimateView estimates, long nowMs, List<String> models, String tier,
                                     String window) {
        String w = window == null ? SLIDING : window;
        if (!w.equals(SLIDING) && !w.equals(CUMULATIVE)) {
            throw new IllegalArgumentException("window must be " + SLIDING + " or " + CUMULATIVE + ", not " + window);
        }
        SortedMap<ModelTier, Totals> totals = state.totals();
        Map<ModelTier, BoundaryCounts> recent = w.equals(SLIDING) ? StoreMetrics.sliding(state, nowMs) : Map.of();
        Set<String> names = new LinkedHashSet<>(models);
        totals.keySet().stream().filter(k -> k.tier().equals(tier) && !k.model().equals(dev.segmon.app.wire.InputEvent.NO_MODEL))
                .forEach(k -> names.add(k.model()));
        Map<ModelTier, EstimatedOverSegmentation> estimated = estimates == null ? Map.of()
                : estimates.estimates(w.equals(SLIDING) ? estimates.hypothesisRatesSince(Points.slidingStart(nowMs)) : estimates.hypothesisRates());
        Map<ModelTier, Double> estimatedShare = estimates == null ? Map.of() : estimates.estimatedShare();
        List<String> out = new ArrayList<>();
        for (String model : names) {
            ModelTier series = new ModelTier(model, tier);
            Totals t = totals.getOrDefault(series, Totals.ZERO);
            BoundaryCounts c = w.equals(SLIDING) ? recent.getOrDefault(series, BoundaryCounts.ZERO) : t.counts();
            BoundaryScores s = c.scores();
            long utterances = t.outcomes().values().stream().mapToLong(Long::longValue).sum();
            out.add(String.format(Locale.ROOT, "%s %s P=%s R=%s F1=%s OS=%s R-val=%s utts=%d window=%s", model, tier,
                    ratio(s.precision(), false), ratio(s.recall(), false), ratio(s.f1(), false),
                    ratio(s.overSegmentation(), true), ratio(s.rValue(), false), utterances, w)
                    + (estimates == null ? "" : String.format(Locale.ROOT, "; scored on %s; estimated OS=%s on %s",
                    percent(StoreMetrics.referencedShare(t)), ratio(estimated.containsKey(series) ? estimated.get(series).value() : null, true),
                    percent(estimatedShare.get(series)))));
        }
        return out;
    }

    /** A share as a whole per cent ("-" when none closed yet); below 10 %, one decimal. */
    private static String percent(Double share) {
        if (share == null) {
            return "- %";
        }
        return String.format(Locale.ROOT, share < 0.1 ? "%.1f %%" : "%.0f %%", 100 * share);
    }

    private static String ratio(Double value, boolean signed) {
        if (value == null) {
            return "-";
        }
        // Round first and add 0.0 so that -0.004 shows as +0.00, not -0.00.
        double rounded = Math.round(value * 100) / 100.0 + 0.0;
        return String.format(Locale.ROOT, signed ? "%+.2f" : "%.2f", rounded);
    }
}
