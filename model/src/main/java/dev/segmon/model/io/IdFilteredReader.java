package dev.segmon.model.io;

import dev.segmon.model.alignment.Utterance;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.OptionalDouble;
import java.util.function.Predicate;

/** The utterances of another reader whose ids pass a test (one slice of a corpus: docs/slices.md), in its order. */
public final class IdFilteredReader implements UtteranceReader {
    private final UtteranceReader in;
    private final Predicate<String> keep;
    private Utterance next;

    public IdFilteredReader(UtteranceReader in, Predicate<String> keep) {
        this.in = in;
        this.keep = keep;
    }

    @Override
    public String source() {
        return in.source();
    }

    @Override
    public boolean hasNext() {
        while (next == null && in.hasNext()) {
            Utterance u = in.next();
            if (keep.test(u.id())) {
                next = u;
            }
        }
        return next != null;
    }

    @Override
    public Utterance next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        Utterance u = next;
        next = null;
        return u;
    }

    @Override
    public OptionalDouble audioLength() {
        return in.audioLength();
    }

    @Override
    public List<String> words(Utterance u) {
        return in.words(u);
    }

    @Override
    public long untimedWords() {
        return in.untimedWords();
    }

    @Override
    public void close() {
        in.close();
    }
}
