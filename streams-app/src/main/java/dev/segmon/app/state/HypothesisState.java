package dev.segmon.app.state;

import dev.segmon.model.boundary.IncrementalMatcher;
import java.nio.ByteBuffer;
import org.apache.kafka.common.serialization.Serde;

/**
 * One (utterance, tier, model): its incremental matcher (the undecided boundaries and the counts
 * decided so far), wall-clock and record times of its last change, and once scored, closed (kept
 * reference-max-delay longer to refuse records that come after its end).
 *
 * <p>The matcher is mutable: a caller that changes it must store the state again before the
 * record is done (see {@code DecodedStore}).
 */
public record HypothesisState(IncrementalMatcher matcher, long lastWallMs, long lastRecordMs, boolean closed) {
    public static final Serde<HypothesisState> SERDE = StateSerde.of(HypothesisState::encode, HypothesisState::decode);

    /** A new, empty hypothesis. */
    public static HypothesisState open() {
        return new HypothesisState(new IncrementalMatcher(), 0, 0, false);
    }

    /** Layout: pending, hypMaxSeen, hypComplete, refCursor, hits, hypDecided, lastWallMs, lastRecordMs, closed. */
    public byte[] encode() {
        ByteBuffer out = Bytes.allocate(Bytes.longsSize(matcher.pending()) + 8 + 1 + 4 + 8 + 8 + 8 + 8 + 1);
        Bytes.putLongs(out, matcher.pending());
        out.putLong(matcher.hypMaxSeen());
        Bytes.putBoolean(out, matcher.hypComplete());
        out.putInt(matcher.refCursor());
        out.putLong(matcher.hits());
        out.putLong(matcher.hypDecided());
        out.putLong(lastWallMs);
        out.putLong(lastRecordMs);
        Bytes.putBoolean(out, closed);
        return out.array();
    }

    public static HypothesisState decode(byte[] bytes) {
        ByteBuffer in = Bytes.wrap(bytes);
        return new HypothesisState(new IncrementalMatcher(Bytes.getLongs(in), in.getLong(), Bytes.getBoolean(in), in.getInt(),
                in.getLong(), in.getLong()), in.getLong(), in.getLong(), Bytes.getBoolean(in));
    }
}
