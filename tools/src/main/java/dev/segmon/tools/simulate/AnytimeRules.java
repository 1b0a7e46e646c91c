package dev.segmon.tools.simulate;

import dev.segmon.model.interval.ConfidenceSequence;
import dev.segmon.model.interval.Estimate;
import dev.segmon.model.interval.Measure;
import dev.segmon.model.interval.PairedMeasure;
import dev.segmon.model.interval.PairedMoments;
import dev.segmon.model.interval.UtteranceMoments;

/**
 * The alert rules, evaluated on window sums as Prometheus evaluates them on increase() of the
 * counters: SegmonCandidateWorseThanBaseline and SegmonF1BelowBaselineAnytime
 * (deploy/prometheus/rules/segmon-anytime.rules.yml, whose constants are the ones below) and the
 * condition of SegmonF1BelowBaseline (segmon-alerts.rules.yml). Pinned to the rules' promtool
 * tests by AnytimeRulesTest on the same hand-worked numbers. The math is the model's
 * ({@link Estimate}, {@link ConfidenceSequence}); this class only states the rules.
 */
public final class AnytimeRules {
    /** Nominal false alarms per day. */
    public static final double ALPHA_PER_DAY = 0.01;
    /** Window starts a day's evaluations can see: (24 h + 6 h) / 30 s. */
    public static final int DAY_STARTS = 3600;
    /** Level of each window start's confidence sequence. */
    public static final double ALPHA = ALPHA_PER_DAY / DAY_STARTS;
    /** Intrinsic time the boundary is tuned for. */
    public static final double TARGET_V = 50;
    public static final double RHO = ConfidenceSequence.rhoFor(TARGET_V, ALPHA);
    public static final double MARGIN = 0.01;
    /** SegmonF1BelowBaseline: F1 more than 0.05 below, at >= 0.2 reference boundaries/s, for 30m. */
    public static final double THRESHOLD = 0.05;
    public static final double TRAFFIC_FLOOR = 0.2;

    private AnytimeRules() {
    }

    /**
     * The value of SegmonCandidateWorseThanBaseline's expression over one range,
     * -(D + half-width) for D = F1(candidate) - F1(baseline); it fires when this exceeds
     * {@link #MARGIN}. NaN when the range has no sample (a zero denominator or m < 2).
     */
    public static double candidateWorse(PairedMoments window) {
        Estimate e = window.estimate(PairedMeasure.F1);
        return e == null ? Double.NaN : -(e.value() + ConfidenceSequence.halfWidth(e, RHO, ALPHA));
    }

    /** SegmonF1BelowBaselineAnytime over one range: baseline - (F1 + half-width); fires above MARGIN. */
    public static double belowBaseline(UtteranceMoments window, double baseline) {
        Estimate e = window.estimate(Measure.F1);
        return e == null ? Double.NaN : baseline - (e.value() + ConfidenceSequence.halfWidth(e, RHO, ALPHA));
    }

    /** True when either range's value exceeds the margin (the rules' "or" of the [1h] and [6h] looks). */
    public static boolean fires(double... values) {
        for (double v : values) {
            if (v > MARGIN) {
                return true;
            }
        }
        return false;
    }

    /**
     * The condition of SegmonF1BelowBaseline over the last hour (before its `for: 30m`):
     * baseline - F1 > 0.05 and reference boundaries per second >= 0.2.
     */
    public static boolean thresholdCondition(UtteranceMoments hour, double baseline) {
        long b = hour.hypothesis() + hour.reference();
        if (b == 0) {
            return false;
        }
        double f1 = 2.0 * hour.hits() / b;
        return baseline - f1 > THRESHOLD && hour.reference() / 3600.0 >= TRAFFIC_FLOOR;
    }
}
