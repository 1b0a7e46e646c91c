package dev.segmon.app.state;

import dev.segmon.model.boundary.ReferenceBoundaries;

/**
 * The reference of one (utterance, tier) so far, with the wall-clock time of its last change (for
 * expiry), its latest record time (for booking and the reference-lag gauge), and whether any
 * model's hypothesis was seen for it (else it expires as {@link Outcome#UNHYPOTHESIZED}); and
 * its transcript (the labels that are words; {@link WordList#NONE} when no segment had a label),
 * held as long as the reference, because every model is scored against it. Stored as a
 * {@link ReferenceHead} and its {@link ReferencePart}s.
 */
public record ReferenceState(ReferenceBoundaries boundaries, long lastWallMs, long lastRecordMs, boolean hypothesized,
                             WordList labels) {
    /** A state without labels. */
    public ReferenceState(ReferenceBoundaries boundaries, long lastWallMs, long lastRecordMs, boolean hypothesized) {
        this(boundaries, lastWallMs, lastRecordMs, hypothesized, WordList.NONE);
    }

    public ReferenceState hypothesizedNow() {
        return new ReferenceState(boundaries, lastWallMs, lastRecordMs, true, labels);
    }
}
