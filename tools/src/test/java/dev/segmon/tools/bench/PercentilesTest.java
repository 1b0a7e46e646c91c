package dev.segmon.tools.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class PercentilesTest {

    @Test
    void nearestRankOnTenSamples() {
        // Nearest rank: p50 of 10 samples = sorted[ceil(0.5 * 10)] = the 5th = 5; p99 = ceil(9.9) = 10th = 10;
        // p10 = ceil(1.0) = 1st = 1; p11 = ceil(1.1) = 2nd = 2.
        Percentiles p = new Percentiles(new double[] {10, 9, 8, 7, 6, 5, 4, 3, 2, 1});
        assertEquals(5, p.percentile(50));
        assertEquals(10, p.percentile(99));
        assertEquals(1, p.percentile(10));
        assertEquals(2, p.percentile(11));
        assertEquals(10, p.max());
    }

    @Test
    void partsTogetherAreRankedAsOneSet() {
        // {3, 1} and {2, 5, 4} together are 1..5: p40 = ceil(0.4 * 5) = the 2nd = 2, p60 = the 3rd = 3.
        Percentiles p = Percentiles.of(java.util.List.of(new Percentiles(new double[] {3, 1}), new Percentiles(new double[] {2, 5, 4})));
        assertEquals(5, p.count());
        assertEquals(2, p.percentile(40));
        assertEquals(3, p.percentile(60));
        assertEquals(5, p.max());
    }

    @Test
    void oneSampleIsEveryPercentile() {
        Percentiles p = new Percentiles(new double[] {0.25});
        assertEquals(0.25, p.percentile(1));
        assertEquals(0.25, p.percentile(100));
    }

    @Test
    void medianOfOddAndEvenCounts() {
        assertEquals(2, Percentiles.median(3, 1, 2));
        assertEquals(2.5, Percentiles.median(4, 1, 3, 2));
    }

    @Test
    void refusesNoSamplesAndPercentilesOutsideTheRange() {
        assertThrows(IllegalArgumentException.class, () -> new Percentiles(new double[0]));
        assertThrows(IllegalArgumentException.class, () -> new Percentiles(new double[] {1}).percentile(0));
    }
}
