package dev.segmon.app.state;

import dev.segmon.app.state.WordList.Word;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * What records add to a state that grows with them (a hypothesis' times and words, a reference's
 * chunks): a head's tail, or a sealed part (docs/streaming.md, "Per-utterance state").
 *
 * @param <P> the part type itself
 */
public interface Part<P extends Part<P>> {
    /** This part with {@code more} appended. */
    P plus(P more);

    /** What this part holds in the units a tail is sealed at ({@link Head}'s {@code SEAL}). */
    int sealUnits();

    /** The words it carries, in order (hypothesis words, reference labels). */
    List<Word> words();

    /** Bytes of its encoding, given its words' UTF-8 forms. */
    int encodedSize(byte[][] utf8);

    /** Writes its encoding (version byte first) where a head carries its tail. */
    void writeTo(ByteBuffer out, byte[][] utf8);
}
