package dev.segmon.app.wire;

import dev.segmon.model.boundary.Admission;

/**
 * Why a record went to the dead-letter topic: the {@code reason} label of
 * {@code segmon_dead_letters_total} and the {@code segmon.reason} header (docs/contract.md 3.1).
 */
public enum DeadLetterReason {
    MALFORMED_JSON("malformed_json"),
    MISSING_FIELD("missing_field"),
    MISSING_TIER("missing_tier"),
    UNKNOWN_TIER("unknown_tier"),
    INVALID_TIME("invalid_time"),
    KEY_MISMATCH("key_mismatch"),
    /** Later than the out-of-order allowance (max-disorder) behind its side's latest boundary. */
    LATE("late"),
    DUPLICATE("duplicate"),
    AFTER_END("after_end"),
    OVERLAP("overlap"),
    TOO_LARGE("too_large"),
    /** A hypothesis word that is not a string, or {@code words} that is not an array. */
    INVALID_WORD("invalid_word"),
    /** An end message whose {@code reference} is not {@code "expected"} or {@code "none"} (a {@link Declaration}). */
    BAD_DECLARATION("bad_declaration"),
    /**
     * A reference for an utterance whose hypotheses were declared {@code "reference": "none"} and
     * are no longer held (docs/streaming.md, "Declarations").
     */
    DECLARED_UNREFERENCED("declared_unreferenced");

    private final String label;

    DeadLetterReason(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public static DeadLetterReason of(String label) {
        for (DeadLetterReason r : values()) {
            if (r.label.equals(label)) {
                return r;
            }
        }
        throw new IllegalArgumentException("unknown dead-letter reason " + label);
    }

    /** The reason a refused boundary or chunk is dead-lettered for. */
    public static DeadLetterReason of(Admission refused) {
        return switch (refused) {
            case LATE -> LATE;
            case DUPLICATE -> DUPLICATE;
            case AFTER_END -> AFTER_END;
            case OVERLAP -> OVERLAP;
            case ACCEPTED -> throw new IllegalArgumentException("accepted is no reason");
        };
    }
}
