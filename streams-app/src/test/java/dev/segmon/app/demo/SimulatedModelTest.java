package dev.segmon.app.demo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SimulatedModelTest {
    static final long[] REF = {0, 310_000, 610_000, 930_000, 1_060_000};

    @Test
    void errorFreeModelReturnsTheReference() {
        SimulatedModel exact = SimulatedModel.healthy("exact", 0, 0, 0);
        assertArrayEquals(REF, exact.hypothesize(REF, Duration.ZERO, new Random(1)));
    }

    @Test
    void certainDeletionLeavesNothing() {
        SimulatedModel deaf = SimulatedModel.healthy("deaf", 0.008, 1.0, 0);
        assertArrayEquals(new long[0], deaf.hypothesize(REF, Duration.ZERO, new Random(1)));
    }

    @Test
    void insertionRateRampsLinearlyAfterTheRegressionStarts() {
        SimulatedModel m = SimulatedModel.healthy("m", 0.008, 0.01, 0.01)
                .regressing(Duration.ofMinutes(2), Duration.ofMinutes(4), 0.41);
        assertEquals(0.01, m.insertionRate(Duration.ZERO), 1e-12);
        assertEquals(0.01, m.insertionRate(Duration.ofSeconds(119)), 1e-12);
        // Halfway through the ramp (2 min + 2 min): 0.01 + 0.5 * (0.41 - 0.01) = 0.21.
        assertEquals(0.21, m.insertionRate(Duration.ofMinutes(4)), 1e-12);
        assertEquals(0.41, m.insertionRate(Duration.ofMinutes(6)), 1e-12);
        assertEquals(0.41, m.insertionRate(Duration.ofHours(1)), 1e-12);
    }

    @Test
    void jitterOfEightMillisecondsKeepsAboutNinetyEightPercentWithinTwenty() {
        // P(|N(0, 8 ms)| <= 20 ms) = P(|Z| <= 2.5) = 0.9876 (standard normal table). Over 20 000
        // boundaries the sample fraction has sd sqrt(0.9876 * 0.0124 / 20000) = 0.0008.
        SimulatedModel m = SimulatedModel.healthy("m", 0.008, 0, 0);
        long[] spaced = new long[20_000];
        for (int i = 0; i < spaced.length; i++) {
            spaced[i] = 1_000_000L + i * 1_000_000L; // 1 s apart: a jittered boundary cannot swap with a neighbour
        }
        long[] hyp = m.hypothesize(spaced, Duration.ZERO, new Random(42));
        assertEquals(spaced.length, hyp.length);
        int within = 0;
        for (int i = 0; i < hyp.length; i++) {
            within += Math.abs(hyp[i] - spaced[i]) <= 20_000 ? 1 : 0;
        }
        double fraction = within / (double) hyp.length;
        assertTrue(Math.abs(fraction - 0.9876) < 0.004, "fraction within 20 ms: " + fraction);
    }

    @Test
    void aDriftMovesEveryBoundaryLateFromItsTimeOn() {
        SimulatedModel m = SimulatedModel.healthy("m", 0, 0, 0).driftingLate(Duration.ofMinutes(3), 0.015);
        assertArrayEquals(REF, m.hypothesize(REF, Duration.ofSeconds(179), new Random(1)));
        // 15 ms = 15,000 us on every boundary.
        assertArrayEquals(new long[] {15_000, 325_000, 625_000, 945_000, 1_075_000},
                m.hypothesize(REF, Duration.ofMinutes(3), new Random(1)));
    }

    @Test
    void aLanguageLossAppliesToThatLanguageFromItsTimeOn() {
        SimulatedModel m = SimulatedModel.healthy("m", 0, 0, 0).losing("de", Duration.ofMinutes(4), 1.0);
        assertArrayEquals(REF, m.hypothesize(REF, "de", Duration.ofSeconds(239), new Random(1)));
        assertArrayEquals(REF, m.hypothesize(REF, "en", Duration.ofMinutes(5), new Random(1)));
        assertArrayEquals(new long[0], m.hypothesize(REF, "de", Duration.ofMinutes(4), new Random(1)));
        assertEquals(0.0, m.deletion("de", Duration.ofSeconds(239)));
        assertEquals(1.0, m.deletion("de", Duration.ofMinutes(4)));
    }

    @Test
    void theDemosCanaryIsHealthysTwinWithBothFaults() {
        SimulatedModel healthy = SimulatedModel.healthy("healthy", 0.008, 0.01, 0.01);
        SimulatedModel canary = DemoCanary.of(healthy);
        assertEquals("canary", canary.name());
        // 0.01 + 0.07 = 0.08 on de from 4 min; 0.01 elsewhere and before.
        assertEquals(0.08, canary.deletion("de", Duration.ofMinutes(4)), 1e-12);
        assertEquals(0.01, canary.deletion("fr", Duration.ofMinutes(4)), 1e-12);
        assertEquals(0.01, canary.deletion("de", Duration.ofMinutes(3)), 1e-12);
        assertEquals(0.0, canary.lateBy(Duration.ofSeconds(179)));
        assertEquals(0.015, canary.lateBy(Duration.ofMinutes(3)));
    }

    @Test
    void poissonDrawsHaveTheirMean() {
        // Mean 3 over 10 000 draws: the sample mean has sd sqrt(3 / 10000) = 0.017.
        Random r = new Random(5);
        long total = 0;
        for (int i = 0; i < 10_000; i++) {
            total += SimulatedModel.poisson(3.0, r);
        }
        assertEquals(3.0, total / 10_000.0, 0.1);
        assertEquals(0, SimulatedModel.poisson(0, r));
    }
}
