package dev.segmon.model.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** Counts by hand on small word lists (times in microseconds). */
class TimestampHealthTest {
    private static final long MAX = 2_000_000;

    @Test
    void eachAnomalyIsCountedOnTheWordsInStartOrder() {
        // Given out of order: [1.0, 1.0] zero; [0.0, 0.5]; [0.4, 3.0] overlaps the word before it
        // (0.4 < 0.5) and is 2.6 s long; [3.0, 4.5] ends past the audio's 4.0 s.
        long[] starts = {1_000_000, 0, 400_000, 3_000_000};
        long[] ends = {1_000_000, 500_000, 3_000_000, 4_500_000};
        TimestampHealth h = TimestampHealth.of(starts, ends, MAX, 4_000_000);
        // In start order: [0,0.5] [0.4,3.0] [1.0,1.0] [3.0,4.5]: the zero-length word at 1.0 starts
        // before 3.0, the end of the word before it, so it overlaps too.
        assertEquals(new TimestampHealth(4, 1, 2, 1, 1), h);
        assertEquals(0.5, h.rate(TimestampHealth.Anomaly.OVERLAP));
    }

    @Test
    void tiesInStartAreOrderedByEndAndNoDurationMeansNothingIsPastTheEnd() {
        // Two words at 2.0: [2.0, 2.0] first, then [2.0, 2.3]; 2.0 is not before 2.0: no overlap.
        TimestampHealth h = TimestampHealth.of(new long[] {2_000_000, 2_000_000}, new long[] {2_300_000, 2_000_000}, MAX,
                TimestampHealth.NO_AUDIO_END);
        assertEquals(new TimestampHealth(2, 1, 0, 0, 0), h);
    }

    @Test
    void countsAddAndNoWordsHaveNoRate() {
        TimestampHealth a = new TimestampHealth(3, 1, 0, 0, 1);
        assertEquals(new TimestampHealth(6, 2, 0, 0, 2), a.plus(a));
        assertNull(TimestampHealth.ZERO.rate(TimestampHealth.Anomaly.LONG));
    }
}
