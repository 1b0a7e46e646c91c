package dev.segmon.model.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/**
 * The ratios derived from counts. Expected values are worked by hand from the formulas of
 * docs/contract.md 2.1 and Räsänen, Laine and Altosaar (2009), the arithmetic in the comments.
 */
class BoundaryScoresTest {
    private static final double EPS = 1e-12;

    @Test
    void workedExampleOfTheMetricAnchors() {
        // Worked example of docs/boundaries.md "Formulas": ref {0.50, 1.00}, hyp {0.49, 0.51, 1.30}, tolerance 0.02,
        // one-to-one: hits 1, P 1/3, R 0.5, OS 0.5, R-value 0.2929.
        BoundaryCounts c = Matching.ONE_TO_ONE.count(new long[] {500_000, 1_000_000},
                new long[] {490_000, 510_000, 1_300_000}, 20_000);
        assertEquals(BoundaryCounts.oneToOne(2, 3, 1), c);
        BoundaryScores s = c.scores();
        assertEquals(1.0 / 3, s.precision(), EPS);
        assertEquals(0.5, s.recall(), EPS);
        assertEquals(0.5, s.hitRate(), EPS);
        assertEquals(0.5, s.overSegmentation(), EPS); // 3/2 - 1
        // F1 = 2*1/(3+2) = 0.4
        assertEquals(0.4, s.f1(), EPS);
        // HR = 50, OS = 50: r1 = sqrt(50^2 + 50^2) = 70.7107, r2 = (-50 + 50 - 100)/sqrt(2) = -70.7107,
        // R = 1 - (70.7107 + 70.7107)/200 = 1 - 1/sqrt(2) = 0.29289
        assertEquals(1 - 1 / Math.sqrt(2), s.rValue(), EPS);
        assertEquals(0.2929, s.rValue(), 5e-5);
    }

    @Test
    void perfectSegmentationHasRValueOne() {
        // HR = 100, OS = 0: r1 = 0, r2 = (0 + 100 - 100)/sqrt(2) = 0, R = 1.
        BoundaryScores s = BoundaryCounts.oneToOne(7, 7, 7).scores();
        assertEquals(1.0, s.rValue(), EPS);
        assertEquals(1.0, s.f1(), EPS);
        assertEquals(0.0, s.overSegmentation(), EPS);
    }

    @Test
    void rValueOfAnUnderSegmentation() {
        // n_ref 10, n_hyp 5, hits 4: HR = 40, OS = (5/10 - 1)*100 = -50.
        // r1 = sqrt(60^2 + 50^2) = sqrt(6100) = 78.10250; r2 = (50 + 40 - 100)/sqrt(2) = -7.07107;
        // R = 1 - (78.10250 + 7.07107)/200 = 1 - 85.17357/200 = 0.574132
        BoundaryScores s = BoundaryCounts.oneToOne(10, 5, 4).scores();
        assertEquals(1 - (Math.sqrt(6100) + 10 / Math.sqrt(2)) / 200, s.rValue(), EPS);
        assertEquals(0.574132, s.rValue(), 1e-6);
    }

    @Test
    void emptyHypothesisGivesRValueOfThePaperAndNoPrecision() {
        // n_ref 2, n_hyp 0: P = 0/0 -> null; R = 0/2 = 0; F1 = 0/(0+2) = 0; OS = 0/2 - 1 = -1.
        // HR = 0, OS = -100: r1 = sqrt(100^2 + 100^2) = 141.421, r2 = (100 + 0 - 100)/sqrt(2) = 0,
        // R = 1 - 141.421/200 = 0.29289 (docs/contract.md 2.1: "an empty hypothesis gives 0.2929").
        BoundaryScores s = Matching.ONE_TO_ONE.count(new long[] {500_000, 1_000_000}, new long[0], 20_000).scores();
        assertNull(s.precision());
        assertEquals(0.0, s.recall(), EPS);
        assertEquals(0.0, s.f1(), EPS);
        assertEquals(-1.0, s.overSegmentation(), EPS);
        assertEquals(1 - Math.sqrt(2) / 2, s.rValue(), EPS);
        assertEquals(0.2929, s.rValue(), 5e-5);
    }

