package dev.segmon.model.interval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.interval.Linearisation.Statistic;
import org.junit.jupiter.api.Test;

class ScaleTest {
    /** The linear scale is v -+ t SE, bit for bit (the paired differences' interval). */
    @Test
    void linearIsValuePlusMinusTTimesSe() {
        assertEquals(new Interval(0.1 - 2.5 * 0.3, 0.1 + 2.5 * 0.3), Scale.LINEAR.interval(0.1, 0.3, 2.5));
    }

    /**
     * Logit: logit 0.5 = 0, half-width t SE / (0.5 * 0.5) = 2 * 0.25 / 0.25 = 2, so
     * [1 / (1 + e^2), 1 / (1 + e^-2)] = [0.119203, 0.880797], symmetric about 0.5.
     * Log of 1 + v: v = 0 (y/r = 1), half-width 2 * 0.25 / 1 = 0.5: [e^-0.5 - 1, e^0.5 - 1] =
     * [-0.393469, 0.648721].
     */
    @Test
    void logitAndLogByHand() {
        Interval p = Scale.LOGIT.interval(0.5, 0.25, 2);
        assertEquals(0.119203, p.lower(), 5e-7);
        assertEquals(0.880797, p.upper(), 5e-7);
        Interval os = Scale.LOG_ONE_PLUS.interval(0, 0.25, 2);
        assertEquals(-0.393469, os.lower(), 5e-7);
        assertEquals(0.648721, os.upper(), 5e-7);
    }

    /** However wide, a proportion's interval stays in [0, 1] and over-segmentation's above -1. */
    @Test
    void boundedByConstruction() {
        for (double se : new double[] {1e-6, 0.1, 1, 100, 1e6}) {
            Interval p = Scale.LOGIT.interval(0.97, se, 12.7);
            assertTrue(0 <= p.lower() && p.lower() <= 0.97 && 0.97 <= p.upper() && p.upper() <= 1, p.toString());
            Interval os = Scale.LOG_ONE_PLUS.interval(-0.9, se, 12.7);
            assertTrue(-1 <= os.lower() && os.lower() <= -0.9 && -0.9 <= os.upper(), os.toString());
        }
    }

    /** Where the scale is undefined (a proportion of 0 or 1, a ratio of 0) or SE = 0: [v, v]. */
    @Test
    void degenerateEstimatesGiveAPoint() {
        assertEquals(new Interval(0, 0), Scale.LOGIT.interval(0, 0.1, 2));
        assertEquals(new Interval(1, 1), Scale.LOGIT.interval(1, 0.1, 2));
        assertEquals(new Interval(0.3, 0.3), Scale.LOGIT.interval(0.3, 0, 2));
        assertEquals(new Interval(-1, -1), Scale.LOG_ONE_PLUS.interval(-1, 0.1, 2));
        assertEquals(new Interval(0.2, 0.2), Scale.LOG_ONE_PLUS.interval(0.2, 0, 2));
    }

    /** Paired differences keep the plain linearised interval: linear scale, no leverage. */
    @Test
    void pairedEstimatesAreLinearWithoutLeverage() {
        PairedMoments p = PairedMoments.of(BoundaryCounts.oneToOne(4, 3, 2), BoundaryCounts.oneToOne(4, 4, 3))
                .plus(PairedMoments.of(BoundaryCounts.oneToOne(5, 5, 5), BoundaryCounts.oneToOne(5, 4, 4)));
        for (PairedMeasure m : PairedMeasure.values()) {
            Estimate e = p.estimate(m);
            assertEquals(Scale.LINEAR, e.scale(), m.key());
            assertEquals(0, e.leverage(), m.key());
            assertEquals(e.standardError(), e.adjustedStandardError(), m.key());
        }
    }

    /** A bounded scale is for one ratio: the inflation and the transform are defined for A/B. */
    @Test
    void aBoundedScaleNeedsOneRatio() {
        Statistic difference = Statistic.difference(Statistic.ratio(new double[] {1, 0}, new double[] {0, 1}),
                Statistic.ratio(new double[] {0, 1}, new double[] {1, 0}));
        assertThrows(IllegalArgumentException.class, () -> difference.on(Scale.LOGIT));
    }
}
