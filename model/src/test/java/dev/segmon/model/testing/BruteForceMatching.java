package dev.segmon.model.testing;

import java.util.Arrays;

/**
 * Test oracles for boundary matching, written independently of {@code Matching} and as plainly
 * as possible: no sorting assumption, no two-pointer argument, just the definitions.
 *
 * <ul>
 * <li>{@link #maximumOneToOne}: the size of a maximum bipartite matching in the graph that links
 *     a reference and a hypothesis boundary when {@code |h - r| <= tolerance}, found with Kuhn's
 *     augmenting-path algorithm (Kuhn 1955; the textbook O(V E) method). mir_eval's
 *     {@code util.match_events} computes the same quantity with Hopcroft-Karp.</li>
 * <li>{@link #covered}: UnsupSeg's many-to-one counts (Kreuk et al. 2020), by checking every
 *     pair.</li>
 * </ul>
 */
public final class BruteForceMatching {
    private BruteForceMatching() {
    }

    /** Maximum number of disjoint (reference, hypothesis) pairs within tolerance. */
    public static int maximumOneToOne(long[] reference, long[] hypothesis, long tolerance) {
        int[] hypothesisPartner = new int[hypothesis.length];
        Arrays.fill(hypothesisPartner, -1);
        int size = 0;
        for (int r = 0; r < reference.length; r++) {
            if (augment(r, reference, hypothesis, tolerance, hypothesisPartner, new boolean[hypothesis.length])) {
                size++;
            }
        }
        return size;
    }

    /** Kuhn's step: find an alternating path from reference {@code r} to a free hypothesis. */
    private static boolean augment(int r, long[] reference, long[] hypothesis, long tolerance,
                                   int[] hypothesisPartner, boolean[] visited) {
        for (int h = 0; h < hypothesis.length; h++) {
            if (visited[h] || Math.abs(hypothesis[h] - reference[r]) > tolerance) {
                continue;
            }
            visited[h] = true;
            if (hypothesisPartner[h] < 0
                    || augment(hypothesisPartner[h], reference, hypothesis, tolerance, hypothesisPartner, visited)) {
                hypothesisPartner[h] = r;
                return true;
            }
        }
        return false;
    }

    /** How many of {@code points} have at least one of {@code others} within tolerance, pair by pair. */
    public static int covered(long[] points, long[] others, long tolerance) {
        int n = 0;
        for (long p : points) {
            for (long o : others) {
                if (Math.abs(p - o) <= tolerance) {
                    n++;
                    break;
                }
            }
        }
        return n;
    }
}
