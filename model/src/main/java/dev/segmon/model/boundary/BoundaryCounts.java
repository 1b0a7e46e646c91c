package dev.segmon.model.boundary;

/**
 * The sufficient statistics of boundary scoring. Counts form a commutative monoid under
 * {@link #plus}: the counts of a corpus are the sum of its utterances' counts, which is what lets
 * the streaming monitor score utterance by utterance (and partition by partition) and still
 * report exactly what the offline scorer reports. Every ratio is derived in
 * {@link BoundaryScores}, never stored.
 *
 * <p>In one-to-one matching (mir_eval) a hit pairs one reference with one hypothesis boundary, so
 * {@code referenceHits == hypothesisHits}. In many-to-one matching (UnsupSeg) they differ:
 * {@code hypothesisHits} counts hypothesis boundaries with any reference within tolerance and
 * {@code referenceHits} counts reference boundaries with any hypothesis within tolerance.
 *
 * @param reference      number of reference boundaries (N_ref)
 * @param hypothesis     number of hypothesis boundaries (N_hyp, "N_f" in the R-value paper)
 * @param referenceHits  reference boundaries found (numerator of recall / hit rate)
 * @param hypothesisHits hypothesis boundaries that are correct (numerator of precision)
 */
public record BoundaryCounts(long reference, long hypothesis, long referenceHits, long hypothesisHits) {

    /** The identity of {@link #plus}. */
    public static final BoundaryCounts ZERO = new BoundaryCounts(0, 0, 0, 0);

    public BoundaryCounts {
        if (reference < 0 || hypothesis < 0 || referenceHits < 0 || hypothesisHits < 0
                || referenceHits > reference || hypothesisHits > hypothesis) {
            throw new IllegalArgumentException("inconsistent boundary counts: ref=" + reference
                    + " hyp=" + hypothesis + " refHits=" + referenceHits + " hypHits=" + hypothesisHits);
        }
    }

    /** Counts of a one-to-one matching, where every hit uses one boundary of each side. */
    public static BoundaryCounts oneToOne(long reference, long hypothesis, long hits) {
        return new BoundaryCounts(reference, hypothesis, hits, hits);
    }

    /** The monoid operation: counts of two disjoint sets of utterances. */
    public BoundaryCounts plus(BoundaryCounts other) {
        return new BoundaryCounts(reference + other.reference, hypothesis + other.hypothesis,
                referenceHits + other.referenceHits, hypothesisHits + other.hypothesisHits);
    }

    /** Whether these counts come from a one-to-one matching (or are consistent with one). */
    public boolean isOneToOne() {
        return referenceHits == hypothesisHits;
    }

    /** The one-to-one hit count. Only meaningful when {@link #isOneToOne()}. */
    public long hits() {
        if (!isOneToOne()) {
            throw new IllegalStateException("many-to-one counts have separate reference and hypothesis hits");
        }
        return hypothesisHits;
    }

    /** The derived ratios. */
    public BoundaryScores scores() {
        return new BoundaryScores(this);
    }
}
