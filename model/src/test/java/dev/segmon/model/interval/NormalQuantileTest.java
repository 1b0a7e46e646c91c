package dev.segmon.model.interval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class NormalQuantileTest {

    /** Values printed by R 4 (qnorm, the same AS 241) with sprintf("%.17g"). */
    @Test
    void matchesRsQnorm() {
        double[][] pz = {
            {0.975, 1.9599639845400536}, {0.995, 2.5758293035488999}, {0.5, 0}, {0.025, -1.9599639845400538},
            {0.9, 1.2815515655446008}, {1e-10, -6.3613409024040557}, {1 - 1e-6, 4.7534243088170891},
            {1e-300, -37.047096299361201}, {0.3, -0.52440051270804067}};
        for (double[] c : pz) {
            assertEquals(c[1], NormalQuantile.of(c[0]), 1e-15 * Math.max(1, Math.abs(c[1])), "p=" + c[0]);
        }
    }

    /** The textbook 95 % and 99 % two-sided quantiles (e.g. Abramowitz & Stegun table 26.5: 1.959964, 2.575829). */
    @Test
    void twoSidedLevels() {
        assertEquals(1.959964, NormalQuantile.twoSided(0.95), 5e-7);
        assertEquals(2.575829, NormalQuantile.twoSided(0.99), 5e-7);
    }

    @Test
    void edgesAndBadInput() {
        assertEquals(Double.NEGATIVE_INFINITY, NormalQuantile.of(0));
        assertEquals(Double.POSITIVE_INFINITY, NormalQuantile.of(1));
        assertThrows(IllegalArgumentException.class, () -> NormalQuantile.of(1.5));
        assertThrows(IllegalArgumentException.class, () -> NormalQuantile.twoSided(1));
    }
}
