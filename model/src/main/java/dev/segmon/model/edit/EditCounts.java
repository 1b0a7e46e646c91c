package dev.segmon.model.edit;

import dev.segmon.model.Ratio;

/**
 * The sufficient statistics of word error rate: the substitutions, insertions and deletions of
 * one minimal alignment per utterance, and the number of reference tokens. A commutative monoid
 * under {@link #plus}, so the corpus WER pools errors over utterances as jiwer and Kaldi's
 * {@code compute-wer} do (not a mean of per-utterance rates).
 */
public record EditCounts(long substitutions, long insertions, long deletions, long referenceTokens) {

    /** The identity of {@link #plus}. */
    public static final EditCounts ZERO = new EditCounts(0, 0, 0, 0);

    public EditCounts {
        if (substitutions < 0 || insertions < 0 || deletions < 0 || referenceTokens < 0
                || substitutions + deletions > referenceTokens) {
            throw new IllegalArgumentException("inconsistent edit counts: S=" + substitutions + " I=" + insertions
                    + " D=" + deletions + " N=" + referenceTokens);
        }
    }

    /**
     * The counts of one alignment's pairs ({@link Levenshtein#pairs}, whose pairs are those of the
     * alignment {@link Levenshtein#align} counts): so that one alignment serves both WER and word timing.
     */
    public static EditCounts of(java.util.List<AlignedPair> pairs, long referenceTokens) {
        long s = 0;
        long i = 0;
        long d = 0;
        for (AlignedPair p : pairs) {
            switch (p.edit()) {
                case SUBSTITUTION -> s++;
                case INSERTION -> i++;
                case DELETION -> d++;
                case MATCH -> { }
            }
        }
        return new EditCounts(s, i, d, referenceTokens);
    }

    public EditCounts plus(EditCounts other) {
        return new EditCounts(substitutions + other.substitutions, insertions + other.insertions,
                deletions + other.deletions, referenceTokens + other.referenceTokens);
    }

    /** S + I + D. */
    public long errors() {
        return substitutions + insertions + deletions;
    }

    /** WER = (S + I + D) / N_ref; null when the reference has no token. */
    public Double wer() {
        return Ratio.of(errors(), referenceTokens);
    }
}
