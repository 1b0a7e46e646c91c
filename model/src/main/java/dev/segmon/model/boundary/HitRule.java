package dev.segmon.model.boundary;

import java.util.Locale;

/**
 * What makes a matched pair of boundaries a hit (docs/contract.md 2.1, docs/boundaries.md "Label-aware
 * hits"): its times alone ({@link #TIME}, the default), or its times and the words on either side
 * ({@link #LABEL}, as WhisperX's evaluation counts a word only when it is recognised).
 */
public enum HitRule {
    /** A pair within the tolerance is a hit. */
    TIME,
    /**
     * A pair within the tolerance is a hit only where its words agree ({@link BoundaryWords#agree}).
     * The pairs are those of {@link #TIME}: the rule never changes which boundaries pair up.
     */
    LABEL;

    /** {@code time} or {@code label}. */
    public static HitRule parse(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "time" -> TIME;
            case "label" -> LABEL;
            default -> throw new IllegalArgumentException("unknown hit rule '" + text + "': use time or label");
        };
    }

    /** The name {@link #parse} reads. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
