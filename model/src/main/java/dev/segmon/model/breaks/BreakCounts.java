package dev.segmon.model.breaks;

/**
 * The sufficient statistics of phrase-break assignment (Taylor and Black 1998, "Assigning phrase
 * breaks from part-of-speech sequences", Computer Speech and Language 12(2), section 5). They form
 * a commutative monoid under {@link #plus}, so a corpus's counts are the sum of its sentences'.
 * Every ratio is derived in {@link BreakScores}.
 *
 * <p>Each juncture (the gap after a word) carries a label, {@code NB} for no break or a break type.
 * Against the reference, a test juncture is a deletion when the reference has a break and the test
 * none, an insertion when the reference has none and the test a break, and a substitution when both
 * have a break of different types.
 *
 * @param junctures     N, every juncture scored
 * @param breaks        B, reference junctures that carry a break
 * @param deletions     D, reference breaks the test misses
 * @param insertions    I, test breaks where the reference has none
 * @param substitutions S, breaks found with the wrong type
 */
public record BreakCounts(long junctures, long breaks, long deletions, long insertions, long substitutions) {

    /** The identity of {@link #plus}. */
    public static final BreakCounts ZERO = new BreakCounts(0, 0, 0, 0, 0);

    public BreakCounts {
        if (junctures < 0 || breaks < 0 || deletions < 0 || insertions < 0 || substitutions < 0
                || breaks > junctures || deletions + substitutions > breaks || insertions > junctures - breaks) {
            throw new IllegalArgumentException("inconsistent break counts: N=" + junctures + " B=" + breaks
                    + " D=" + deletions + " I=" + insertions + " S=" + substitutions);
        }
    }

    /** The monoid operation: counts of two disjoint sets of sentences. */
    public BreakCounts plus(BreakCounts other) {
        return new BreakCounts(junctures + other.junctures, breaks + other.breaks, deletions + other.deletions,
                insertions + other.insertions, substitutions + other.substitutions);
    }

    /** The derived ratios. */
    public BreakScores scores() {
        return new BreakScores(this);
    }
}
