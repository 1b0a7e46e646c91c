package dev.segmon.model.io;

import java.util.OptionalDouble;

import dev.segmon.model.alignment.Utterance;
import java.io.Closeable;
import java.util.Iterator;

/**
 * A stream of utterances read from one input, in file order, one utterance in memory at a time
 * where the format allows it. {@link #next()} throws {@link InputException} on bad input. Each id
 * appears once: a format whose lines carry the id (CTM, alignments) must list an utterance's lines
 * together, and a reader that meets an id again after another one reports it as bad input.
 */
public interface UtteranceReader extends Iterator<Utterance>, Closeable {

    /** The input's name as error messages and reports show it. */
    String source();

    /**
     * The length in seconds of the audio the utterance last returned by {@link #next()} belongs
     * to, where the format records it (a TextGrid's {@code xmax}); empty where it does not.
     */
    default OptionalDouble audioLength() {
        return OptionalDouble.empty();
    }

    @Override
    void close();
}
