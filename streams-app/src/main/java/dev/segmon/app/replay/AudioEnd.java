package dev.segmon.app.replay;

import dev.segmon.model.alignment.Segment;
import dev.segmon.model.alignment.Utterance;

/**
 * The audio duration a replayed {@code end} carries (docs/contract.md 3.1): the audio's length where
 * a file records it (a TextGrid's xmax), else the later of the reference's last segment end and the
 * hypothesis' last boundary, so that the monitor never finds a boundary past the audio's end.
 */
final class AudioEnd {
    private AudioEnd() {
    }

    /** The duration in seconds; -1 when no side has a time and no length is recorded. */
    static double seconds(Utterance reference, Utterance hypothesis, Double audioLength) {
        return Math.max(Math.max(lastTime(reference), lastTime(hypothesis)), audioLength == null ? -1 : audioLength);
    }

    /** The latest time of an utterance, silences included (they are audio too); -1 when it has none. */
    private static double lastTime(Utterance u) {
        double last = -1;
        if (u instanceof Utterance.Segmented s) {
            for (Segment g : s.segments()) {
                last = Math.max(last, g.end());
            }
        } else if (u instanceof Utterance.Marked m) {
            for (double t : m.times()) {
                last = Math.max(last, t);
            }
        }
        return last;
    }
}
