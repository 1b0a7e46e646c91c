package dev.segmon.app.state;

import dev.segmon.app.wire.Declaration;
import dev.segmon.model.boundary.IncrementalMatcher;

/**
 * One (utterance, tier, model): its incremental matcher (the undecided boundaries and the counts
 * decided so far), wall-clock and record times of its last change, and once scored, closed (kept
 * reference-max-delay longer to refuse records that come after its end); its words, when its
 * messages carried words, held until it is closed ({@link WordList#NONE} after); and what its end
 * declared of the reference ({@link Declaration}).
 *
 * <p>Stored as a {@link HypothesisHead} and the {@link HypothesisPart}s of its records. The
 * matcher is mutable: a caller that changes it must store the state again before the record is
 * done (see {@code UtteranceLog}).
 */
public record HypothesisState(IncrementalMatcher matcher, long lastWallMs, long lastRecordMs, boolean closed, WordList words,
                              Declaration declared) {
    /** An undeclared state. */
    public HypothesisState(IncrementalMatcher matcher, long lastWallMs, long lastRecordMs, boolean closed, WordList words) {
        this(matcher, lastWallMs, lastRecordMs, closed, words, Declaration.UNDECLARED);
    }

    /** An undeclared state without words. */
    public HypothesisState(IncrementalMatcher matcher, long lastWallMs, long lastRecordMs, boolean closed) {
        this(matcher, lastWallMs, lastRecordMs, closed, WordList.NONE);
    }

    /** This state without its words (a closed utterance's transcript is not held). */
    public HypothesisState withoutWords() {
        return new HypothesisState(matcher, lastWallMs, lastRecordMs, closed, WordList.NONE, declared);
    }

    /** This state as last touched at wall-clock time {@code wallMs} (what the expiry goes by). */
    public HypothesisState at(long wallMs) {
        return new HypothesisState(matcher, wallMs, lastRecordMs, closed, words, declared);
    }

    /** A new, empty hypothesis. */
    public static HypothesisState open() {
        return new HypothesisState(new IncrementalMatcher(), 0, 0, false);
    }
}
