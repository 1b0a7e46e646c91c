package dev.segmon.app.wire;

/**
 * How an utterance of a model was closed: the {@code outcome} label of
 * {@code segmon_utterances_total} and the {@code outcome} key of a score record
 * (docs/contract.md 3.1, docs/streaming.md).
 */
public enum Outcome {
    /** Both sides complete. */
    SCORED("scored"),
    /**
     * The hypothesis ended and no reference came within reference-max-delay: not scored (only
     * counted), or with {@code --unreferenced score-empty} scored against an empty reference, as
     * {@code eval boundaries} does with the same choice.
     */
    UNREFERENCED("unreferenced"),
    /** A side never completed; scored against what had arrived. */
    TIMED_OUT("timed_out"),
    /** A reference expired with no hypothesis of any model (counted under model "none"). */
    UNHYPOTHESIZED("unhypothesized"),
    /**
     * The hypothesis ended declaring {@code "reference": "expected"} and no reference came within
     * reference-max-delay: a fault of the reference pipeline. Scored as {@link #UNREFERENCED} is
     * (not at all, or against an empty reference with {@code --unreferenced score-empty}).
     */
    REFERENCE_MISSING("reference_missing");

    private final String label;

    Outcome(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public static Outcome of(String label) {
        for (Outcome o : values()) {
            if (o.label.equals(label)) {
                return o;
            }
        }
        throw new IllegalArgumentException("unknown outcome " + label);
    }
}
