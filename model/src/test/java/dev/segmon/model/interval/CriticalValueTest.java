package dev.segmon.model.interval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CriticalValueTest {
    /**
     * R 4.2.2: {@code options(digits = 17); qt(0.975, df)} for df = m - 1, and qt(0.995, df).
     * Closed forms for the first two (Abramowitz and Stegun 26.7.3-4): tan(0.475 pi) and
     * sqrt(2 / (0.05 * 1.95) - 2).
     */
    @Test
    void studentQuantileWithUtterancesMinusOneDegreesOfFreedomAsRsQt() {
        double[][] cases = {
            // utterances, level, R's qt((1 + level) / 2, utterances - 1)
            {2, 0.95, 12.7062047361746941}, {3, 0.95, 4.3026527297494619}, {4, 0.95, 3.1824463052837078},
            {10, 0.95, 2.2621571627982049}, {20, 0.95, 2.0930240544083092}, {21, 0.95, 2.0859634472658648},
            {40, 0.95, 2.0226909200367604}, {360, 0.95, 1.9665939377682298},
            {2, 0.99, 63.6567411628715263}, {40, 0.99, 2.7079131835176615}};
        for (double[] c : cases) {
            double t = CriticalValue.twoSided(c[1], (long) c[0]);
            assertEquals(c[2], t, 2e-14 * c[2], "m=" + c[0] + " level=" + c[1]);
        }
    }

    /** With many utterances t tends to the normal quantile: R's qt(0.975, 1e6) = 1.9599663568141066. */
    @Test
    void manyUtterancesApproachTheNormalQuantile() {
        assertEquals(1.9599663568141066, CriticalValue.twoSided(0.95, 1_000_001), 1e-12);
        assertTrue(CriticalValue.twoSided(0.95, 1_000_001) > CriticalValue.normal(0.95));
    }

    /**
     * The published two-sided normal quantiles: z_0.975 = 1.959963984540054 and z_0.995 =
     * 2.5758293035489 (to 13 places; e.g. Abramowitz and Stegun table 26.5: 1.959964, 2.575829).
     */
    @Test
    void normalQuantileIsThePublishedOne() {
        assertEquals(1.959963984540054, CriticalValue.normal(0.95), 1e-15);
        assertEquals(2.5758293035489, CriticalValue.normal(0.99), 1e-12);
        assertThrows(IllegalArgumentException.class, () -> CriticalValue.normal(1));
    }

    @Test
    void fewerThanTwoUtterancesHaveNoCriticalValueAndTheLevelIsChecked() {
        assertTrue(Double.isNaN(CriticalValue.twoSided(0.95, 1)));
        assertTrue(Double.isNaN(CriticalValue.twoSided(0.95, 0)));
        assertThrows(IllegalArgumentException.class, () -> CriticalValue.twoSided(1, 10));
        assertThrows(IllegalArgumentException.class, () -> CriticalValue.twoSided(0, 10));
    }
}
