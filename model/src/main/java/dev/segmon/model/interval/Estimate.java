package dev.segmon.model.interval;

/**
 * A linearised estimate: the value of a smooth function of per-utterance sums, the sum of
 * squares of its linearised per-utterance values, Q = sum_i (g . x_i)^2 with g the gradient of
 * the function with respect to the sums (see {@link Linearisation}), and what its confidence
 * interval needs beyond them: the leverage of a ratio and the scale the interval is built on.
 *
 * @param value       the estimate
 * @param squares     Q, the sum of squared linearised values (in the estimate's units squared)
 * @param utterances  m, the number of utterances (sampling units) behind it
 * @param leverage    for a ratio A/B = sum_i a_i / sum_i b_i on a bounded scale, BB / B^2 =
 *                    sum_i w_i^2 with w_i = b_i / B the utterance's share of the denominator
 *                    (Kish's 1 / m_eff); 0 for an estimate on the {@link Scale#LINEAR} scale,
 *                    whose interval has no leverage correction
 * @param scale       the scale of the interval ({@link Scale})
 */
public record Estimate(double value, double squares, long utterances, double leverage, Scale scale) {

    /**
     * The linearised standard error: SE^2 = m/(m-1) * Q (for a ratio of sums
     * Q = sum_i (a_i - R b_i)^2 / (sum_i b_i)^2). Requires m >= 2.
     */
    public double standardError() {
        return Math.sqrt((double) utterances / (utterances - 1) * Math.max(0, squares));
    }

    /**
     * The standard error of docs/contract.md 2.1.1's interval: SE^2 = m/(m-1) * Q * (1 + 2 * leverage).
     * The linearised variance of a ratio is biased down in small samples. The HC3-type correction
     * (MacKinnon and White, "Some heteroskedasticity-consistent covariance matrix estimators with
     * improved finite sample properties", J. Econometrics 29:305-325, 1985) divides each residual
     * e_i = a_i - R b_i by 1 - w_i, w_i = b_i / B being the utterance's leverage in the ratio; to
     * first order sum_i e_i^2 (1 + 2 w_i), and with e_i^2 roughly proportional to b_i (counts of
     * binomial kind) sum_i e_i^2 w_i ~ sum_i e_i^2 * BB / B^2: the factor 1 + 2 BB / B^2 =
     * 1 + 2 / m_eff, from the summed moments alone. Requires m >= 2.
     */
    public double adjustedStandardError() {
        return Math.sqrt((double) utterances / (utterances - 1) * Math.max(0, squares) * (1 + 2 * leverage));
    }

    /** value +- z SE (the linearised standard error), unclipped, for a multiplier z chosen by the caller. */
    public Interval interval(double z) {
        double half = z * standardError();
        return new Interval(value - half, value + half);
    }

    /**
     * docs/contract.md 2.1.1's interval at the two-sided {@code level}: t times
     * {@link #adjustedStandardError()} on the estimate's {@link Scale}, t the Student quantile of
     * m - 1 degrees of freedom ({@link CriticalValue}). On the linear scale (leverage 0) this is
     * value +- t SE.
     */
    public Interval confidenceInterval(double level) {
        return scale.interval(value, adjustedStandardError(), CriticalValue.twoSided(level, utterances));
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
