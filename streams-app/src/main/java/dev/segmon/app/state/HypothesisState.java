package dev.segmon.app.state;

import dev.segmon.model.boundary.IncrementalMatcher;
import java.nio.ByteBuffer;
import org.apache.kafka.common.serialization.Serde;

/**
 * One (utterance, tier, model): its incremental matcher (the undecided boundaries and the counts
 * decided so far), wall-clock and record times of its last change, and once scored, closed (kept
 * reference-max-delay longer to refuse records that come after its end); and its words, when its
 * messages carried words, held until it is closed ({@link WordList#NONE} after).
 *
 * <p>The matcher is mutable: a caller that changes it must store the state again before the
 * record is done (see {@code DecodedStore}).
 */
public record HypothesisState(IncrementalMatcher matcher, long lastWallMs, long lastRecordMs, boolean closed, WordList words) {
    public static final Serde<HypothesisState> SERDE = StateSerde.of(HypothesisState::encode, HypothesisState::decode);

    /** A state without words. */
    public HypothesisState(IncrementalMatcher matcher, long lastWallMs, long lastRecordMs, boolean closed) {
        this(matcher, lastWallMs, lastRecordMs, closed, WordList.NONE);
    }

    /** This state without its words (a closed utterance's transcript is not held). */
    public HypothesisState withoutWords() {
        return new HypothesisState(matcher, lastWallMs, lastRecordMs, closed, WordList.NONE);
    }

    /** A new, empty hypothesis. */
    public static HypothesisState open() {
        return new HypothesisState(new IncrementalMatcher(), 0, 0, false);
    }

    /** Layout: pending, hypMaxSeen, hypComplete, refCursor, hits, hypDecided, lastWallMs, lastRecordMs, closed, words. */
    public byte[] encode() {
        ByteBuffer out = Bytes.allocate(Bytes.longsSize(matcher.pending()) + 8 + 1 + 4 + 8 + 8 + 8 + 8 + 1 + words.encodedSize());
        Bytes.putLongs(out, matcher.pending());
        out.putLong(matcher.hypMaxSeen());
        Bytes.putBoolean(out, matcher.hypComplete());
        out.putInt(matcher.refCursor());
        out.putLong(matcher.hits());
        out.putLong(matcher.hypDecided());
        out.putLong(lastWallMs);
        out.putLong(lastRecordMs);
        Bytes.putBoolean(out, closed);
        words.encode(out);
        return out.array();
    }

    public static HypothesisState decode(byte[] bytes) {
        ByteBuffer in = Bytes.wrap(bytes);
        return new HypothesisState(new IncrementalMatcher(Bytes.getLongs(in), in.getLong(), Bytes.getBoolean(in), in.getInt(),
                in.getLong(), in.getLong()), in.getLong(), in.getLong(), Bytes.getBoolean(in), WordList.decode(in));
    }
}
