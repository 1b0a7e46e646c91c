package dev.segmon.tools.simulate;

import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.interval.CriticalValue;
import dev.segmon.model.interval.Estimate;
import dev.segmon.model.interval.Interval;
import dev.segmon.model.interval.Measure;
import dev.segmon.model.interval.UtteranceMoments;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Coverage of the 95 % utterance-level intervals (docs/contract.md 2.1.1: the leverage-inflated
 * standard error, Student t with m - 1 degrees of freedom, on the logit or log scale) over
 * independent windows of simulated utterances, beside the plain linearised interval R -+ t SE
 * ("t-linear"), the same with the normal quantile, and the naive binomial (Wilson) interval that
 * treats every boundary as an independent trial. The true value of each measure is a ratio of
 * expectations, exact from the model ({@link StreamModel#truth}).
 */
public final class Coverage {
    static final double LEVEL = 0.95;

    /** The small-window cases: generating models, each looked at through windows of these sizes. */
    public static final List<Case> SMALL_WINDOW_CASES = List.of(
            new Case("uniform", 1, 1, 10, 120), new Case("skewed", 2, 0.5, 10, 120), new Case("lengths", 2, 0.5, 1, 120));
    public static final int[] SMALL_WINDOW_SIZES = {20, 40, 360};

    /** A generating model: per-utterance hit probability ~ Beta(a, b), n_ref uniform in [minRef, maxRef]. */
    public record Case(String name, double a, double b, int minRef, int maxRef) {
        public StreamModel model() {
            return new StreamModel(a, b, minRef, maxRef);
        }
    }

    /**
     * Coverage per measure of the product's interval, of the linearised R -+ t SE, of R -+ z SE
     * with the normal quantile, and of Wilson's (null for over-segmentation, not a proportion).
     */
    public record Result(int windows, int utterancesPerWindow, Map<Measure, Double> interval, Map<Measure, Double> tLinear,
            Map<Measure, Double> normal, Map<Measure, Double> wilson, Map<Measure, Double> truth) {
    }

    private Coverage() {
    }

    public static Result run(StreamModel model, int windows, int perWindow, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Map<Measure, Double> truth = new EnumMap<>(Measure.class);
        for (Measure m : Measure.values()) {
            truth.put(m, model.truth(m));
        }
        double z = CriticalValue.normal(LEVEL);
        double t = CriticalValue.twoSided(LEVEL, perWindow);
        Map<Measure, Integer> covered = new EnumMap<>(Measure.class);
        Map<Measure, Integer> tCovered = new EnumMap<>(Measure.class);
        Map<Measure, Integer> normalCovered = new EnumMap<>(Measure.class);
        Map<Measure, Integer> wilsonCovered = new EnumMap<>(Measure.class);
        for (int w = 0; w < windows; w++) {
            UtteranceMoments window = UtteranceMoments.ZERO;
            for (int i = 0; i < perWindow; i++) {
                BoundaryCounts c = model.score(model.utterance(rnd), 1, rnd);
                window = window.plus(UtteranceMoments.of(c));
            }
            for (Measure m : Measure.values()) {
                double truthValue = truth.get(m);
                Estimate e = window.estimate(m);
                if (e != null && e.confidenceInterval(LEVEL).contains(truthValue)) {
                    covered.merge(m, 1, Integer::sum);
                }
                if (e != null && e.interval(t).contains(truthValue)) {
                    tCovered.merge(m, 1, Integer::sum);
                }
                if (e != null && e.interval(z).contains(truthValue)) {
                    normalCovered.merge(m, 1, Integer::sum);
                }
                Interval naive = wilson(window, m, z);
                if (naive != null && naive.contains(truthValue)) {
                    wilsonCovered.merge(m, 1, Integer::sum);
                }
            }
        }
        Map<Measure, Double> naive = new EnumMap<>(Measure.class);
        for (Measure m : Measure.values()) {
            naive.put(m, m == Measure.OVER_SEGMENTATION ? null : wilsonCovered.getOrDefault(m, 0) / (double) windows);
        }
        return new Result(windows, perWindow, share(covered, windows), share(tCovered, windows), share(normalCovered, windows),
                naive, truth);
    }

    private static Map<Measure, Double> share(Map<Measure, Integer> covered, int windows) {
        Map<Measure, Double> out = new EnumMap<>(Measure.class);
        for (Measure m : Measure.values()) {
            out.put(m, covered.getOrDefault(m, 0) / (double) windows);
        }
        return out;
    }

    /**
     * Wilson's score interval (Wilson 1927, JASA 22:209-212) for successes out of trials:
     * (p + z^2/2n -+ z sqrt(p(1-p)/n + z^2/4n^2)) / (1 + z^2/n), the boundaries taken as the
     * trials: hits of n_hyp (precision), of n_ref (recall), 2 hits of n_hyp + n_ref (F1).
     */
    static Interval wilson(UtteranceMoments w, Measure m, double z) {
        double successes;
        double n;
        switch (m) {
            case PRECISION -> { successes = w.hits(); n = w.hypothesis(); }
            case RECALL -> { successes = w.hits(); n = w.reference(); }
            case F1 -> { successes = 2.0 * w.hits(); n = w.hypothesis() + w.reference(); }
            default -> { return null; }
        }
        if (n == 0) {
            return null;
        }
        double p = successes / n;
        double centre = p + z * z / (2 * n);
        double half = z * Math.sqrt(p * (1 - p) / n + z * z / (4 * n * n));
        double scale = 1 + z * z / n;
        return new Interval((centre - half) / scale, (centre + half) / scale);
    }
}
