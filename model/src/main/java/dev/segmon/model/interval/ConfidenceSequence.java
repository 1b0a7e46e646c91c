package dev.segmon.model.interval;

/**
 * A time-uniform (anytime-valid) bound on a linearised estimate: the Gaussian-mixture asymptotic
 * confidence sequence (AsympCS) for a mean of Waudby-Smith, Arbour, Sinha, Kennedy and Ramdas,
 * "Time-uniform central limit theory and asymptotic confidence sequences", Annals of Statistics
 * 52(6), 2024 (arXiv:2103.06476, v9), section 2: with sample mean mu_t of t i.i.d. observations
 * of finite variance and their empirical variance sigma_t^2,
 *
 * <pre>  mu_t +- sqrt( 2 (t sigma_t^2 rho^2 + 1) / (t^2 rho^2) * log( sqrt(t sigma_t^2 rho^2 + 1) / alpha ) )</pre>
 *
 * covers the mean at every t simultaneously with probability tending to at least 1 - alpha. It
 * is Robbins' two-sided normal-mixture boundary (mixing N(0, rho^2) over exp(lambda S - lambda^2
 * V / 2), Ville's inequality) applied to the Gaussian process that strongly approximates the
 * partial sums. The same margin and the same tuning of rho are what the authors' R code computes
 * (github.com/WannabeSmith/sequential.causal, R/asymptotic_confseq.R: std_conjmix_margin for the
 * margin at unit variance, best_rho2_approx for rho^2 = (2 log(1/alpha) + log(1 + 2 log(1/alpha)))
 * / t_opt); the derivation is in docs/intervals.md.
 *
 * <p>Here the observations are the utterances' linearised values z_i = m (g . x_i) (see
 * {@link Linearisation}), so t sigma_t^2 = V = sum_i z_i^2 = {@link Estimate#intrinsicTime()}
 * and t = m. rho > 0 is a constant fixed in advance; the bound is tightest near V = V* for
 * rho^2 = (-2 log alpha + log(-2 log alpha + 1)) / V*, see {@link #rhoFor}. The boundary is
 * two-sided at alpha; a one-sided alert that uses one side of it keeps level alpha (the one-sided
 * crossing is contained in the two-sided one).
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
