package dev.segmon.model.interval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.model.boundary.BoundaryCounts;
import org.junit.jupiter.api.Test;

class UtteranceMomentsTest {
    /** Three utterances (hits, n_hyp, n_ref): (2, 3, 4), (0, 1, 2), (4, 4, 4). */
    private static UtteranceMoments corpus() {
        return UtteranceMoments.of(BoundaryCounts.oneToOne(4, 3, 2))
                .plus(UtteranceMoments.of(BoundaryCounts.oneToOne(2, 1, 0)))
                .plus(UtteranceMoments.of(BoundaryCounts.oneToOne(4, 4, 4)));
    }

    @Test
    void sumsAddUpLikeCounts() {
        UtteranceMoments m = corpus();
        // h: 2+0+4; y: 3+1+4; r: 4+2+4; hh: 4+0+16; yy: 9+1+16; rr: 16+4+16; hy: 6+0+16; hr: 8+0+16; yr: 12+2+16
        assertEquals(new UtteranceMoments(3, 6, 8, 10, 20, 26, 36, 22, 24, 30), m);
        assertEquals(m, UtteranceMoments.ZERO.plus(m));
    }

    /**
     * Recall by hand: R = 6/10 = 0.6; a_i - R b_i = 2 - 2.4, 0 - 1.2, 4 - 2.4 = -0.4, -1.2, 1.6;
     * squares 0.16 + 1.44 + 2.56 = 4.16; SE^2 = 3/2 * 4.16 / 10^2 = 0.0624.
     */
    @Test
    void recallIntervalByHand() {
        Estimate e = corpus().estimate(Measure.RECALL);
        assertEquals(0.6, e.value(), 1e-15);
        assertEquals(Math.sqrt(0.0624), e.standardError(), 1e-15);
        Interval i = e.interval(1.959963984540054);
        assertEquals(0.6 - 1.959963984540054 * Math.sqrt(0.0624), i.lower(), 1e-15);
        assertEquals(0.6 + 1.959963984540054 * Math.sqrt(0.0624), i.upper(), 1e-15);
        // The leverage: BB / B^2 = rr / r^2 = 36 / 100.
        assertEquals(0.36, e.leverage(), 1e-15);
        assertEquals(Scale.LOGIT, e.scale());
    }

    /**
     * Precision by hand: P = 6/8 = 0.75; a_i - P b_i = 2 - 2.25, 0 - 0.75, 4 - 3 = -0.25, -0.75, 1;
     * squares 0.0625 + 0.5625 + 1 = 1.625; SE^2 = 1.5 * 1.625 / 64 = 0.0380859375.
     * F1 = 12/18 = 2/3; a_i - F b_i with a = 2h, b = y + r: 4 - 14/3, 0 - 2, 8 - 16/3 = -2/3, -2, 8/3;
     * squares 4/9 + 4 + 64/9 = 104/9; SE^2 = 1.5 * (104/9) / 324 = 52/972.
     * OS = 8/10 - 1 = -0.2; y_i - 0.8 r_i = -0.2, -0.6, 0.8; squares 0.04 + 0.36 + 0.64 = 1.04;
     * SE^2 = 1.5 * 1.04 / 100 = 0.0156.
     */
    @Test
    void otherMeasuresByHand() {
        UtteranceMoments m = corpus();
        assertEquals(Math.sqrt(0.0380859375), m.estimate(Measure.PRECISION).standardError(), 1e-15);
        assertEquals(2.0 / 3, m.estimate(Measure.F1).value(), 1e-15);
        assertEquals(Math.sqrt(52.0 / 972), m.estimate(Measure.F1).standardError(), 1e-15);
        assertEquals(-0.2, m.estimate(Measure.OVER_SEGMENTATION).value(), 1e-15);
        assertEquals(Math.sqrt(0.0156), m.estimate(Measure.OVER_SEGMENTATION).standardError(), 1e-15);
    }

