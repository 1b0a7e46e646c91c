package dev.segmon.model.edit;

import dev.segmon.model.Ratio;

/**
 * Sum of per-utterance normalised edit distances and the number of utterances: a monoid under
 * {@link #plus} whose {@link #ned()} is the mean.
 */
public record NedCounts(double distanceSum, long utterances) {

    /** The identity of {@link #plus}. */
    public static final NedCounts ZERO = new NedCounts(0, 0);

    /**
     * One utterance: Levenshtein distance / max(len(ref), len(hyp)), 0 when both are empty
     * (docs/contract.md 2.4; the normalisation of the ZeroSpeech NED, which divides by the longer
     * sequence so that the value stays in [0, 1]).
     */
    public static NedCounts of(int distance, int referenceLength, int hypothesisLength) {
        int longer = Math.max(referenceLength, hypothesisLength);
        return new NedCounts(longer == 0 ? 0.0 : (double) distance / longer, 1);
    }

    /** One utterance's NED from its two token sequences (unit-cost distance, as {@link #of(int, int, int)}). */
    public static NedCounts of(int[] reference, int[] hypothesis) {
        return of(Levenshtein.distance(reference, hypothesis), reference.length, hypothesis.length);
    }

    public NedCounts plus(NedCounts other) {
        return new NedCounts(distanceSum + other.distanceSum, utterances + other.utterances);
    }

    /** The mean over utterances; null without utterances. */
    public Double ned() {
        return Ratio.of(distanceSum, utterances);
    }
}
