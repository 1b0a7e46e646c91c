package dev.segmon.model.edit;

import java.util.List;

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

    /** First band half-width tried (cells with |i - j| > band are left out), doubled until it holds. */
    static final int FIRST_BAND = 16;
    /** Larger than any cost a cell can have (the costs are small ints), small enough not to overflow. */
    private static final int OUT_OF_BAND = Integer.MAX_VALUE / 4;

    /**
     * The S/I/D counts of a minimal alignment of {@code hypothesis} to {@code reference}.
     *
     * <p>Only a diagonal band of the matrix is swept (Ukkonen, "Algorithms for approximate string
     * matching", Information and Control 64, 1985): a path to cell (i, j) makes at least |i - j|
     * insertions or deletions, so a cell whose |i - j| exceeds D / min(insertion, deletion) is on
     * no path of cost D. The band starts at half-width max(|n - m|, {@link #FIRST_BAND}) and doubles
     * until the best cost found in it, C, satisfies C <= band x min(insertion, deletion): then the
     * optimal cost D <= C puts every cell of cost <= D inside the band, so every minimal path is
     * swept exactly. The counts are those of the whole matrix too, tie-breaks included: at a cell
     * of cost <= D every candidate step that could be chosen comes from a cell of cost <= D (exact in
     * the band), and a candidate from outside the band is dearer than the cell in both sweeps, so
     * each comparison of the tie-break rule has the same outcome ({@code LevenshteinBandTest} holds
     * the band to the whole matrix). For a 400-word utterance with 5 % errors this sweeps about 33 of
     * the 401 cells per row.
     */
    public static EditCounts align(int[] reference, int[] hypothesis, EditCosts costs) {
        int longest = Math.max(reference.length, hypothesis.length);
        int minIndel = Math.min(costs.insertion(), costs.deletion());
        for (int band = Math.max(Math.abs(reference.length - hypothesis.length), FIRST_BAND); band < longest; band *= 2) {
            long[] swept = sweep(reference, hypothesis, costs, band, null);
            if (swept[0] <= (long) band * minIndel) {
                return counts(swept, reference.length);
            }
        }
        return alignWhole(reference, hypothesis, costs);
    }

    /** {@link #align} over the whole matrix (no band): the reference the band is held to. */
    static EditCounts alignWhole(int[] reference, int[] hypothesis, EditCosts costs) {
        return counts(sweep(reference, hypothesis, costs, Math.max(reference.length, hypothesis.length), null), reference.length);
    }

    /**
     * The aligned pairs of the very alignment whose counts {@link #align} returns, in sequence
     * order: the same band schedule and the same step chosen into every cell, recorded and then
     * traced back from the last cell, so that counting the pairs gives {@code align}'s S, I and D.
     * Memory: one byte per swept cell (the band's width times the longer length).
     */
    public static List<AlignedPair> pairs(int[] reference, int[] hypothesis, EditCosts costs) {
        int longest = Math.max(reference.length, hypothesis.length);
        int minIndel = Math.min(costs.insertion(), costs.deletion());
        for (int band = Math.max(Math.abs(reference.length - hypothesis.length), FIRST_BAND); band < longest; band *= 2) {
            Steps steps = new Steps(longest);
            long[] swept = sweep(reference, hypothesis, costs, band, steps);
            if (swept[0] <= (long) band * minIndel) {
                return steps.traceBack(reference, hypothesis);
            }
        }
        Steps steps = new Steps(longest);
        sweep(reference, hypothesis, costs, longest, steps);
        return steps.traceBack(reference, hypothesis);
    }

    private static EditCounts counts(long[] swept, int referenceLength) {
        return new EditCounts((int) swept[1], (int) swept[2], (int) swept[3], referenceLength);
    }

    /**
     * The cells with |outer - inner| <= {@code band}, rows along the shorter sequence; returns
     * {cost, substitutions, insertions, deletions} of the path chosen into the last cell. With
     * {@code steps} given, also records the step chosen into every swept cell.
     */
    private static long[] sweep(int[] reference, int[] hypothesis, EditCosts costs, int band, Steps steps) {
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
        // Cells never swept read as out of the band: the band's top edge only moves up, so a row
        // reads above its own top only cells no earlier row wrote.
        java.util.Arrays.fill(prevCost, OUT_OF_BAND);
        java.util.Arrays.fill(cost, OUT_OF_BAND);
        for (int k = 0; k <= Math.min(n, band); k++) {
            prevCost[k] = k * leftCost;
            prevLeft[k] = k;
        }
        for (int o = 1; o <= outer.length; o++) {
            int lo = Math.max(0, o - band);
            int hi = Math.min(n, o + band);
            int k0 = lo;
            if (lo == 0) {
                cost[0] = prevCost[0] + upCost;
                sub[0] = 0;
                up[0] = prevUp[0] + 1;
                left[0] = 0;
                k0 = 1;
            } else {
                cost[lo - 1] = OUT_OF_BAND; // left of the band: a value of two rows ago otherwise
            }
            int token = outer[o - 1];
            byte[] chosen = steps == null ? null : steps.row(o, lo, hi);
            for (int k = k0; k <= hi; k++) {
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
                    if (chosen != null) {
                        chosen[k - lo] = Steps.DIAGONAL;
                    }
                } else if ((deletion < insertion) == outerIsRef) {
                    // Kaldi and sclite alike: the deletion when strictly cheaper than the insertion, else the insertion;
                    // the step from above is the deletion when the outer sequence is the reference
                    cost[k] = fromUp;
                    sub[k] = prevSub[k];
                    up[k] = prevUp[k] + 1;
                    left[k] = prevLeft[k];
                    if (chosen != null) {
                        chosen[k - lo] = Steps.UP;
                    }
                } else {
                    cost[k] = fromLeft;
                    sub[k] = sub[k - 1];
                    up[k] = up[k - 1];
                    left[k] = left[k - 1] + 1;
                    if (chosen != null) {
                        chosen[k - lo] = Steps.LEFT;
                    }
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
        return new long[] {prevCost[n], prevSub[n], insertions, deletions};
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