    /**
     * The interval of docs/contract.md 2.1.1: Student t with m - 1 = 2 degrees of freedom,
     * t_{0.975, 2} = sqrt(2 / (0.05 * 1.95) - 2) = 4.302652729749464 (Abramowitz and Stegun
     * 26.7.4), times the standard error inflated by 1 + 2 BB/B^2, on the logit scale for recall
     * and on the log scale of y/r for over-segmentation.
     *
     * <p>Over-segmentation: y/r = 0.8, Q = 1.04 / 100 = 0.0104 (above), BB/B^2 = rr / r^2 = 36/100
     * = 0.36, so SE^2 = 3/2 * 0.0104 * (1 + 0.72) = 0.026832, SE = 0.163805; on the log scale
     * SE / 0.8 = 0.204756, half-width t * 0.204756 = 0.880994; interval 0.8 exp(-+0.880994) - 1
     * = 0.8 * 0.414371 - 1, 0.8 * 2.413297 - 1 = [-0.668503, 0.930637].
     *
     * <p>Recall: R = 0.6, Q = 4.16 / 100 = 0.0416, BB/B^2 = 0.36, SE^2 = 3/2 * 0.0416 * 1.72 =
     * 0.107328, SE = 0.327610; logit 0.6 = log 1.5 = 0.405465, SE on the logit scale
     * SE / (0.6 * 0.4) = 1.365040, half-width t * 1.365040 = 5.873292; interval logit^-1(0.405465
     * -+ 5.873292): exp(-5.467827) = 0.0042204, 0.0042204 / 1.0042204 = 0.0042027;
     * exp(-6.278757) = 0.0018757, 1 / 1.0018757 = 0.998128: [0.0042027, 0.998128], inside (0, 1)
     * where R -+ t SE would be [-0.81, 2.01].
     */
    @Test
    void confidenceIntervalInflatesTheStandardErrorAndUsesTheMeasuresScale() {
        Estimate os = corpus().estimate(Measure.OVER_SEGMENTATION);
        assertEquals(Math.sqrt(0.026832), os.adjustedStandardError(), 1e-15);
        Interval osInterval = corpus().confidenceInterval(Measure.OVER_SEGMENTATION, 0.95);
        assertEquals(-0.668503, osInterval.lower(), 5e-7);
        assertEquals(0.930637, osInterval.upper(), 5e-7);
        Interval recall = corpus().confidenceInterval(Measure.RECALL, 0.95);
        assertEquals(0.0042027, recall.lower(), 5e-8);
        assertEquals(0.998128, recall.upper(), 5e-7);
        assertNull(UtteranceMoments.of(1, 2, 3).confidenceInterval(Measure.RECALL, 0.95));
    }

    /**
     * Precision: P = 0.75, Q = 1.625 / 64 (above), BB/B^2 = yy / y^2 = 26/64 = 0.40625, SE^2 =
     * 3/2 * 0.025390625 * 1.8125 = 0.06903076171875, SE = 0.262737; logit 0.75 = log 3 = 1.098612,
     * half-width t * SE / (0.75 * 0.25) = 6.029154: exp(-4.930541) = 0.0072226, 0.0072226 /
     * 1.0072226 = 0.0071708; exp(-7.127766) = 0.00080251, 1 / 1.00080251 = 0.999198.
     * F1 = 2/3: Q = (104/9) / 324, BB/B^2 = (yy + 2 yr + rr) / (y + r)^2 = (26 + 60 + 36) / 324
     * = 122/324, SE^2 = 3/2 * 0.0356653 * 1.753086 = 0.0937865, SE = 0.306246; logit 2/3 = log 2
     * = 0.693147, half-width t * SE / (2/9) = 5.929513: exp(-5.236366) = 0.0053196, 0.0053196 /
     * 1.0053196 = 0.0052914; exp(-6.622660) = 0.0013299, 1 / 1.0013299 = 0.998672.
     */
    @Test
    void precisionAndF1IntervalsByHand() {
        Interval p = corpus().confidenceInterval(Measure.PRECISION, 0.95);
        assertEquals(0.0071708, p.lower(), 5e-8);
        assertEquals(0.999198, p.upper(), 5e-7);
        Interval f1 = corpus().confidenceInterval(Measure.F1, 0.95);
        assertEquals(0.0052914, f1.lower(), 5e-8);
        assertEquals(0.998672, f1.upper(), 5e-7);
    }

    /**
     * A proportion of 0 or 1, or residuals all 0, has SE = 0 and the interval [R, R] (for
     * over-segmentation R - 1): (h, y, r) = (2, 2, 3), (4, 4, 5): precision 6/6 = 1; recall
     * 6/8 with residuals 2 - 0.75 * 3 = -0.25 and 4 - 3.75 = 0.25, so a real interval; OS 6/8 - 1.
     * (0, 2, 2), (0, 3, 3): precision 0, recall 0, OS 0 with residuals y - r = 0.
     */
    @Test
    void aStandardErrorOfZeroGivesAPointInterval() {
        UtteranceMoments perfect = UtteranceMoments.of(2, 2, 3).plus(UtteranceMoments.of(4, 4, 5));
        assertEquals(new Interval(1, 1), perfect.confidenceInterval(Measure.PRECISION, 0.95));
        Interval recall = perfect.confidenceInterval(Measure.RECALL, 0.95);
        assertTrue(recall.lower() > 0 && recall.lower() < 0.75 && recall.upper() > 0.75 && recall.upper() < 1, recall.toString());
        UtteranceMoments none = UtteranceMoments.of(0, 2, 2).plus(UtteranceMoments.of(0, 3, 3));
        assertEquals(new Interval(0, 0), none.confidenceInterval(Measure.PRECISION, 0.95));
        assertEquals(new Interval(0, 0), none.confidenceInterval(Measure.RECALL, 0.95));
        assertEquals(new Interval(0, 0), none.confidenceInterval(Measure.F1, 0.95));
        assertEquals(new Interval(0, 0), none.confidenceInterval(Measure.OVER_SEGMENTATION, 0.95));
    }

    @Test
    void noIntervalForOneUtteranceOrAnEmptyDenominator() {
        assertNull(UtteranceMoments.of(1, 2, 3).estimate(Measure.RECALL));
        UtteranceMoments noHyp = UtteranceMoments.of(0, 0, 3).plus(UtteranceMoments.of(0, 0, 2));
        assertNull(noHyp.estimate(Measure.PRECISION));
        assertEquals(0.0, noHyp.estimate(Measure.RECALL).value());
    }
}
