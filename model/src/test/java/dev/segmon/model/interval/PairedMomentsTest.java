package dev.segmon.model.interval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.interval.PairedMoments.Component;
import org.junit.jupiter.api.Test;

class PairedMomentsTest {
    /**
     * Three utterances, candidate (hits, n_hyp) / baseline (hits, n_hyp) / n_ref:
     * u1 (2, 3) / (1, 3) / 4; u2 (0, 1) / (0, 2) / 2; u3 (4, 4) / (3, 4) / 4.
     */
    private static PairedMoments corpus() {
        return PairedMoments.of(BoundaryCounts.oneToOne(4, 3, 2), BoundaryCounts.oneToOne(4, 3, 1))
                .plus(PairedMoments.of(BoundaryCounts.oneToOne(2, 1, 0), BoundaryCounts.oneToOne(2, 2, 0)))
                .plus(PairedMoments.of(BoundaryCounts.oneToOne(4, 4, 4), BoundaryCounts.oneToOne(4, 4, 3)));
    }

    @Test
    void sums() {
        PairedMoments p = corpus();
        assertEquals(3, p.utterances());
        assertEquals(6, p.sum(Component.HC));
        assertEquals(4, p.sum(Component.HB));
        assertEquals(9, p.sum(Component.YB));
        assertEquals(2 * 1 + 0 + 4 * 3, p.product(Component.HC, Component.HB));
        assertEquals(p.product(Component.HB, Component.HC), p.product(Component.HC, Component.HB));
    }

    /**
     * Recall difference by hand: a_i = h_c - h_b = 1, 0, 1; b_i = r = 4, 2, 4; D = 2/10 = 0.2;
     * a_i - D b_i = 0.2, -0.4, 0.2; squares 0.04 + 0.16 + 0.04 = 0.24; SE^2 = 1.5 * 0.24 / 100 = 0.0036.
     */
    @Test
    void recallDifferenceByHand() {
        Estimate e = corpus().estimate(PairedMeasure.RECALL);
        assertEquals(0.2, e.value(), 1e-15);
        assertEquals(0.06, e.standardError(), 1e-15);
    }

    /**
     * Precision difference by hand: P_c = 6/8 = 0.75, P_b = 4/9. Linearised values
     * u_i = (h_c - 0.75 y_c)/8 - (h_b - (4/9) y_b)/9:
     * u1 = (2 - 2.25)/8 - (1 - 4/3)/9 = -1/32 + 1/27; u2 = (0 - 0.75)/8 - (0 - 8/9)/9 = -3/32 + 8/81;
     * u3 = (4 - 3)/8 - (3 - 16/9)/9 = 1/8 - 11/81.
     */
    @Test
    void precisionDifferenceByHand() {
        double u1 = -1.0 / 32 + 1.0 / 27;
        double u2 = -3.0 / 32 + 8.0 / 81;
        double u3 = 1.0 / 8 - 11.0 / 81;
        Estimate e = corpus().estimate(PairedMeasure.PRECISION);
        assertEquals(0.75 - 4.0 / 9, e.value(), 1e-15);
        assertEquals(Math.sqrt(1.5 * (u1 * u1 + u2 * u2 + u3 * u3)), e.standardError(), 1e-15);
    }

    @Test
    void aPairNeedsOneReference() {
        assertThrows(IllegalArgumentException.class,
                () -> PairedMoments.of(BoundaryCounts.oneToOne(4, 3, 2), BoundaryCounts.oneToOne(5, 3, 2)));
    }

    @Test
    void momentsRebuiltFromTheirDistinctProductsAreEqual() {
        // Candidate (hc 2, yc 3), baseline (hb 1, yb 4), r 5, and a second utterance (1, 1 | 0, 2 | 2).
        PairedMoments m = PairedMoments.of(BoundaryCounts.oneToOne(5, 3, 2),
                BoundaryCounts.oneToOne(5, 4, 1))
                .plus(PairedMoments.of(BoundaryCounts.oneToOne(2, 1, 1),
                        BoundaryCounts.oneToOne(2, 2, 0)));
        // hc_yb = 2*4 + 1*2 = 10 is the fourth distinct product; r_r = 25 + 4 = 29 the last.
        long[] products = m.distinctProducts();
        assertEquals(10, products[3]);
        assertEquals(29, products[14]);
        assertEquals(m, PairedMoments.of(2, new long[] {3, 4, 1, 6, 7}, products));
    }
}
