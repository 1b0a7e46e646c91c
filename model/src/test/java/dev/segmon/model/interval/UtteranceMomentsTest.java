package dev.segmon.model.interval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

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
        Interval i = Measure.RECALL.clip(e.interval(1.959963984540054));
        assertEquals(0.6 - 1.959963984540054 * Math.sqrt(0.0624), i.lower(), 1e-15);
        assertEquals(1.0, i.upper());
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
     * The interval of docs/contract.md 2.1.1 uses Student t with m - 1 = 2 degrees of freedom:
     * t_{0.975, 2} = sqrt(2 / (0.05 * 1.95) - 2) = 4.302652729749464 (Abramowitz and Stegun
     * 26.7.4). Over-segmentation (SE^2 = 0.0156, above): -0.2 +- 4.302652729749464 *
     * 0.12489995996796797 = -0.2 +- 0.5374011537017761; recall 0.6 +- 1.0748023074035522 clips
     * to [0, 1].
     */
    @Test
    void confidenceIntervalUsesTWithUtterancesMinusOneDegreesOfFreedom() {
        Interval os = corpus().confidenceInterval(Measure.OVER_SEGMENTATION, 0.95);
        assertEquals(-0.2 - 0.5374011537017761, os.lower(), 1e-14);
        assertEquals(-0.2 + 0.5374011537017761, os.upper(), 1e-14);
        assertEquals(new Interval(0, 1), corpus().confidenceInterval(Measure.RECALL, 0.95));
        assertNull(UtteranceMoments.of(1, 2, 3).confidenceInterval(Measure.RECALL, 0.95));
    }

    @Test
    void noIntervalForOneUtteranceOrAnEmptyDenominator() {
        assertNull(UtteranceMoments.of(1, 2, 3).estimate(Measure.RECALL));
        UtteranceMoments noHyp = UtteranceMoments.of(0, 0, 3).plus(UtteranceMoments.of(0, 0, 2));
        assertNull(noHyp.estimate(Measure.PRECISION));
        assertEquals(0.0, noHyp.estimate(Measure.RECALL).value());
    }
}
