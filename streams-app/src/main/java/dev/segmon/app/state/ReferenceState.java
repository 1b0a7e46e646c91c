package dev.segmon.app.state;

import dev.segmon.model.boundary.ReferenceBoundaries;
import java.nio.ByteBuffer;
import org.apache.kafka.common.serialization.Serde;

/**
 * The reference of one (utterance, tier) so far, with the wall-clock time of its last change (for
 * expiry), its latest record time (for booking and the reference-lag gauge), and whether any
 * model's hypothesis was seen for it (else it expires as {@link Outcome#UNHYPOTHESIZED}).
 */
public record ReferenceState(ReferenceBoundaries boundaries, long lastWallMs, long lastRecordMs, boolean hypothesized) {
    public static final Serde<ReferenceState> SERDE = StateSerde.of(ReferenceState::encode, ReferenceState::decode);

    public ReferenceState hypothesizedNow() {
        return new ReferenceState(boundaries, lastWallMs, lastRecordMs, true);
    }

    /** Layout: times, maxSeen, complete, spans, lastWallMs, lastRecordMs, hypothesized. */
    public byte[] encode() {
        ByteBuffer out = Bytes.allocate(Bytes.longsSize(boundaries.times()) + 8 + 1 + Bytes.longsSize(boundaries.spans()) + 8 + 8 + 1);
        Bytes.putLongs(out, boundaries.times());
        out.putLong(boundaries.maxSeen());
        Bytes.putBoolean(out, boundaries.complete());
        Bytes.putLongs(out, boundaries.spans());
        out.putLong(lastWallMs);
        out.putLong(lastRecordMs);
        Bytes.putBoolean(out, hypothesized);
        return out.array();
    }

    public static ReferenceState decode(byte[] bytes) {
        ByteBuffer in = Bytes.wrap(bytes);
        return new ReferenceState(new ReferenceBoundaries(Bytes.getLongs(in), in.getLong(), Bytes.getBoolean(in), Bytes.getLongs(in)),
                in.getLong(), in.getLong(), Bytes.getBoolean(in));
    }
}
