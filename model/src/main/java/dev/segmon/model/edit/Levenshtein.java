package dev.segmon.model.edit;

/**
 * Edit distance between token sequences (tokens interned as ints), in memory linear in the
 * shorter sequence.
 *
 * <p>{@link #align} needs more than the distance: the substitutions, insertions and deletions of
 * one minimal alignment. Instead of keeping the whole matrix for a traceback, each cell of the two
 * live DP rows carries the (cost, S, I, D) of the path chosen into it, so the last cell holds the
 * counts of a complete minimal path. Which path is chosen among equal-cost ones is fixed by the
 * tie-break of the tool whose weights are used ({@link EditCosts#diagonalWinsTies()}): with unit
 * costs Kaldi's ({@code LevenshteinEditDistance} in {@code util/edit-distance-inl.h}, also wrapped
 * by the kaldialign package): the diagonal step (match or substitution) only when strictly cheaper
 * than both others; with sclite's weights sclite's ({@code Network_dpalign} in SCTK's
 * {@code net_dp.c}): the diagonal step when no dearer than both. Then, in both, a deletion when
 * strictly cheaper than an insertion, else the insertion. So S/I/D equal Kaldi's and sclite's
 * respectively; unit-cost totals equal every tool's.
 * The cell values do not depend on whether the matrix is swept by reference or by hypothesis, so
 * the live rows run along the shorter sequence.
 */
public final class Levenshtein {
    private Levenshtein() {
    }

    /** The S/I/D counts of a minimal alignment of {@code hypothesis} to {@code reference}. */
    public static EditCounts align(int[] reference, int[] hypothesis, EditCosts costs) {
        // Outer sequence: the longer one; the rows index the shorter one.
        boolean outerIsRef = reference.length >= hypothesis.length;
        int[] outer = outerIsRef ? reference : hypothesis;
        int[] inner = outerIsRef ? hypothesis : reference;
        int n = inner.length;
        // Step "up" (outer - 1, same inner) consumes an outer token, "left" an inner token.
        int upCost = outerIsRef ? costs.deletion() : costs.insertion();
        int leftCost = outerIsRef ? costs.insertion() : costs.deletion();
        int subCost = costs.substitution();
        boolean diagonalWinsTies = costs.diagonalWinsTies();

        int[] prevCost = new int[n + 1];
        int[] prevSub = new int[n + 1];
        int[] prevUp = new int[n + 1];
        int[] prevLeft = new int[n + 1];
        int[] cost = new int[n + 1];
        int[] sub = new int[n + 1];
        int[] up = new int[n + 1];
        int[] left = new int[n + 1];
        for (int k = 0; k <= n; k++) {
            prevCost[k] = k * leftCost;
            prevLeft[k] = k;
        }
        for (int o = 1; o <= outer.length; o++) {
            cost[0] = prevCost[0] + upCost;
            sub[0] = 0;
            up[0] = prevUp[0] + 1;
            left[0] = 0;
            int token = outer[o - 1];
            for (int k = 1; k <= n; k++) {
                boolean match = inner[k - 1] == token;
                int diagonal = prevCost[k - 1] + (match ? 0 : subCost);
                int fromUp = prevCost[k] + upCost;
                int fromLeft = cost[k - 1] + leftCost;
                int deletion = outerIsRef ? fromUp : fromLeft;
                int insertion = outerIsRef ? fromLeft : fromUp;
                boolean takeDiagonal = diagonalWinsTies
                        ? diagonal <= deletion && diagonal <= insertion
                        : diagonal < deletion && diagonal < insertion;
                if (takeDiagonal) {
                    cost[k] = diagonal;
                    sub[k] = prevSub[k - 1] + (match ? 0 : 1);
                    up[k] = prevUp[k - 1];
                    left[k] = prevLeft[k - 1];
                } else if ((deletion < insertion) == outerIsRef) {
                    // Kaldi and sclite alike: the deletion when strictly cheaper than the insertion, else the insertion;
                    // the step from above is the deletion when the outer sequence is the reference
                    cost[k] = fromUp;
                    sub[k] = prevSub[k];
                    up[k] = prevUp[k] + 1;
                    left[k] = prevLeft[k];
                } else {
                    cost[k] = fromLeft;
                    sub[k] = sub[k - 1];
                    up[k] = up[k - 1];
                    left[k] = left[k - 1] + 1;
                }
            }
            int[] t = prevCost; prevCost = cost; cost = t;
            t = prevSub; prevSub = sub; sub = t;
            t = prevUp; prevUp = up; up = t;
            t = prevLeft; prevLeft = left; left = t;
        }
        int ups = prevUp[n];
        int lefts = prevLeft[n];
        int deletions = outerIsRef ? ups : lefts;
        int insertions = outerIsRef ? lefts : ups;
        return new EditCounts(prevSub[n], insertions, deletions, reference.length);
    }

    /** The unit-cost Levenshtein distance, in one row of the shorter length. */
    public static int distance(int[] a, int[] b) {
        int[] outer = a.length >= b.length ? a : b;
        int[] inner = a.length >= b.length ? b : a;
        int n = inner.length;
        int[] row = new int[n + 1];
        for (int k = 0; k <= n; k++) {
            row[k] = k;
        }
        for (int o = 1; o <= outer.length; o++) {
            int diagonal = row[0];
            row[0] = o;
            int token = outer[o - 1];
            for (int k = 1; k <= n; k++) {
                int above = row[k];
                int best = diagonal + (inner[k - 1] == token ? 0 : 1);
                best = Math.min(best, above + 1);
                best = Math.min(best, row[k - 1] + 1);
                row[k] = best;
                diagonal = above;
            }
        }
        return row[n];
    }
}
