package dev.segmon.model.boundary;

import java.util.Locale;

/**
 * What becomes of a hypothesis that has no reference (docs/contract.md 2.1 and appendix C): left
 * out of the counts, as when references exist for a sample of the traffic, or scored against an
 * empty reference (all its boundaries false alarms).
 */
public enum Unreferenced {
    /** Not scored: adds nothing to the counts; {@code eval boundaries} lists it as unpaired. */
    SKIP("skip"),
    /** Scored against an empty reference. */
    SCORE_EMPTY("score-empty");

    private final String label;

    Unreferenced(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** The choice named {@code text} ({@code skip} or {@code score-empty}). */
    public static Unreferenced parse(String text) {
        for (Unreferenced u : values()) {
            if (u.label.equals(text.trim().toLowerCase(Locale.ROOT))) {
                return u;
            }
        }
        throw new IllegalArgumentException("'" + text + "': use skip or score-empty");
    }

    @Override
    public String toString() {
        return label;
    }
}
