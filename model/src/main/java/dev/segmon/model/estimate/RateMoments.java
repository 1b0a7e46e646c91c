package dev.segmon.model.estimate;

import dev.segmon.model.interval.Estimate;
import dev.segmon.model.interval.Linearisation;

/**
 * Boundaries per second of audio over a set of utterances, with the moment sums behind its
 * utterance-level interval: the number of utterances m, the sums of boundaries n and of audio
 * seconds d, and the sums of n^2, d^2 and n*d. One shape serves both sides of the early estimate
 * (docs/contract.md 3.2): a model's hypothesis boundaries over the audio it decoded, and the
 * reference boundaries over the audio of the utterances whose reference and duration are both
 * known (rho). Like {@code BoundaryCounts} they form a commutative monoid under {@link #plus}, so
 * per-minute, per-task and per-instance sums add up, and {@link #minus} gives what increase()
 * gives over a range.
 */
public record RateMoments(long utterances, long boundaries, double seconds,
        long boundariesSquared, double secondsSquared, double boundarySeconds) {

    public static final RateMoments ZERO = new RateMoments(0, 0, 0, 0, 0, 0);

    /** One utterance of {@code n} boundaries over {@code d} seconds of audio. */
    public static RateMoments of(long n, double d) {
        return new RateMoments(1, n, d, n * n, d * d, n * d);
    }

    public RateMoments plus(RateMoments o) {
        return new RateMoments(utterances + o.utterances, boundaries + o.boundaries, seconds + o.seconds,
                boundariesSquared + o.boundariesSquared, secondsSquared + o.secondsSquared, boundarySeconds + o.boundarySeconds);
    }

    /** The moments of the utterances in this total but not in {@code earlier}, an earlier total of the same stream. */
    public RateMoments minus(RateMoments earlier) {
        RateMoments e = earlier;
        return new RateMoments(utterances - e.utterances, boundaries - e.boundaries, seconds - e.seconds,
                boundariesSquared - e.boundariesSquared, secondsSquared - e.secondsSquared, boundarySeconds - e.boundarySeconds);
    }

    /** Boundaries per second, sum n / sum d; null when no audio was counted. */
    public Double rate() {
        return seconds > 0 ? boundaries / seconds : null;
    }

    /**
     * The ratio estimator sum n / sum d with the utterance as the sampling unit (components
     * (n, d); {@link Linearisation}): Q = sum_i (n_i - R d_i)^2 / (sum d)^2, expanded into the raw
     * cross products that are added up here. Null when m < 2 or no audio was counted.
     */
    public Estimate rateEstimate() {
        if (!(seconds > 0)) {
            return null;
        }
        return Linearisation.estimate(Linearisation.Statistic.ratio(new double[] {1, 0}, new double[] {0, 1}),
                utterances, new double[] {boundaries, seconds},
                new double[][] {{boundariesSquared, boundarySeconds}, {boundarySeconds, secondsSquared}});
    }
}
