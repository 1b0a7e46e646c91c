package dev.segmon.model.tde;

import dev.segmon.model.Ratio;

/**
 * The counts behind one precision/recall/F-score triple of the term-discovery evaluation: a
 * number of hits, of found items (precision's denominator) and of gold items (recall's). In
 * tdev2 every such pair of ratios shares its numerator (token: gold words hit; type: phone-string
 * types hit; boundary: gold boundaries hit; grouping: tokens in found-and-gold pairs, see
 * {@link TdeEvaluation}), so the F-score 2PR/(P+R) (tdev2 {@code measures.Measure.fscore}) is
 * 2 hits / (found + gold): the same value, and defined (0) where tdev2 divides 0 by 0.
 * Unlike boundary counts, type hits may exceed the gold count: tdev2 counts hit phone strings
 * but gold word spellings, and one spelling aligned with two phone strings can be hit twice.
 */
public record Retrieval(long hits, long found, long gold) {
    public Double precision() {
        return Ratio.of(hits, found);
    }

    public Double recall() {
        return Ratio.of(hits, gold);
    }

    public Double fscore() {
        return Ratio.of(2 * hits, found + gold);
    }
}
