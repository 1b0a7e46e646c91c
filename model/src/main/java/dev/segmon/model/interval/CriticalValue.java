package dev.segmon.model.interval;

import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The critical value of docs/contract.md 2.1.1's intervals: the two-sided Student t quantile
 * t_{(1 + level)/2, m - 1}, with m - 1 degrees of freedom for m utterances.
 *
 * <p>Why t: the standard error is estimated from the m utterances (the clusters), so the
 * studentised ratio is referred to t with m - 1 degrees of freedom, not to the normal; this is
 * what R's survey package does for a design with m clusters and one stratum,
 * {@code confint(svyratio(...), df = degf(design))}, where {@code degf} is "the number of PSUs
 * minus the number of strata" (survey's documentation of {@code degf}; the usual design degrees
 * of freedom of Korn and Graubard, "Analysis of Health Surveys", Wiley 1999). With few utterances the normal
 * quantile is far too small: 1.96 against t_{0.975, 1} = 12.706 for two utterances,
 * t_{0.975, 19} = 2.093 for twenty; from a few hundred utterances on they agree to 1e-3.
 *
 * <p>The quantile is Apache Commons Statistics' {@link TDistribution}, which agrees with R's
 * {@code qt} to about 1e-15 (the tests hold it to R's values). The Prometheus rules compute the
 * same quantile in closed form (docs/intervals.md, "Recording rules": exact for m up to 20, the
 * Cornish-Fisher expansion with a relative error below 1.3e-7 beyond).
 */
public final class CriticalValue {
    private static final NormalDistribution STANDARD_NORMAL = NormalDistribution.of(0, 1);

    private CriticalValue() {
    }

    /** The standard normal's two-sided quantile z_{(1 + level)/2}, the limit of {@link #twoSided} as utterances grow. */
    public static double normal(double level) {
        checkLevel(level);
        return STANDARD_NORMAL.inverseCumulativeProbability(0.5 + level / 2);
    }

    /**
     * t with m - 1 degrees of freedom at the two-sided {@code level}; NaN for m &lt; 2 (no
     * interval: docs/contract.md 2.1.1 says null).
     */
    public static double twoSided(double level, long utterances) {
        checkLevel(level);
        if (utterances < 2) {
            return Double.NaN;
        }
        return TDistribution.of(utterances - 1).inverseSurvivalProbability((1 - level) / 2);
    }

    private static void checkLevel(double level) {
        if (!(level > 0 && level < 1)) {
            throw new IllegalArgumentException("confidence level must be in (0, 1), not " + level);
        }
    }
}
