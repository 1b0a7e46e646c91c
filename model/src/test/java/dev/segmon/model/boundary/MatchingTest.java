package dev.segmon.model.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.model.alignment.Segment;
import dev.segmon.model.alignment.Utterance;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Small cases worked by hand for both matching modes; times in microseconds unless said. */
class MatchingTest {

    private static BoundaryCounts oneToOne(long[] ref, long[] hyp, long tol) {
        return Matching.ONE_TO_ONE.count(ref, hyp, tol);
    }

    private static BoundaryCounts manyToOne(long[] ref, long[] hyp, long tol) {
        return Matching.MANY_TO_ONE.count(ref, hyp, tol);
    }

    @Test
    void oneToOneCountsEachBoundaryOnce() {
        // ref {100, 200}, hyp {150}, tol 50: 150 is within 50 of both references, but it can be
        // used once: hits = 1. Many-to-one: the one hypothesis has a reference (hits_hyp 1) and
        // both references have a hypothesis (hits_ref 2).
        long[] ref = {100, 200};
        long[] hyp = {150};
        assertEquals(BoundaryCounts.oneToOne(2, 1, 1), oneToOne(ref, hyp, 50));
        assertEquals(new BoundaryCounts(2, 1, 2, 1), manyToOne(ref, hyp, 50));
    }

    @Test
    void oneToOneFindsTheMaximumWhereClosestFirstWouldNot() {
        // ref {100, 130}, hyp {120, 150}, tol 30. Pairs within 30: (100,120) d20, (130,120) d10,
        // (130,150) d20; (100,150) d50 is out. Taking the closest pair (130,120) first leaves
        // (100,150): 1 hit (pyannote's greedy). The maximum is 2: (100,120) and (130,150).
        long[] ref = {100, 130};
        long[] hyp = {120, 150};
        assertEquals(BoundaryCounts.oneToOne(2, 2, 2), oneToOne(ref, hyp, 30));
        // Many-to-one: 120 has 100 and 130, 150 has 130 -> hits_hyp 2; 100 has 120, 130 has both -> hits_ref 2.
        assertEquals(new BoundaryCounts(2, 2, 2, 2), manyToOne(ref, hyp, 30));
    }

    @Test
    void chainOfSharedWindowsIsMatchedAlongTheChain() {
        // ref {0, 10, 20}, hyp {5, 15}, tol 5. Edges: 0-5, 10-5, 10-15, 20-15 (all at exactly 5).
        // Maximum matching: 2 (each hypothesis once). Many-to-one: both hypotheses have a
        // reference (2) and every reference has a hypothesis (3): P 1, R 1 against one-to-one's
        // P 2/2, R 2/3.
        long[] ref = {0, 10, 20};
        long[] hyp = {5, 15};
        assertEquals(BoundaryCounts.oneToOne(3, 2, 2), oneToOne(ref, hyp, 5));
        assertEquals(new BoundaryCounts(3, 2, 3, 2), manyToOne(ref, hyp, 5));
    }

    @Test
    void manyToOneLetsSeveralHypothesesClaimOneReference() {
        // ref {500000}, hyp {490000, 500000, 510000, 530000}, tol 20000: the first three are within
        // 20 ms of the reference (d 10, 0, 10 ms), the fourth is 30 ms off.
        // One-to-one: 1 hit; many-to-one: hits_hyp 3 (P 3/4), hits_ref 1 (R 1).
        long[] ref = {500_000};
        long[] hyp = {490_000, 500_000, 510_000, 530_000};
        assertEquals(BoundaryCounts.oneToOne(1, 4, 1), oneToOne(ref, hyp, 20_000));
        assertEquals(new BoundaryCounts(1, 4, 1, 3), manyToOne(ref, hyp, 20_000));
    }

    @Test
    void zeroToleranceNeedsEqualTimes() {
        // ref {1, 2, 3}, hyp {2, 3, 4}, tol 0: 2 = 2 and 3 = 3 -> 2 hits in both modes.
        assertEquals(BoundaryCounts.oneToOne(3, 3, 2), oneToOne(new long[] {1, 2, 3}, new long[] {2, 3, 4}, 0));
        assertEquals(new BoundaryCounts(3, 3, 2, 2), manyToOne(new long[] {1, 2, 3}, new long[] {2, 3, 4}, 0));
    }

    @Test
    void windowIsInclusiveOnBothSides() {
        // |h - r| = tol exactly, hypothesis before and after: hits; tol + 1: misses.
        assertEquals(1, oneToOne(new long[] {100}, new long[] {80}, 20).hits());
        assertEquals(1, oneToOne(new long[] {100}, new long[] {120}, 20).hits());
        assertEquals(0, oneToOne(new long[] {100}, new long[] {79}, 20).hits());
        assertEquals(0, oneToOne(new long[] {100}, new long[] {121}, 20).hits());
    }

