package dev.segmon.app.state;

import dev.segmon.model.boundary.ReferenceBoundaries;
import java.nio.ByteBuffer;
import org.apache.kafka.common.serialization.Serde;

/**
 * The reference of one (utterance, tier) so far, with the wall-clock time of its last change (for
 * expiry), its latest record time (for booking and the reference-lag gauge), and whether any
 * model's hypothesis was seen for it (else it expires as {@link Outcome#UNHYPOTHESIZED}); and
 * its transcript (the labels that are words; {@link WordList#NONE} when no segment had a label),
 * held as long as the reference, because every model is scored against it.
 */
public record ReferenceState(ReferenceBoundaries boundaries, long lastWallMs, long lastRecordMs, boolean hypothesized,
                             WordList labels) {
    public static final Serde<ReferenceState> SERDE = StateSerde.of(ReferenceState::encode, ReferenceState::decode);

    /** A state without labels. */
    public ReferenceState(ReferenceBoundaries boundaries, long lastWallMs, long lastRecordMs, boolean hypothesized) {
        this(boundaries, lastWallMs, lastRecordMs, hypothesized, WordList.NONE);
    }

    public ReferenceState hypothesizedNow() {
        return new ReferenceState(boundaries, lastWallMs, lastRecordMs, true, labels);
    }

    /** Layout: times, maxSeen, complete, spans, lastWallMs, lastRecordMs, hypothesized, labels. */
    public byte[] encode() {
        ByteBuffer out = Bytes.allocate(Bytes.longsSize(boundaries.times()) + 8 + 1 + Bytes.longsSize(boundaries.spans()) + 8 + 8 + 1
                + labels.encodedSize());
        Bytes.putLongs(out, boundaries.times());
        out.putLong(boundaries.maxSeen());
        Bytes.putBoolean(out, boundaries.complete());
        Bytes.putLongs(out, boundaries.spans());
        out.putLong(lastWallMs);
        out.putLong(lastRecordMs);
        Bytes.putBoolean(out, hypothesized);
        labels.encode(out);
        return out.array();
    }

    public static ReferenceState decode(byte[] bytes) {
        ByteBuffer in = Bytes.wrap(bytes);
        return new ReferenceState(new ReferenceBoundaries(Bytes.getLongs(in), in.getLong(), Bytes.getBoolean(in), Bytes.getLongs(in)),
                in.getLong(), in.getLong(), Bytes.getBoolean(in), WordList.decode(in));
    }
}
