package dev.segmon.model.io;

import dev.segmon.model.alignment.Utterance;
import java.io.Closeable;
import java.io.IOException;
import java.util.NoSuchElementException;

/**
 * The iterator half of every reader, written once: a reader only says how to read the next
 * utterance ({@link #readNext()}, null at the end) and this class looks one ahead.
 */
abstract class LookaheadUtteranceReader implements UtteranceReader {
    private final String source;
    private Utterance next;

    LookaheadUtteranceReader(String source) {
        this.source = source;
    }

    /** The next utterance of the input, or {@code null} at its end. */
    abstract Utterance readNext();

    @Override
    public final String source() {
        return source;
    }

    @Override
    public final boolean hasNext() {
        if (next == null) {
            next = readNext();
        }
        return next != null;
    }

    @Override
    public final Utterance next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        Utterance u = next;
        next = null;
        return u;
    }

    /** Closes an underlying input. A failing close of an input loses nothing: nothing was written. */
    static void close(Closeable in) {
        try {
            in.close();
        } catch (IOException ignored) {
            // nothing to report: the input was fully read or abandoned
        }
    }
}
