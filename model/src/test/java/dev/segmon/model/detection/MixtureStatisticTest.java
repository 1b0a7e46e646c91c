package dev.segmon.model.detection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class MixtureStatisticTest {
    private static final double NO_CAP = Double.POSITIVE_INFINITY;

    @Test
    void oneShiftFollowsTheShiryaevRobertsRecursionByHand() {
        MixtureStatistic m = new MixtureStatistic(new ShiftGrid(new double[] {-1}));
        // z = -1: lambda = s z - s^2/2 = 1 - 0.5 = 0.5; R_1 = (1 + 0) e^0.5, ln R_1 = 0.5.
        m.update(-1, -0.1, 0, 1000, NO_CAP, true);
        assertEquals(0.5, m.logStatistic(), 1e-15);
        // The CUSUM max(0, 0 + 0.5) opened an excursion at t = 1000 whose mean u is -0.1.
        assertEquals(1000L, m.since());
        assertEquals(-0.1, m.estimate(), 1e-15);
        // z = 0.5: lambda = -0.5 - 0.5 = -1; R_2 = (1 + e^0.5) e^-1 = 0.9744..., ln = -0.025923015819893307.
        m.update(0.5, 0.05, 0, 2000, NO_CAP, true);
        assertEquals(-0.025923015819893307, m.logStatistic(), 1e-14);
        // The CUSUM fell to max(0, 0.5 - 1) = 0: no change being measured.
        assertNull(m.since());
        assertEquals(0, m.estimate());
    }

    @Test
    void theMixtureWeighsItsShiftsEqually() {
        MixtureStatistic m = new MixtureStatistic(new ShiftGrid(new double[] {-0.5, -1}));
        // z = -1: lambda = 0.5 - 0.125 = 0.375 and 0.5; ln(e^0.375/2 + e^0.5/2) = 0.43945185475722376.
        m.update(-1, 0, 0, 0, NO_CAP, true);
        assertEquals(0.43945185475722376, m.logStatistic(), 1e-14);
        assertEquals(1, m.leading(), "the shift of -1 leads");
    }

    @Test
    void aCapStopsTheClimb() {
        MixtureStatistic m = new MixtureStatistic(new ShiftGrid(new double[] {-1}));
        for (int i = 0; i < 10; i++) {
            m.update(-3, -0.3, 0, i, 4.0, true); // lambda = 2.5 each
        }
        assertEquals(4.0, m.logStatistic(), 1e-15);
    }

    @Test
    void theStateSurvivesItsBytes() throws Exception {
        MixtureStatistic m = new MixtureStatistic(ShiftGrid.geometric(Direction.EITHER, 0.1, 0.4, 2), 0.2);
        for (int i = 0; i < 50; i++) {
            m.update(Math.sin(i), Math.cos(i), 0.01, i * 10L, 20, i % 7 != 0);
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        m.write(new DataOutputStream(bytes));
        MixtureStatistic back = MixtureStatistic.read(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
        m.update(-2, -0.2, 0.01, 1000, 20, true);
        back.update(-2, -0.2, 0.01, 1000, 20, true);
        assertEquals(m.logStatistic(), back.logStatistic(), 0);
        assertEquals(m.estimate(), back.estimate(), 0);
        assertEquals(m.since(), back.since());
    }

    @Test
    void aGeometricGridHasItsEndsAndDirections() {
        ShiftGrid down = ShiftGrid.geometric(Direction.DOWN, 0.05, 0.4, 2);
        assertEquals(4, down.size()); // 0.05, 0.1, 0.2, 0.4
        assertEquals(-0.4, down.shift(3), 1e-15);
        ShiftGrid either = ShiftGrid.geometric(Direction.EITHER, 0.05, 0.4, 2);
        assertEquals(8, either.size());
        assertEquals(0.05, either.shift(1), 1e-15);
        assertEquals(Math.log(1.0 / 8), either.logWeight(), 1e-15);
    }

    @Test
    void aDetectorLearnsThenSetsItsThresholdFromTheRateItSaw() {
        DetectorSettings s = DetectorSettings.DEFAULTS.withLearnUtterances(4).withFalseAlarmPeriod(Duration.ofDays(1));
        MeasureDetector d = new MeasureDetector(Direction.DOWN, false, s);
        double[][] x = {{9, 10}, {8, 10}, {10, 10}, {9, 10}};
        for (int i = 0; i < 4; i++) {
            assertTrue(d.learning());
            d.observe(x[i], i * 1000L);
        }
        assertFalse(d.learning());
        // 4 utterances over 3 s; A = 2 (the factor over the bound) x 86 400 000 ms x 4/3000 per ms:
        // ln A = ln 230 400 = 12.347572207803873.
        assertEquals(12.347572207803873, d.logThreshold(), 1e-12);
        // The baseline is the learning period's recall, 36/40: an utterance at 0.9 moves nothing.
        assertEquals(0, d.baseline(), 1e-15);
    }
}
