package dev.segmon.model.estimate;

import dev.segmon.model.interval.Estimate;
import dev.segmon.model.interval.Interval;

/**
 * The over-segmentation estimated before references arrive (docs/contract.md 3.2):
 *
 * <pre>  OS_est = sum n_hyp / (rho * sum duration) - 1 = A / rho - 1,</pre>
 *
 * A = the model's hypothesis boundaries per second of audio, rho = the tier's reference boundaries
 * per second of audio over the utterances whose reference and duration are both known. Where the
 * reference boundary rate of a language and tier is stable, A / rho estimates n_hyp / n_ref.
 *
 * <p>The interval treats A and rho as two ratio estimators with the utterance as the unit
 * ({@link RateMoments#rateEstimate}), independent of each other (A comes from the window's
 * hypotheses, rho from the referenced utterances, mostly others), so by the delta method
 * Var(A / rho) = Var(A) / rho^2 + A^2 Var(rho) / rho^4. A window of one utterance, or rho from one
 * utterance, has the value but no interval.
 *
 * @param value       A / rho - 1
 * @param interval    the interval at the z it was computed with, clipped to [-1, inf); null when
 *                    either side has fewer than 2 utterances
 */
public record EstimatedOverSegmentation(double value, Interval interval) {

    /** 1.96: the 95 % two-sided normal quantile, as the live intervals use. */
    public static final double Z95 = 1.959963984540054;

    /** The estimate for a model's window {@code hypothesis} given the tier's {@code reference}; null until rho is known (> 0). */
    public static EstimatedOverSegmentation of(RateMoments hypothesis, RateMoments reference, double z) {
        Double rho = reference.rate();
        Double a = hypothesis.rate();
        if (rho == null || a == null || rho == 0) {
            return null;
        }
        double value = a / rho - 1;
        Estimate ea = hypothesis.rateEstimate();
        Estimate er = reference.rateEstimate();
        if (ea == null || er == null) {
            return new EstimatedOverSegmentation(value, null);
        }
        double sa = ea.standardError();
        double sr = er.standardError();
        double se = Math.sqrt(sa * sa / (rho * rho) + a * a * sr * sr / (rho * rho * rho * rho));
        return new EstimatedOverSegmentation(value, new Interval(value - z * se, value + z * se).clip(-1, Double.POSITIVE_INFINITY));
    }
}