    @Test
    void offsetExactlyAtToleranceIsAHitDespiteFloatingPoint() {
        // In doubles |0.52 - 0.50| = 0.020000000000000018 > 0.02, so a naive comparison misses it
        // (pyannote.metrics does; mir_eval hits it). On the microsecond grid: 520000 - 500000 = 20000.
        assertTrue(Math.abs(0.52 - 0.50) > 0.02);
        BoundaryScorer scorer = BoundaryScorer.builder().tolerance(0.02).build();
        BoundaryCounts c = scorer.score(new Utterance.Marked("u", new double[] {0.50}),
                new Utterance.Marked("u", new double[] {0.52}));
        assertEquals(BoundaryCounts.oneToOne(1, 1, 1), c);
        BoundaryScorer manyToOne = BoundaryScorer.builder().tolerance(0.02).matching(Matching.MANY_TO_ONE).build();
        assertEquals(new BoundaryCounts(1, 1, 1, 1), manyToOne.score(new Utterance.Marked("u", new double[] {0.50}),
                new Utterance.Marked("u", new double[] {0.52})));
        // Same for other decimal pairs that are not exact in binary: 0.3 vs 0.31 at 0.01
        // (|0.31 - 0.3| = 0.010000000000000009 in doubles).
        assertTrue(Math.abs(0.31 - 0.3) > 0.01);
        assertEquals(1, BoundaryScorer.builder().tolerance(0.01).build()
                .score(new Utterance.Marked("u", new double[] {0.3}), new Utterance.Marked("u", new double[] {0.31})).hits());
        // Also at larger magnitudes, where mir_eval (comparing doubles) misses it: |3.52 - 3.5| and
        // |4.112 - 4.092| exceed 0.02 in doubles (see BoundaryMirEvalTest).
        assertTrue(Math.abs(3.52 - 3.5) > 0.02 && Math.abs(4.112 - 4.092) > 0.02);
        assertEquals(BoundaryCounts.oneToOne(2, 2, 2), scorer.score(new Utterance.Marked("u", new double[] {3.5, 4.112}),
                new Utterance.Marked("u", new double[] {3.52, 4.092})));
        // One microsecond beyond tolerance is a miss: 0.520001 - 0.50 = 20.001 ms > 20 ms.
        assertEquals(0, scorer.score(new Utterance.Marked("u", new double[] {0.50}),
                new Utterance.Marked("u", new double[] {0.520001})).hits());
    }

    @Test
    void trimEdgesDropsFirstAndLastBoundaryOfBothSides() {
        // ref {0.0, 0.5, 1.0}, hyp {0.0, 0.3, 0.51, 1.2}, tol 0.02.
        // Untrimmed: 0.0-0.0 hit, 0.5-0.51 hit, 1.0 vs 1.2 miss -> n_ref 3, n_hyp 4, hits 2.
        // Trimmed: ref {0.5}, hyp {0.3, 0.51} -> n_ref 1, n_hyp 2, hits 1 (as mir_eval's trim=True).
        Utterance ref = new Utterance.Marked("u", new double[] {0.0, 0.5, 1.0});
        Utterance hyp = new Utterance.Marked("u", new double[] {0.0, 0.3, 0.51, 1.2});
        assertEquals(BoundaryCounts.oneToOne(3, 4, 2), BoundaryScorer.builder().build().score(ref, hyp));
        assertEquals(BoundaryCounts.oneToOne(1, 2, 1), BoundaryScorer.builder().trimEdges(true).build().score(ref, hyp));
        // Two boundaries or fewer leave nothing after trimming.
        Utterance two = new Utterance.Marked("v", new double[] {0.0, 1.0});
        assertEquals(0, BoundaryScorer.builder().trimEdges(true).build().boundaries(two).length);
    }

    @Test
    void boundariesAreDistinctSegmentEdgesOnTheMicrosecondGrid() {
        // Segments [0, 0.3], [0.3, 0.7], gap, [0.9, 1.2]: edges 0, 0.3, 0.3, 0.7, 0.9, 1.2 ->
        // distinct {0, 0.3, 0.7, 0.9, 1.2}. A CTM-like end 0.1 + 0.2 = 0.30000000000000004 s equals 0.3 after rounding.
        Utterance u = new Utterance.Segmented("u", List.of(new Segment(0, 0.1 + 0.2, "a"),
                new Segment(0.3, 0.7, "b"), new Segment(0.9, 1.2, "c")));
        assertEquals(List.of(0L, 300_000L, 700_000L, 900_000L, 1_200_000L),
                java.util.Arrays.stream(BoundaryScorer.builder().build().boundaries(u)).boxed().toList());
        // Dropping label "b" drops its edges unless another segment shares them: {0, 0.3, 0.9, 1.2}.
        assertEquals(List.of(0L, 300_000L, 900_000L, 1_200_000L),
                java.util.Arrays.stream(BoundaryScorer.builder().ignoreLabels(Set.of("b")).build().boundaries(u)).boxed().toList());
    }
}
