package dev.segmon.model.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.model.testing.BruteForceMatching;
import dev.segmon.model.testing.RandomCorpus;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link Matching} against brute-force oracles ({@link BruteForceMatching}) on many random small
 * inputs. Points are drawn from a short span on an integer grid, so windows overlap, offsets
 * exactly at tolerance are common, and tolerance 0 is included.
 */
class MatchingPropertyTest {
    private static final int TRIALS = 20_000;

    @Test
    void oneToOneEqualsMaximumBipartiteMatching() {
        Random random = new Random(20261122L);
        for (int trial = 0; trial < TRIALS; trial++) {
            long span = 1 + random.nextInt(40);
            long tolerance = random.nextInt(6); // 0..5, often equal to a gap between grid points
            long[] ref = RandomCorpus.sortedDistinct(random, 12, span);
            long[] hyp = RandomCorpus.sortedDistinct(random, 12, span);
            int expected = BruteForceMatching.maximumOneToOne(ref, hyp, tolerance);
            BoundaryCounts actual = Matching.ONE_TO_ONE.count(ref, hyp, tolerance);
            assertEquals(BoundaryCounts.oneToOne(ref.length, hyp.length, expected), actual,
                    () -> "ref " + Arrays.toString(ref) + " hyp " + Arrays.toString(hyp) + " tol " + tolerance);
        }
    }

    @Test
    void manyToOneEqualsPairByPairCoverage() {
        Random random = new Random(7L);
        for (int trial = 0; trial < TRIALS; trial++) {
            long span = 1 + random.nextInt(40);
            long tolerance = random.nextInt(6);
            long[] ref = RandomCorpus.sortedDistinct(random, 12, span);
            long[] hyp = RandomCorpus.sortedDistinct(random, 12, span);
            BoundaryCounts expected = new BoundaryCounts(ref.length, hyp.length,
                    BruteForceMatching.covered(ref, hyp, tolerance), BruteForceMatching.covered(hyp, ref, tolerance));
            assertEquals(expected, Matching.MANY_TO_ONE.count(ref, hyp, tolerance),
                    () -> "ref " + Arrays.toString(ref) + " hyp " + Arrays.toString(hyp) + " tol " + tolerance);
        }
    }

    @Test
    void oneToOneEqualsMaximumMatchingOnRealisticUtterances() {
        // Longer utterances on the microsecond grid at 20 ms, as the scorer sees real data.
        Random random = new Random(11L);
        for (int trial = 0; trial < 500; trial++) {
            double[] refSeconds = RandomCorpus.referenceTimes(random, 1 + random.nextInt(60));
            long[] ref = RandomCorpus.micros(refSeconds);
            long[] hyp = RandomCorpus.micros(RandomCorpus.hypothesisTimes(random, refSeconds));
            assertEquals(BruteForceMatching.maximumOneToOne(ref, hyp, 20_000),
                    Matching.ONE_TO_ONE.count(ref, hyp, 20_000).hits());
        }
    }

    @Test
    void oraclesAgreeWithHandCountedCases() {
        // The oracles themselves, on MatchingTest's hand cases: ref {100,130} hyp {120,150} tol 30 -> 2;
        // ref {100,200} hyp {150} tol 50 -> 1, and coverage 2 of the references.
        assertEquals(2, BruteForceMatching.maximumOneToOne(new long[] {100, 130}, new long[] {120, 150}, 30));
        assertEquals(1, BruteForceMatching.maximumOneToOne(new long[] {100, 200}, new long[] {150}, 50));
        assertEquals(2, BruteForceMatching.covered(new long[] {100, 200}, new long[] {150}, 50));
    }
}
