package dev.segmon.model.interval;

import dev.segmon.model.boundary.BoundaryCounts;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Collects utterance counts and gives docs/contract.md 2.1.1's intervals. Precision is built on
 * the hypothesis-side hits and recall on the reference-side hits, so many-to-one counts (where
 * the two differ) get their precision and recall intervals too; F1 of many-to-one counts is not
 * a ratio of sums and has no interval.
 */
public final class BoundaryIntervals implements Consumer<BoundaryCounts> {
    private UtteranceMoments hypothesisSide = UtteranceMoments.ZERO;
    private UtteranceMoments referenceSide = UtteranceMoments.ZERO;

    @Override
    public void accept(BoundaryCounts c) {
        hypothesisSide = hypothesisSide.plus(UtteranceMoments.of(c.hypothesisHits(), c.hypothesis(), c.reference()));
        referenceSide = referenceSide.plus(UtteranceMoments.of(c.referenceHits(), c.hypothesis(), c.reference()));
    }

    /** The moments of the utterances seen (hits = hypothesis-side hits). */
    public UtteranceMoments moments() {
        return hypothesisSide;
    }

    /**
     * Each measure's interval at the two-sided {@code level} ({@link Estimate#confidenceInterval}:
     * leverage-inflated standard error, Student t with m - 1 degrees of freedom, logit or log
     * scale); null where 2.1.1 says null
     * (F1 always in many-to-one mode, whatever the counts).
     */
    public Map<Measure, Interval> intervals(double level, boolean manyToOne) {
        Map<Measure, Interval> out = new EnumMap<>(Measure.class);
        for (Measure m : Measure.values()) {
            UtteranceMoments source = m == Measure.RECALL ? referenceSide : hypothesisSide;
            out.put(m, m == Measure.F1 && manyToOne ? null : source.confidenceInterval(m, level));
        }
        return out;
    }
}
