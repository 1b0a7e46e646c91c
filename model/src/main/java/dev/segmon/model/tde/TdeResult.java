package dev.segmon.model.tde;

import dev.segmon.model.Ratio;

/**
 * The term-discovery measures of one corpus (or one fold) as counts; every ratio is derived here.
 *
 * @param token         gold word tokens hit / discovered fragments / gold word tokens
 * @param type          phone-string types hit / discovered types / gold word types
 * @param boundary      gold boundaries hit / discovered boundaries / gold boundaries
 * @param grouping      tokens in found-and-gold pairs / tokens in found pairs / tokens in gold pairs
 * @param nedSum        sum of the normalised edit distances of all within-class pairs
 * @param pairs         number of within-class pairs (NED's denominator)
 * @param coveredPhones gold phones (not SIL/SPN) kept by some discovered fragment
 * @param goldPhones    gold phones (not SIL/SPN)
 */
public record TdeResult(Retrieval token, Retrieval type, Retrieval boundary, Retrieval grouping,
                        double nedSum, long pairs, long coveredPhones, long goldPhones) {

    /** Mean NED over within-class pairs, null without pairs (tdev2 reports NaN). */
    public Double ned() {
        return Ratio.of(nedSum, pairs);
    }

    public Double coverage() {
        return Ratio.of(coveredPhones, goldPhones);
    }
}
