package dev.segmon.model.estimate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class EstimatedOverSegmentationTest {
    /** A model's window: (n_hyp, duration) = (10, 5 s), (4, 4 s), (6, 1 s). */
    private static RateMoments hypothesis() {
        return RateMoments.of(10, 5).plus(RateMoments.of(4, 4)).plus(RateMoments.of(6, 1));
    }

    /** The tier's referenced utterances: (n_ref, duration) = (6, 4 s), (4, 4 s). */
    private static RateMoments reference() {
        return RateMoments.of(6, 4).plus(RateMoments.of(4, 4));
    }

    @Test
    void sumsAddUp() {
        // n: 20, d: 10, n^2: 100+16+36, d^2: 25+16+1, n d: 50+16+6
        assertEquals(new RateMoments(3, 20, 10, 152, 42, 72), hypothesis());
        assertEquals(RateMoments.of(4, 4), hypothesis().minus(RateMoments.of(10, 5).plus(RateMoments.of(6, 1))));
    }

    /**
     * By hand: A = 20/10 = 2, rho = 10/8 = 1.25, OS_est = 2/1.25 - 1 = 0.6.
     * A's residuals n_i - 2 d_i = 0, -4, 4: Q = 32/10^2 = 0.32, SE_A^2 = 3/2 * 0.32 = 0.48.
     * rho's residuals r_i - 1.25 d_i = 1, -1: Q = 2/8^2 = 0.03125, SE_rho^2 = 2/1 * 0.03125 = 0.0625.
     * Var = 0.48/1.25^2 + 2^2 * 0.0625/1.25^4 = 0.3072 + 0.1024 = 0.4096, SE = 0.64.
     */
    @Test
    void estimateAndIntervalByHand() {
        EstimatedOverSegmentation e = EstimatedOverSegmentation.of(hypothesis(), reference(), 1.96);
        assertEquals(0.6, e.value(), 1e-12);
        assertEquals(0.6 - 1.96 * 0.64, e.interval().lower(), 1e-12);
        assertEquals(0.6 + 1.96 * 0.64, e.interval().upper(), 1e-12);
        assertEquals(1.25, reference().rate(), 0);
    }

    @Test
    void absentUntilRhoIsKnownAndNoIntervalFromOneUtterance() {
        assertNull(EstimatedOverSegmentation.of(hypothesis(), RateMoments.ZERO, 1.96));
        assertNull(EstimatedOverSegmentation.of(RateMoments.ZERO, reference(), 1.96));
        // one referenced utterance: 12 boundaries in 8 s, rho = 1.5; A = 2: OS_est = 2/1.5 - 1 = 1/3
        EstimatedOverSegmentation one = EstimatedOverSegmentation.of(hypothesis(), RateMoments.of(12, 8), 1.96);
        assertEquals(1.0 / 3, one.value(), 1e-12);
        assertNull(one.interval());
    }

    /** 15 hypothesis boundaries against 9.6 expected and 12 found: 15/9.6 - 1 = 0.5625, 15/12 - 1 = 0.25. */
    @Test
    void backtestRatiosByHand() {
        Backtest b = new Backtest(1, 10, 6.4, 8).plus(new Backtest(1, 5, 3.2, 4));
        assertEquals(0.5625, b.estimated(), 1e-12);
        assertEquals(0.25, b.realised(), 1e-12);
        assertNull(Backtest.ZERO.estimated());
        assertNull(Backtest.ZERO.realised());
    }
}
