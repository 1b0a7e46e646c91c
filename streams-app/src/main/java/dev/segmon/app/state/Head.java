package dev.segmon.app.state;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * What the utterance store holds of one growing state: its fixed-size fields, its latest additions
 * (the tail) and how many sealed parts hold the rest, so a record writes a bounded amount whatever
 * the state held before it (docs/streaming.md, "Per-utterance state").
 *
 * @param <S> the decoded state; {@code <P>} its parts
 */
public interface Head<S, P extends Part<P>> {
    int parts();

    P tail();

    /** The state these sealed parts (in order) and the tail complete. */
    S with(List<P> sealed);

    /** Bytes of the fixed-size fields. */
    int fixedSize();

    /** Writes the fixed-size fields. */
    void writeFixed(ByteBuffer out);

    /** Layout: version byte, the fixed-size fields, then the tail as a part (its version byte included). */
    default byte[] encode() {
        // The tail is written in place, not encoded apart and copied.
        P tail = tail();
        byte[][] utf8 = WordCodec.utf8(tail.words());
        ByteBuffer out = Bytes.allocate(fixedSize() + tail.encodedSize(utf8));
        writeFixed(out);
        tail.writeTo(out, utf8);
        return out.array();
    }
}
