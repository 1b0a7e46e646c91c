package dev.segmon.model.boundary;

/** What a streaming side does with an arriving boundary (or reference chunk). */
public enum Admission {
    /** Taken. */
    ACCEPTED,
    /** Already known: offline scoring uses distinct times, so it adds nothing. */
    DUPLICATE,
    /** Below the side's frontier (max seen - max disorder): it may already have been decided without it. */
    LATE,
    /** The side was declared complete ({@code end} / {@code final}) before it. */
    AFTER_END,
    /** A reference chunk whose span overlaps an earlier chunk's span. */
    OVERLAP
}