    @Test
    void emptyReferenceLeavesRecallOsAndRValueUndefined() {
        // n_ref 0, n_hyp 3: R, HR, OS, R-value have denominator n_ref = 0 -> null;
        // P = 0/3 = 0; F1 = 2*0/(3+0) = 0.
        BoundaryScores s = Matching.ONE_TO_ONE.count(new long[0], new long[] {1, 2, 3}, 20_000).scores();
        assertNull(s.recall());
        assertNull(s.hitRate());
        assertNull(s.overSegmentation());
        assertNull(s.rValue());
        assertEquals(0.0, s.precision(), EPS);
        assertEquals(0.0, s.f1(), EPS);
    }

    @Test
    void bothSidesEmptyLeaveEveryRatioUndefined() {
        // Every denominator (n_hyp, n_ref, n_hyp + n_ref) is 0.
        for (Matching m : Matching.values()) {
            BoundaryScores s = m.count(new long[0], new long[0], 20_000).scores();
            assertNull(s.precision(), m.name());
            assertNull(s.recall(), m.name());
            assertNull(s.f1(), m.name());
            assertNull(s.overSegmentation(), m.name());
            assertNull(s.rValue(), m.name());
        }
    }

    @Test
    void manyToOneEmptySidesFollowTheSameRules() {
        // Empty hypothesis: P null, R 0, F1 0 (one side empty), R-value 0.2929 as above.
        BoundaryScores noHyp = Matching.MANY_TO_ONE.count(new long[] {1, 2}, new long[0], 0).scores();
        assertNull(noHyp.precision());
        assertEquals(0.0, noHyp.recall(), EPS);
        assertEquals(0.0, noHyp.f1(), EPS);
        assertEquals(1 - Math.sqrt(2) / 2, noHyp.rValue(), EPS);
        // Empty reference: R, OS, R-value null, P 0, F1 0.
        BoundaryScores noRef = Matching.MANY_TO_ONE.count(new long[0], new long[] {1, 2}, 0).scores();
        assertNull(noRef.recall());
        assertNull(noRef.rValue());
        assertEquals(0.0, noRef.precision(), EPS);
        assertEquals(0.0, noRef.f1(), EPS);
    }

    @Test
    void oneToOneF1FormulaEqualsHarmonicMeanOfPrecisionAndRecall() {
        // 2PR/(P+R) with P = h/n_hyp, R = h/n_ref: 2 h^2/(n_hyp n_ref) / (h (n_ref + n_hyp)/(n_hyp n_ref))
        // = 2h/(n_hyp + n_ref), whenever h > 0. Checked over a grid of counts.
        for (int nRef = 1; nRef <= 30; nRef++) {
            for (int nHyp = 1; nHyp <= 30; nHyp++) {
                for (int h = 1; h <= Math.min(nRef, nHyp); h++) {
                    BoundaryScores s = BoundaryCounts.oneToOne(nRef, nHyp, h).scores();
                    double p = s.precision();
                    double r = s.recall();
                    assertEquals(2 * p * r / (p + r), s.f1(), 1e-12, nRef + "/" + nHyp + "/" + h);
                    assertEquals(2.0 * h / (nHyp + nRef), s.f1(), 1e-15);
                }
            }
        }
        // h = 0: P = R = 0, 2PR/(P+R) is 0/0, while 2h/(n_hyp+n_ref) = 0: F1 is 0, the limit.
        assertEquals(0.0, BoundaryCounts.oneToOne(4, 5, 0).scores().f1(), EPS);
    }

    @Test
    void manyToOneF1IsHarmonicMeanOfItsOwnPrecisionAndRecall() {
        // n_ref 2, n_hyp 3, hits_hyp 2, hits_ref 1: P = 2/3, R = 1/2,
        // F1 = 2 * (2/3)(1/2) / (2/3 + 1/2) = (2/3) / (7/6) = 4/7.
        BoundaryScores s = new BoundaryCounts(2, 3, 1, 2).scores();
        assertEquals(2.0 / 3, s.precision(), EPS);
        assertEquals(0.5, s.recall(), EPS);
        assertEquals(4.0 / 7, s.f1(), EPS);
        // OS uses the counts, not recall/precision - 1 (UnsupSeg's, 0.5/0.667 - 1 = -0.25): 3/2 - 1 = 0.5.
        assertEquals(0.5, s.overSegmentation(), EPS);
    }
}
