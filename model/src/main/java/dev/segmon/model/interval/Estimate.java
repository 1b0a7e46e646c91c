package dev.segmon.model.interval;

/**
 * A linearised estimate: the value of a smooth function of per-utterance sums, and the sum of
 * squares of its linearised per-utterance values, Q = sum_i (g . x_i)^2 with g the gradient of
 * the function with respect to the sums (see {@link Linearisation}).
 *
 * @param value       the estimate
 * @param squares     Q, the sum of squared linearised values (in the estimate's units squared)
 * @param utterances  m, the number of utterances (sampling units) behind it
 */
public record Estimate(double value, double squares, long utterances) {

    /**
     * The standard error of docs/contract.md 2.1.1: SE^2 = m/(m-1) * Q (for a ratio of sums
     * Q = sum_i (a_i - R b_i)^2 / (sum_i b_i)^2). Requires m >= 2.
     */
    public double standardError() {
        return Math.sqrt((double) utterances / (utterances - 1) * Math.max(0, squares));
    }

    /** value +- z SE, unclipped, for a multiplier z chosen by the caller. */
    public Interval interval(double z) {
        double half = z * standardError();
        return new Interval(value - half, value + half);
    }

    /**
     * docs/contract.md 2.1.1's interval at the two-sided {@code level}, unclipped: value +- t SE
     * with t the Student quantile of m - 1 degrees of freedom ({@link CriticalValue}).
     */
    public Interval confidenceInterval(double level) {
        return interval(CriticalValue.twoSided(level, utterances));
    }

    /**
     * The intrinsic time of the confidence sequence, V = t * sigma^2 with t = m utterances and
     * sigma^2 the variance of one utterance's linearised value on the mean scale,
     * z_i = m (g . x_i): V = sum_i z_i^2 = m^2 Q. See {@link ConfidenceSequence}.
     */
    public double intrinsicTime() {
        return (double) utterances * utterances * Math.max(0, squares);
    }
}
