package dev.segmon.app.topology;

import dev.segmon.model.alignment.Utterance;
import dev.segmon.model.io.UtteranceReader;
import java.util.Iterator;
import java.util.List;

/** Utterances held in memory, read as a file of them would be: what the offline scorer takes. */
final class UtteranceList implements UtteranceReader {
    private final String source;
    private final Iterator<Utterance> it;

    UtteranceList(String source, List<Utterance> utterances) {
        this.source = source;
        this.it = List.copyOf(utterances).iterator();
    }

    @Override
    public String source() {
        return source;
    }

    @Override
    public boolean hasNext() {
        return it.hasNext();
    }

    @Override
    public Utterance next() {
        return it.next();
    }

    @Override
    public void close() {
    }
}
