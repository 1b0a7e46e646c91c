package dev.segmon.app.replay;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BoundaryShuffleTest {

    @Test
    void zeroBoundSendsInTimeOrder() {
        assertArrayEquals(new long[] {1, 5, 9}, BoundaryShuffle.order(new long[] {9, 1, 5}, 0, new Random(1)));
    }

    @Test
    void boundariesFartherApartThanTheBoundKeepTheirOrder() {
        // 100 ms apart, bound 50 ms: a later boundary may never go first (t' < t + 0.05 forces t' < t).
        long[] micros = {0, 100_000, 200_000, 300_000, 400_000};
        for (int seed = 0; seed < 50; seed++) {
            assertArrayEquals(micros, BoundaryShuffle.order(micros, 0.05, new Random(seed)));
        }
    }

    @Test
    void wideBoundReordersYetNoBoundaryFollowsOneTooMuchLater() {
        long[] micros = new long[101];
        for (int i = 0; i < micros.length; i++) {
            micros[i] = i * 10_000L; // 0 .. 1 s every 10 ms
        }
        long[] order = BoundaryShuffle.order(micros, 0.1, new Random(3));
        assertFalse(Arrays.equals(micros, order), "a 100 ms bound over 10 ms spacing reorders");
        long[] sorted = order.clone();
        Arrays.sort(sorted);
        assertArrayEquals(micros, sorted, "a permutation");
        long maxSoFar = Long.MIN_VALUE;
        for (long t : order) {
            assertTrue(maxSoFar < t + 100_000, "earlier boundary " + maxSoFar + " is >= 100 ms after " + t);
            maxSoFar = Math.max(maxSoFar, t);
        }
    }
}
