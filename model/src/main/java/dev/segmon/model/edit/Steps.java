package dev.segmon.model.edit;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The step {@link Levenshtein}'s sweep chose into each swept cell, row by row along the longer
 * sequence, and the traceback that turns them into the chosen alignment's pairs. The first row
 * (only steps along the shorter sequence) and the first column (only steps along the longer one)
 * have a single way in and are not recorded.
 */
final class Steps {
    static final byte DIAGONAL = 1;
    static final byte UP = 2;
    static final byte LEFT = 3;

    private final byte[][] rows;
    private final int[] firstColumn;

    /** Room for the rows of an outer sequence of {@code outerLength} tokens. */
    Steps(int outerLength) {
        rows = new byte[outerLength + 1][];
        firstColumn = new int[outerLength + 1];
    }

    /** The row of outer position {@code o} for the cells lo..hi, indexed from lo. */
    byte[] row(int o, int lo, int hi) {
        firstColumn[o] = lo;
        rows[o] = new byte[hi - lo + 1];
        return rows[o];
    }

    /** The pairs of the recorded path from the last cell back to the first, in sequence order. */
    List<AlignedPair> traceBack(int[] reference, int[] hypothesis) {
        boolean outerIsRef = reference.length >= hypothesis.length;
        int o = outerIsRef ? reference.length : hypothesis.length;
        int k = outerIsRef ? hypothesis.length : reference.length;
        List<AlignedPair> pairs = new ArrayList<>(o + k);
        while (o > 0 || k > 0) {
            byte step = o == 0 ? LEFT : k == 0 ? UP : recorded(o, k);
            if (step == DIAGONAL) {
                int r = outerIsRef ? o - 1 : k - 1;
                int h = outerIsRef ? k - 1 : o - 1;
                pairs.add(new AlignedPair(reference[r] == hypothesis[h] ? AlignedPair.Edit.MATCH : AlignedPair.Edit.SUBSTITUTION, r, h));
                o--;
                k--;
            } else if (step == UP) {
                pairs.add(outerIsRef ? deletion(o - 1) : insertion(o - 1));
                o--;
            } else {
                pairs.add(outerIsRef ? insertion(k - 1) : deletion(k - 1));
                k--;
            }
        }
        Collections.reverse(pairs);
        return pairs;
    }

    private byte recorded(int o, int k) {
        byte[] row = rows[o];
        int at = k - firstColumn[o];
        if (row == null || at < 0 || at >= row.length || row[at] == 0) {
            throw new IllegalStateException("the chosen path leaves the swept band at (" + o + ", " + k + ")");
        }
        return row[at];
    }

    private static AlignedPair deletion(int reference) {
        return new AlignedPair(AlignedPair.Edit.DELETION, reference, AlignedPair.NONE);
    }

    private static AlignedPair insertion(int hypothesis) {
        return new AlignedPair(AlignedPair.Edit.INSERTION, AlignedPair.NONE, hypothesis);
    }
}
