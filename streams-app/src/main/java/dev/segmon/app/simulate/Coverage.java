package dev.segmon.app.simulate;

import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.interval.Estimate;
import dev.segmon.model.interval.Interval;
import dev.segmon.model.interval.Measure;
import dev.segmon.model.interval.NormalQuantile;
import dev.segmon.model.interval.UtteranceMoments;
import java.util.EnumMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Coverage of the 95 % utterance-level intervals (docs/contract.md 2.1.1) over independent
 * windows of simulated utterances, beside the naive binomial (Wilson) interval that treats every
 * boundary as an independent trial. The true value of each measure is a ratio of expectations,
 * estimated once from a large sample of the same model.
 */
public final class Coverage {
    static final double LEVEL = 0.95;

    /** Coverage per measure; Wilson is null for over-segmentation (not a proportion). */
    public record Result(int windows, int utterancesPerWindow, Map<Measure, Double> utteranceLevel,
            Map<Measure, Double> wilson, Map<Measure, Double> truth) {
    }

    private Coverage() {
    }

    public static Result run(StreamModel model, int windows, int perWindow, int truthUtterances, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        UtteranceMoments big = UtteranceMoments.ZERO;
        for (int i = 0; i < truthUtterances; i++) {
            big = big.plus(UtteranceMoments.of(model.score(model.utterance(rnd), 1, rnd)));
        }
        Map<Measure, Double> truth = new EnumMap<>(Measure.class);
        for (Measure m : Measure.values()) {
            truth.put(m, big.estimate(m).value());
        }
        double z = NormalQuantile.twoSided(LEVEL);
        Map<Measure, Integer> covered = new EnumMap<>(Measure.class);
        Map<Measure, Integer> wilsonCovered = new EnumMap<>(Measure.class);
        for (int w = 0; w < windows; w++) {
            UtteranceMoments window = UtteranceMoments.ZERO;
            for (int i = 0; i < perWindow; i++) {
                BoundaryCounts c = model.score(model.utterance(rnd), 1, rnd);
                window = window.plus(UtteranceMoments.of(c));
            }
            for (Measure m : Measure.values()) {
                Estimate e = window.estimate(m);
                if (e != null && m.clip(e.interval(z)).contains(truth.get(m))) {
                    covered.merge(m, 1, Integer::sum);
                }
                Interval naive = wilson(window, m, z);
                if (naive != null && naive.contains(truth.get(m))) {
                    wilsonCovered.merge(m, 1, Integer::sum);
                }
            }
        }
        Map<Measure, Double> level = new EnumMap<>(Measure.class);
        Map<Measure, Double> naive = new EnumMap<>(Measure.class);
        for (Measure m : Measure.values()) {
            level.put(m, covered.getOrDefault(m, 0) / (double) windows);
            naive.put(m, m == Measure.OVER_SEGMENTATION ? null : wilsonCovered.getOrDefault(m, 0) / (double) windows);
        }
        return new Result(windows, perWindow, level, naive, truth);
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
