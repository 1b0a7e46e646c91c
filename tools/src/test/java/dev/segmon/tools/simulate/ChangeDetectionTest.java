package dev.segmon.tools.simulate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.model.detection.DetectedMeasure;
import dev.segmon.model.detection.DetectorSettings;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ChangeDetectionTest {

    @Test
    void theCusumThresholdSolvesSiegmundsApproximation() {
        // Worked separately (bisection in Python on (e^b - b - 1)/(delta^2/2) = ARL0): for
        // delta = 0.2 and ARL0 = 100 000, b = 7.6051958277465666 and h = b - 2 * 0.583 * 0.2.
        assertEquals(7.3719958277465665, CusumFloor.threshold(0.2, 100_000), 1e-9);
    }

    @Test
    void theDetectorStaysWithinHalfAgainTheFloorOnAFivePointPairedDrop() {
        // A modest seeded run of one of simulate detection's cases: the comparison's F1 drops 5
        // points at 2 reference boundaries/s. Siegmund's mean delay of the floor for the shift the
        // run measures, (e^-b + b - 1)/(delta^2/2) utterances at 6 a minute, is an independent
        // check that the floor is the CUSUM it says it is: its median lies below that mean (a
        // delay's distribution is skewed right) and not far below.
        ChangeDetection sim = new ChangeDetection(new StreamModel(4, 1), DetectorSettings.DEFAULTS);
        ChangeDetection.Case c = new ChangeDetection.Case("paired F1 -5 pts @2/s", true, DetectedMeasure.F1, 0.05, 0, 2, 0);
        ChangeDetection.Delays d = sim.delays(c, 60, 24, new SplittableRandom(7));
        double delta = Math.abs(d.shift());
        double b = d.floorThreshold() + 2 * CusumFloor.RHO * delta;
        double meanMinutes = (Math.exp(-b) + b - 1) / (delta * delta / 2) / 6;
        assertTrue(d.floorMedian() <= meanMinutes * 1.05 && d.floorMedian() >= meanMinutes * 0.6,
                "floor median " + d.floorMedian() + " against Siegmund's mean " + meanMinutes);
        assertTrue(d.ratio() <= 1.5, "detector " + d.median() + " against the floor " + d.floorMedian());
        assertEquals(60, d.runs());
    }
}
