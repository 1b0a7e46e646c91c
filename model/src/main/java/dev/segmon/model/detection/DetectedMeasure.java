package dev.segmon.model.detection;

import dev.segmon.model.boundary.BoundaryCounts;

/**
 * The measures a change detector watches, each a ratio of per-utterance sums a_i / b_i, with the
 * direction in which a change is called: boundary precision (hits / n_hyp), recall (hits / n_ref),
 * F1 (2 hits / (n_hyp + n_ref)) and over-segmentation (n_hyp / n_ref, either way), and the word
 * error rate (errors / reference words, a rise), and the offset bias (the signed offsets hyp - ref
 * of the hits summed, over the hits: their mean, a shift either way).
 */
public enum DetectedMeasure {
    PRECISION("precision", Direction.DOWN),
    RECALL("recall", Direction.DOWN),
    F1("f1", Direction.DOWN),
    OVER_SEGMENTATION("os", Direction.EITHER),
    WORD_ERROR_RATE("wer", Direction.UP),
    OFFSET_BIAS("offset_bias", Direction.EITHER);

    private final String key;
    private final Direction direction;

    DetectedMeasure(String key, Direction direction) {
        this.key = key;
        this.direction = direction;
    }

    /** The label value ({@code measure="recall"}). */
    public String key() {
        return key;
    }

    public Direction direction() {
        return direction;
    }

    /** (a, b) of one utterance for a boundary measure. */
    public double[] observation(BoundaryCounts c) {
        return switch (this) {
            case PRECISION -> new double[] {c.hypothesisHits(), c.hypothesis()};
            case RECALL -> new double[] {c.referenceHits(), c.reference()};
            case F1 -> new double[] {2.0 * c.referenceHits(), c.hypothesis() + c.reference()};
            case OVER_SEGMENTATION -> new double[] {c.hypothesis(), c.reference()};
            case WORD_ERROR_RATE, OFFSET_BIAS -> throw new IllegalArgumentException(key + " is not a ratio of boundary counts");
        };
    }

    /** A comparison's observation: the candidate's (a, b) followed by the baseline's. */
    public double[] observation(BoundaryCounts candidate, BoundaryCounts baseline) {
        double[] c = observation(candidate);
        double[] b = observation(baseline);
        return new double[] {c[0], c[1], b[0], b[1]};
    }

    /** The measures of boundary counts (all but the word error rate and the offset bias). */
    public static final java.util.List<DetectedMeasure> BOUNDARIES = java.util.List.of(PRECISION, RECALL, F1, OVER_SEGMENTATION);
}
