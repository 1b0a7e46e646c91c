package dev.segmon.model.interval;

import dev.segmon.model.boundary.BoundaryCounts;

/**
 * The moment sums behind an utterance-level interval for one model: the number of utterances m,
 * the sums of hits h, hypothesis boundaries y and reference boundaries r, and the sums of their
 * per-utterance squares and products. Like {@link BoundaryCounts} they form a commutative monoid
 * under {@link #plus}: one utterance's moments, added up per minute, per instance, per corpus,
 * give the moments of the whole, which is all {@link Linearisation} needs. These ten numbers are
 * what the monitor exports as counters (docs/intervals.md, "Counters").
 */
public record UtteranceMoments(long utterances, long hits, long hypothesis, long reference,
        long hitsSquared, long hypothesisSquared, long referenceSquared,
        long hitsHypothesis, long hitsReference, long hypothesisReference) {

    public static final UtteranceMoments ZERO = new UtteranceMoments(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    /** One utterance with h hits, y hypothesis and r reference boundaries. */
    public static UtteranceMoments of(long h, long y, long r) {
        return new UtteranceMoments(1, h, y, r, h * h, y * y, r * r, h * y, h * r, y * r);
    }

    /** One utterance's one-to-one counts. */
    public static UtteranceMoments of(BoundaryCounts c) {
        return of(c.hits(), c.hypothesis(), c.reference());
    }

    public UtteranceMoments plus(UtteranceMoments o) {
        return new UtteranceMoments(utterances + o.utterances, hits + o.hits, hypothesis + o.hypothesis,
                reference + o.reference, hitsSquared + o.hitsSquared, hypothesisSquared + o.hypothesisSquared,
                referenceSquared + o.referenceSquared, hitsHypothesis + o.hitsHypothesis,
                hitsReference + o.hitsReference, hypothesisReference + o.hypothesisReference);
    }

    /**
     * The moments of the utterances counted in this total but not in {@code earlier}, an earlier
     * total of the same stream: what increase() of the counters gives over a range.
     */
    public UtteranceMoments minus(UtteranceMoments earlier) {
        UtteranceMoments e = earlier;
        return new UtteranceMoments(utterances - e.utterances, hits - e.hits, hypothesis - e.hypothesis,
                reference - e.reference, hitsSquared - e.hitsSquared, hypothesisSquared - e.hypothesisSquared,
                referenceSquared - e.referenceSquared, hitsHypothesis - e.hitsHypothesis,
                hitsReference - e.hitsReference, hypothesisReference - e.hypothesisReference);
    }

    /** Component order: h, y, r. */
    double[] sums() {
        return new double[] {hits, hypothesis, reference};
    }

    double[][] cross() {
        return new double[][] {
            {hitsSquared, hitsHypothesis, hitsReference},
            {hitsHypothesis, hypothesisSquared, hypothesisReference},
            {hitsReference, hypothesisReference, referenceSquared}};
    }

    /** The linearised estimate of a measure; null when it has no interval (m < 2, empty denominator). */
    public Estimate estimate(Measure measure) {
        return Linearisation.estimate(measure.statistic(), utterances, sums(), cross());
    }

    /**
     * The measure's interval at the two-sided {@code level} (docs/contract.md 2.1.1,
     * {@link Estimate#confidenceInterval}); null when it has no estimate.
     */
    public Interval confidenceInterval(Measure measure, double level) {
        Estimate e = estimate(measure);
        return e == null ? null : e.confidenceInterval(level);
    }
}
