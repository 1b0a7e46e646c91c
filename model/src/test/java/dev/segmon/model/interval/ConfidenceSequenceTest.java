package dev.segmon.model.interval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ConfidenceSequenceTest {

    /**
     * By hand: V = 100, t = 50, rho = 0.1, alpha = 0.05: V rho^2 + 1 = 2;
     * half-width^2 = 2 * 2 / (2500 * 0.01) * log(sqrt(2) / 0.05) = 0.16 * log(28.2842712...)
     * = 0.16 * 3.3423960... (log(20 sqrt 2) = log 20 + log 2 / 2 = 2.9957323 + 0.3465736).
     */
    @Test
    void boundaryByHand() {
        double expected = Math.sqrt(0.16 * (Math.log(20) + Math.log(2) / 2));
        assertEquals(expected, ConfidenceSequence.halfWidth(100, 50, 0.1, 0.05), 1e-15);
    }

    /** rho tuned for V* makes the boundary there narrower than rho tuned far away. */
    @Test
    void tunedRhoIsTightestNearItsTarget() {
        double alpha = 0.01;
        double tuned = ConfidenceSequence.halfWidth(400, 1000, ConfidenceSequence.rhoFor(400, alpha), alpha);
        assertTrue(tuned < ConfidenceSequence.halfWidth(400, 1000, ConfidenceSequence.rhoFor(40, alpha), alpha));
        assertTrue(tuned < ConfidenceSequence.halfWidth(400, 1000, ConfidenceSequence.rhoFor(4000, alpha), alpha));
        // and it is wider than the fixed-time interval at the same level (the price of peeking)
        double fixed = CriticalValue.normal(1 - alpha) * Math.sqrt(400) / 1000;
        assertTrue(tuned > fixed);
    }
}
