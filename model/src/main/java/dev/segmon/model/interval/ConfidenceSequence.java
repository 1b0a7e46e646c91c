package dev.segmon.model.interval;

/**
 * A time-uniform (anytime-valid) bound on a linearised estimate: the asymptotic confidence
 * sequence with the normal-mixture boundary of Waudby-Smith, Arbour, Sinha, Kennedy and Ramdas,
 * "Time-uniform central limit theory and asymptotic confidence sequences", Annals of Statistics
 * 52(6), 2024 (arXiv:2103.06476), section 2: with sample mean mu_t of t observations and
 * variance estimate sigma_t^2,
 *
 * <pre>  mu_t +- sqrt( 2 (t sigma_t^2 rho^2 + 1) / (t^2 rho^2) * log( sqrt(t sigma_t^2 rho^2 + 1) / alpha ) )</pre>
 *
 * covers the mean at every t simultaneously with probability tending to at least 1 - alpha
 * (Robbins' normal mixture applied to the Gaussian process that strongly approximates the
 * partial sums). Here the observations are the utterances' linearised values
 * z_i = m (g . x_i) (see {@link Linearisation}), so t sigma_t^2 = V = sum_i z_i^2 =
 * {@link Estimate#intrinsicTime()} and t = m. rho > 0 is a free constant fixed in advance; the
 * bound is tightest near V = V* for rho^2 = (-2 log alpha + log(-2 log alpha + 1)) / V*
 * (the paper's tuning of rho for a target sample size), see {@link #rhoFor}.
 */
public final class ConfidenceSequence {
    private ConfidenceSequence() {
    }

    /** The half-width of the boundary at intrinsic time V after t observations. */
    public static double halfWidth(double intrinsicTime, long t, double rho, double alpha) {
        double v = intrinsicTime * rho * rho + 1;
        return Math.sqrt(2 * v / ((double) t * t * rho * rho) * Math.log(Math.sqrt(v) / alpha));
    }

    /** The half-width for an estimate (null-free: the estimate exists). */
    public static double halfWidth(Estimate e, double rho, double alpha) {
        return halfWidth(e.intrinsicTime(), e.utterances(), rho, alpha);
    }

    /** The rho that makes the boundary tightest near intrinsic time {@code target}. */
    public static double rhoFor(double target, double alpha) {
        double l = -2 * Math.log(alpha);
        return Math.sqrt((l + Math.log(l + 1)) / target);
    }
}
