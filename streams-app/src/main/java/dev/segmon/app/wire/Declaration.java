package dev.segmon.app.wire;

/**
 * What the producer said of an utterance's reference in its hypothesis' {@code end} message
 * (docs/contract.md 3.1, field {@code reference}): that one will follow, that none will, or
 * nothing. It decides how long the monitor holds the hypothesis and how it closes without one
 * (docs/streaming.md, "Declarations").
 */
public enum Declaration {
    /** No {@code reference} field: the hypothesis waits reference-max-delay, then closes {@code unreferenced}. */
    UNDECLARED(null),
    /** {@code "reference": "expected"}: a reference will follow; one that never comes closes {@code reference_missing}. */
    EXPECTED("expected"),
    /** {@code "reference": "none"}: no reference will follow; the hypothesis closes {@code unreferenced} at its end. */
    NONE("none");

    private final String label;

    Declaration(String label) {
        this.label = label;
    }

    /** The value of the {@code reference} field; null for {@link #UNDECLARED}. */
    public String label() {
        return label;
    }

    /** The declaration a {@code reference} value names, or null when it names none. */
    public static Declaration of(String label) {
        for (Declaration d : values()) {
            if (d.label != null && d.label.equals(label)) {
                return d;
            }
        }
        return null;
    }
}
