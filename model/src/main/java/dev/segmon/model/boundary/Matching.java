package dev.segmon.model.boundary;

/**
 * How reference and hypothesis boundaries are paired within a tolerance window. Both modes run in
 * O(n + m) on sorted inputs; the window is inclusive ({@code |hyp - ref| <= tolerance}) and
 * compared on the integer microsecond grid, so an offset exactly at tolerance is a hit.
 */
public enum Matching {

    /**
     * Maximum one-to-one matching, each boundary used at most once: the count of mir_eval's
     * {@code util.match_events} (Hopcroft-Karp) and of kamperh's {@code score_boundaries}.
     *
     * <p>Why a two-pointer greedy is optimal: take the earliest unmatched reference r and
     * hypothesis h. If |h - r| <= w, some maximum matching pairs them. Exchange argument: if a
     * maximum matching pairs r with h' and h with r' (so h <= h' and r <= r'), replacing those two
     * pairs by (r, h) and (r', h') keeps both within w, because r' - h' <= r' - h <= w and
     * h' - r' <= h' - r <= w; if only one of r, h is paired, re-pair it with the other. If instead
     * h < r - w, h lies before the window of every remaining reference and can be dropped;
     * symmetrically for r < h - w. A property test checks the count against brute-force maximum
     * bipartite matching.
     */
    ONE_TO_ONE {
        @Override
        public BoundaryCounts count(long[] reference, long[] hypothesis, long toleranceMicros) {
            return oneToOne(reference, hypothesis, toleranceMicros, PairRule.ANY);
        }
    },

    /**
     * UnsupSeg's counting (Kreuk et al. 2020): a hypothesis boundary is correct if any reference
     * lies within tolerance, and a reference boundary is found if any hypothesis lies within
     * tolerance. Several hypotheses may claim one reference, so precision can exceed what a
     * one-to-one matching allows.
     */
    MANY_TO_ONE {
        @Override
        public BoundaryCounts count(long[] reference, long[] hypothesis, long toleranceMicros) {
            return new BoundaryCounts(reference.length, hypothesis.length,
                    coveredBy(reference, hypothesis, toleranceMicros),
                    coveredBy(hypothesis, reference, toleranceMicros));
        }
    };

    /** Counts for one utterance; both arrays sorted ascending without repeats. */
    public abstract BoundaryCounts count(long[] reference, long[] hypothesis, long toleranceMicros);

    /**
     * {@link #ONE_TO_ONE}'s pairs, each counted as a hit only where {@code rule} says so: the rule
     * never changes which boundaries pair up ({@link HitRule#LABEL}).
     */
    public static BoundaryCounts oneToOne(long[] reference, long[] hypothesis, long toleranceMicros, PairRule rule) {
        int i = 0;
        int j = 0;
        long hits = 0;
        while (i < reference.length && j < hypothesis.length) {
            long r = reference[i];
            long h = hypothesis[j];
            if (h < r - toleranceMicros) {
                j++;
            } else if (r < h - toleranceMicros) {
                i++;
            } else {
                if (rule.hit(h, r)) {
                    hits++;
                }
                i++;
                j++;
            }
        }
        return BoundaryCounts.oneToOne(reference.length, hypothesis.length, hits);
    }

    /** How many of {@code points} have at least one of {@code others} within the window. */
    private static long coveredBy(long[] points, long[] others, long toleranceMicros) {
        long covered = 0;
        int j = 0;
        for (long p : points) {
            // Skip the others that lie before this point's window; they lie before every later
            // point's window too, since points are sorted.
            while (j < others.length && others[j] < p - toleranceMicros) {
                j++;
            }
            if (j < others.length && others[j] <= p + toleranceMicros) {
                covered++;
            }
        }
        return covered;
    }
}
