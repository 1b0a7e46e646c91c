package dev.segmon.model.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class IncrementalMatcherTest {
    private static final long W = 20_000;      // 0.02 s
    private static final long D = 5_000_000;   // 5 s

    @Test
    void decidesNothingBeforeTheReferenceIsSeen() {
        IncrementalMatcher m = new IncrementalMatcher();
        m.offerHypothesis(100_000, D);
        m.completeHypothesis();
        // No reference seen: its frontier is -infinity, so no boundary can be decided yet.
        assertEquals(BoundaryCounts.ZERO, m.advance(new long[0], Long.MIN_VALUE, W, D, x -> { }));
    }

    @Test
    void decidesAHitOnceBothFrontiersPassIt() {
        IncrementalMatcher m = new IncrementalMatcher();
        ReferenceBoundaries ref = new ReferenceBoundaries();
        // ref 1.00 s, hyp 1.01 s: within 0.02 s. Frontiers with D = 0: ref max 1.00, hyp max 1.01.
        ref.offer(new long[] {1_000_000}, new long[] {1_000_000}, false, 0);
        m.offerHypothesis(1_010_000, 0);
        // T = min(1.00, 1.01) = 1.00; smallest head 1.00 + 0.02 = 1.02 is not < 1.00: undecided.
        assertEquals(BoundaryCounts.ZERO, m.advance(ref.times(), ref.frontier(0), W, 0, x -> { }));
        // A hypothesis at 2.00 and a reference chunk [1.50, 2.00] move T to 2.00. Heads 1.00/1.01:
        // 1.02 < 2.00 and |1.01 - 1.00| <= 0.02, a hit. Heads ref 1.50 / hyp 2.00: 1.52 < 2.00 and
        // 2.00 - 1.50 > 0.02, so ref 1.50 is a miss. Heads 2.00/2.00: 2.02 is not < 2.00, undecided.
        // Decided: 2 reference, 1 hypothesis, 1 hit.
        m.offerHypothesis(2_000_000, 0);
        ref.offer(new long[] {1_500_000}, new long[] {2_000_000}, false, 0);
        List<Long> offsets = new ArrayList<>();
        assertEquals(BoundaryCounts.oneToOne(2, 1, 1), m.advance(ref.times(), ref.frontier(0), W, 0, offsets::add));
        assertEquals(List.of(10_000L), offsets);
    }

    @Test
    void refusesLateDuplicateAndAfterEnd() {
        IncrementalMatcher m = new IncrementalMatcher();
        assertEquals(Admission.ACCEPTED, m.offerHypothesis(10_000_000, D));
        assertEquals(Admission.DUPLICATE, m.offerHypothesis(10_000_000, D));
        // 10 s - 5 s = 5 s is the lowest admissible time.
        assertEquals(Admission.ACCEPTED, m.offerHypothesis(5_000_000, D));
        assertEquals(Admission.LATE, m.offerHypothesis(4_999_999, D));
        m.completeHypothesis();
        assertEquals(Admission.AFTER_END, m.offerHypothesis(11_000_000, D));
    }

    @Test
    void refusesOverlappingReferenceChunks() {
        ReferenceBoundaries ref = new ReferenceBoundaries();
        assertEquals(Admission.ACCEPTED, ref.offer(new long[] {0}, new long[] {1_000_000}, false, D));
        // Touching is fine: [1, 2] starts where [0, 1] ends.
        assertEquals(Admission.ACCEPTED, ref.offer(new long[] {1_000_000}, new long[] {2_000_000}, false, D));
        assertEquals(Admission.OVERLAP, ref.offer(new long[] {1_500_000}, new long[] {2_500_000}, false, D));
        // {0, 1, 2}: the shared boundary 1.0 counts once, as offline.
        assertEquals(3, ref.times().length);
        // The same chunk again is a re-send, not a conflict.
        assertEquals(Admission.DUPLICATE, ref.offer(new long[] {1_000_000}, new long[] {2_000_000}, false, D));
        assertEquals(Admission.ACCEPTED, ref.offer(new long[0], new long[0], true, D));
        assertEquals(Admission.DUPLICATE, ref.offer(new long[0], new long[0], true, D));
        assertEquals(Admission.AFTER_END, ref.offer(new long[] {2_000_000}, new long[] {3_000_000}, false, D));
    }

    /**
     * The property: for random sorted distinct boundary sets, delivered boundary by boundary in a
     * random order that respects the disorder bound, interleaved at random between the sides and
     * with an advance after every arrival, the final hit count (under any rule of the pair, as
     * label-aware hits use) and the signed offsets of the hits equal the offline
     * {@link Matching#ONE_TO_ONE} ones on the same sets (itself pinned against brute-force
     * maximum matching by the model's matching tests).
     */
    @Test
    void equalsOfflineMatchingForEveryDisorderRespectingInterleaving() {
        Random rnd = new Random(20261122);
        for (int trial = 0; trial < 5000; trial++) {
            // Tolerance and disorder on the same 10 ms grid as the times, so that the edge cases
            // x + w == T (not yet decidable: a boundary may still arrive at exactly T) and
            // |h - r| == w occur often.
            long w = rnd.nextInt(7) * 10_000L;
            long d = rnd.nextInt(3) == 0 ? rnd.nextInt(31) * 10_000L : rnd.nextInt(4) * 10_000L;
            long[] ref = randomTimes(rnd);
            long[] hyp = randomTimes(rnd);
            long[] refOrder = jitteredOrder(ref, d, rnd);
            long[] hypOrder = jitteredOrder(hyp, d, rnd);
            // Half the trials count only some pairs (as the label rule does): a rule of the pair alone.
            PairRule rule = trial % 2 == 0 ? PairRule.ANY : (h, x) -> (h / 10_000 + x / 10_000) % 3 != 0;
            long[] signed = new long[1];
            java.util.function.LongConsumer onHit = o -> signed[0] += o;
            IncrementalMatcher m = new IncrementalMatcher();
            ReferenceBoundaries r = new ReferenceBoundaries();
            BoundaryCounts total = BoundaryCounts.ZERO;
            int i = 0;
            int j = 0;
            while (i < refOrder.length || j < hypOrder.length) {
                boolean takeRef = j == hypOrder.length || (i < refOrder.length && rnd.nextBoolean());
                if (takeRef) {
                    long t = refOrder[i++];
                    assertEquals(Admission.ACCEPTED, r.offer(new long[] {t}, new long[] {t}, false, d));
                } else {
                    long t = hypOrder[j++];
                    assertEquals(Admission.ACCEPTED, m.offerHypothesis(t, d));
                    if (rnd.nextInt(5) == 0) { // a duplicate now and then: refused, never counted twice
                        assertEquals(Admission.DUPLICATE, m.offerHypothesis(t, d));
                    }
                }
                total = total.plus(m.advance(r.times(), r.frontier(d), w, d, rule, onHit));
            }
            if (rnd.nextBoolean()) {
                r.offer(new long[0], new long[0], true, d);
                total = total.plus(m.advance(r.times(), r.frontier(d), w, d, rule, onHit));
                m.completeHypothesis();
            } else {
                m.completeHypothesis();
                total = total.plus(m.advance(r.times(), r.frontier(d), w, d, rule, onHit));
                r.offer(new long[0], new long[0], true, d);
            }
            total = total.plus(m.advance(r.times(), r.frontier(d), w, d, rule, onHit));
            long[] offlineSigned = new long[1];
            BoundaryCounts offline = Matching.oneToOne(ref, hyp, w, (h, x) -> {
                boolean hit = rule.hit(h, x);
                offlineSigned[0] += hit ? h - x : 0;
                return hit;
            });
            assertEquals(offlineSigned[0], signed[0], "signed offsets of the hits, trial " + trial);
            assertEquals(offline, total, "trial " + trial + " w=" + w + " d=" + d
                    + " ref=" + Arrays.toString(ref) + " hyp=" + Arrays.toString(hyp));
            assertEquals(offline, m.decided());
            assertTrue(m.drained(ref.length));
        }
    }

    /** Sorted distinct times on a coarse grid so that near-ties and exact-tolerance offsets occur. */
    private static long[] randomTimes(Random rnd) {
        int n = rnd.nextInt(12);
        TreeSet<Long> s = new TreeSet<>();
        for (int k = 0; k < n; k++) {
            s.add(rnd.nextInt(100) * 10_000L);
        }
        return s.stream().mapToLong(Long::longValue).toArray();
    }

    /**
     * A delivery order in which each time is at least (max of the earlier ones) - d: sort by
     * time + u with u in [0, d]; if a comes before b then a + ua <= b + ub, so
     * b >= a - (ub - ua) >= a - d.
     */
    private static long[] jitteredOrder(long[] times, long d, Random rnd) {
        long[][] keyed = new long[times.length][];
        for (int k = 0; k < times.length; k++) {
            // u on the 10 ms grid, both ends included, so that an arrival at exactly max - d occurs
            keyed[k] = new long[] {times[k] + rnd.nextInt((int) (d / 10_000) + 1) * 10_000L, times[k]};
        }
        // ties in random order (shuffle, then a stable sort)
        java.util.Collections.shuffle(Arrays.asList(keyed), rnd);
        Arrays.sort(keyed, Comparator.comparingLong((long[] a) -> a[0]));
        return Arrays.stream(keyed).mapToLong(a -> a[1]).toArray();
    }
}
