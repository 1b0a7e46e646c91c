package dev.segmon.model.timing;

import java.util.List;

/**
 * The sufficient statistics of word timing, in the manner of {@code BoundaryCounts}: a commutative
 * monoid under {@link #plus}, so that a corpus' counts are the sum of its utterances' and a live
 * monitor can add them up utterance by utterance and report what the offline scorer reports.
 * Offsets are hypothesis - reference, in microseconds, taken only over matched words (a
 * reference word the word alignment pairs with an equal hypothesis word). Every figure derived
 * from them is formed in {@link TimingScores}.
 *
 * @param referenceWords  reference words, matched or not (denominator of the matched share)
 * @param hypothesisWords hypothesis words, matched or not
 * @param matched         matched words
 * @param startOffsetSum  sum of the signed start offsets of the matched words
 * @param endOffsetSum    sum of the signed end offsets
 * @param startErrorSum   sum of the absolute start offsets
 * @param endErrorSum     sum of the absolute end offsets
 * @param within          per {@link Collar}, in its order, the matched words within it
 */
public record TimingCounts(long referenceWords, long hypothesisWords, long matched,
        long startOffsetSum, long endOffsetSum, long startErrorSum, long endErrorSum, List<CollarCounts> within) {

    private static final Collar[] COLLARS = Collar.values();

    /** The identity of {@link #plus}. */
    public static final TimingCounts ZERO = new TimingCounts(0, 0, 0, 0, 0, 0, 0,
            List.of(CollarCounts.ZERO, CollarCounts.ZERO, CollarCounts.ZERO, CollarCounts.ZERO));

    public TimingCounts {
        within = List.copyOf(within);
        boolean consistent = within.size() == COLLARS.length
                && matched >= 0 && matched <= referenceWords && matched <= hypothesisWords
                && Math.abs(startOffsetSum) <= startErrorSum && Math.abs(endOffsetSum) <= endErrorSum;
        // A loop, not a stream: every close of a live monitor builds a few of these
        // (docs/decisions/0023-closes-added-up-beside-the-aggregates.md).
        for (int i = 0; consistent && i < within.size(); i++) {
            consistent = within.get(i).starts() <= matched && within.get(i).ends() <= matched;
        }
        if (!consistent) {
            throw new IllegalArgumentException("inconsistent timing counts: ref=" + referenceWords + " hyp=" + hypothesisWords
                    + " matched=" + matched + " sums=" + startOffsetSum + "," + endOffsetSum + "," + startErrorSum + ","
                    + endErrorSum + " within=" + within);
        }
    }

    /**
     * The counts of one utterance.
     *
     * @param startOffsets hypothesis - reference start of each matched word, in microseconds
     * @param endOffsets   the same for the ends, in the same word order
     */
    public static TimingCounts of(long referenceWords, long hypothesisWords, long[] startOffsets, long[] endOffsets) {
        if (startOffsets.length != endOffsets.length) {
            throw new IllegalArgumentException(startOffsets.length + " start offsets but " + endOffsets.length + " end offsets");
        }
        long startSum = 0;
        long endSum = 0;
        long startErrors = 0;
        long endErrors = 0;
        long[] starts = new long[COLLARS.length];
        long[] ends = new long[COLLARS.length];
        long[] both = new long[COLLARS.length];
        for (int i = 0; i < startOffsets.length; i++) {
            long s = startOffsets[i];
            long e = endOffsets[i];
            startSum += s;
            endSum += e;
            startErrors += Math.abs(s);
            endErrors += Math.abs(e);
            for (int c = 0; c < COLLARS.length; c++) {
                boolean start = COLLARS[c].holds(s);
                boolean end = COLLARS[c].holds(e);
                starts[c] += start ? 1 : 0;
                ends[c] += end ? 1 : 0;
                both[c] += start && end ? 1 : 0;
            }
        }
        CollarCounts[] within = new CollarCounts[COLLARS.length];
        for (int c = 0; c < COLLARS.length; c++) {
            within[c] = new CollarCounts(starts[c], ends[c], both[c]);
        }
        return new TimingCounts(referenceWords, hypothesisWords, startOffsets.length, startSum, endSum, startErrors, endErrors, List.of(within));
    }

    /** The monoid operation: counts of two disjoint sets of utterances. */
    public TimingCounts plus(TimingCounts other) {
        CollarCounts[] sum = new CollarCounts[within.size()];
        for (int i = 0; i < sum.length; i++) {
            sum[i] = within.get(i).plus(other.within.get(i));
        }
        // List.of: the constructor's copy of an unmodifiable list is the list itself.
        return new TimingCounts(referenceWords + other.referenceWords, hypothesisWords + other.hypothesisWords,
                matched + other.matched, startOffsetSum + other.startOffsetSum, endOffsetSum + other.endOffsetSum,
                startErrorSum + other.startErrorSum, endErrorSum + other.endErrorSum, List.of(sum));
    }

    /** The counts at one collar. */
    public CollarCounts within(Collar collar) {
        return within.get(collar.ordinal());
    }

    /** The derived figures. */
    public TimingScores scores() {
        return new TimingScores(this);
    }
}
