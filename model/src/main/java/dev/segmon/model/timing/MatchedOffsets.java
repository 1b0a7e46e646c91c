package dev.segmon.model.timing;

import dev.segmon.model.edit.AlignedPair;
import java.util.List;

/**
 * The signed start and end offsets (hypothesis - reference, microseconds) of the matched words of
 * one word alignment, in alignment order: what {@code eval timing} and the live monitor both take
 * from the pairs of {@link dev.segmon.model.edit.Levenshtein#pairs}, so that they agree by construction.
 *
 * @param starts start offsets
 * @param ends   end offsets, in the same word order
 */
public record MatchedOffsets(long[] starts, long[] ends) {

    /**
     * @param pairs the alignment of the reference to the hypothesis words
     * @param ref   the reference words' starts and ends, {@code ref[0]} and {@code ref[1]}, by position
     * @param hyp   the hypothesis words' the same way
     */
    public static MatchedOffsets of(List<AlignedPair> pairs, long[][] ref, long[][] hyp) {
        int n = 0;
        for (AlignedPair p : pairs) {
            n += p.edit() == AlignedPair.Edit.MATCH ? 1 : 0;
        }
        long[] starts = new long[n];
        long[] ends = new long[n];
        int i = 0;
        for (AlignedPair p : pairs) {
            if (p.edit() == AlignedPair.Edit.MATCH) {
                starts[i] = hyp[0][p.hypothesis()] - ref[0][p.reference()];
                ends[i++] = hyp[1][p.hypothesis()] - ref[1][p.reference()];
            }
        }
        return new MatchedOffsets(starts, ends);
    }

    /** The utterance's {@link TimingCounts}, with its reference and hypothesis word counts. */
    public TimingCounts counts(long referenceWords, long hypothesisWords) {
        return TimingCounts.of(referenceWords, hypothesisWords, starts, ends);
    }
}
