package dev.segmon.model.io;

import dev.segmon.model.alignment.Segment;
import dev.segmon.model.alignment.Utterance;
import java.io.Closeable;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.OptionalDouble;

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

    /**
     * The words of {@code u}, an utterance this reader has just returned, as a transcript: the
     * labels of its segments in time order (a stable sort by start, so file order breaks ties).
     * Readers of formats where a tool leaves some words without times keep those words in their
     * place. An utterance of bare boundary times has no words: bad input for a transcript.
     */
    default List<String> words(Utterance u) {
        if (u instanceof Utterance.Segmented s) {
            return s.segments().stream().sorted(Comparator.comparingDouble(Segment::start))
                    .map(Segment::label).filter(l -> !l.isBlank()).toList();
        }
        throw new InputException(source(), 0, "utterance '" + u.id() + "' is bare boundary times: it has no words to score");
    }

    /** How many words read so far carry no times: they stay in {@link #words} but add no boundary. */
    default long untimedWords() {
        return 0;
    }

    @Override
    void close();
}
