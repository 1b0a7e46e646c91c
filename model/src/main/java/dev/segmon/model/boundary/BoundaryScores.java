package dev.segmon.model.boundary;

import dev.segmon.model.Ratio;

/**
 * Every boundary ratio, derived from {@link BoundaryCounts} in this one place. A ratio whose
 * denominator is zero is {@code null} (docs/contract.md 2).
 *
 * <p>Formulas (docs/contract.md 2.1; sources and a worked example in docs/boundaries.md):
 * <ul>
 * <li>precision P = hypothesisHits / N_hyp; recall R = hit rate HR = referenceHits / N_ref;</li>
 * <li>F1 = 2 hits / (N_hyp + N_ref) for one-to-one counts, which equals 2PR/(P+R) where both
 *     are defined and stays defined (0) when one side is empty; for many-to-one counts
 *     F1 = 2PR/(P+R), 0 when one side is empty or P + R = 0, null when both sides are empty;</li>
 * <li>over-segmentation OS = N_hyp / N_ref - 1 (Petek et al. 1996; UnsupSeg's recall/precision - 1
 *     is only right under one-to-one counting, so it is not used);</li>
 * <li>R-value (Räsänen, Laine and Altosaar 2009, "An improved speech segmentation quality
 *     measure: the R-value", Interspeech): with HR and OS in percent,
 *     r1 = sqrt((100 - HR)^2 + OS^2), r2 = (-OS + HR - 100) / sqrt(2),
 *     R = 1 - (|r1| + |r2|) / 200; null only when N_ref = 0.</li>
 * </ul>
 */
public record BoundaryScores(BoundaryCounts counts) {

    public Double precision() {
        return Ratio.of(counts.hypothesisHits(), counts.hypothesis());
    }

    public Double recall() {
        return Ratio.of(counts.referenceHits(), counts.reference());
    }

    /** Hit rate, the R-value paper's name for recall. */
    public Double hitRate() {
        return recall();
    }

    public Double f1() {
        if (counts.isOneToOne()) {
            return Ratio.of(2 * counts.hits(), counts.hypothesis() + counts.reference());
        }
        if (counts.hypothesis() + counts.reference() == 0) {
            return null;
        }
        Double p = precision();
        Double r = recall();
        if (p == null || r == null || p + r == 0) {
            return 0.0;
        }
        return 2 * p * r / (p + r);
    }

    public Double overSegmentation() {
        return Ratio.of(counts.hypothesis() - counts.reference(), counts.reference());
    }

    public Double rValue() {
        Double hr = hitRate();
        Double os = overSegmentation();
        if (hr == null || os == null) {
            return null;
        }
        return rValue(100 * hr, 100 * os);
    }

    /** The R-value formula on percent-scale hit rate and over-segmentation. */
    static double rValue(double hitRatePercent, double overSegmentationPercent) {
        double r1 = Math.sqrt((100 - hitRatePercent) * (100 - hitRatePercent)
                + overSegmentationPercent * overSegmentationPercent);
        double r2 = (-overSegmentationPercent + hitRatePercent - 100) / Math.sqrt(2);
        return 1 - (Math.abs(r1) + Math.abs(r2)) / 200;
    }
}
