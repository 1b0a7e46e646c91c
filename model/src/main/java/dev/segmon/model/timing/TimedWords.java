package dev.segmon.model.timing;

import dev.segmon.model.Micros;
import dev.segmon.model.alignment.Segment;
import dev.segmon.model.alignment.Utterance;
import dev.segmon.model.edit.Vocabulary;
import dev.segmon.model.io.InputException;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * The words of one utterance as the word alignment and the offsets need them: labels interned,
 * times on the microsecond grid, in start order (then end order; ties keep file order). A word is
 * a segment with a label; empty labels and the ignored ones are left out, as for transcripts.
 */
record TimedWords(int[] tokens, long[] starts, long[] ends) {
    static final TimedWords NONE = new TimedWords(new int[0], new long[0], new long[0]);

    private static final Comparator<Segment> ORDER = Comparator.comparingDouble(Segment::start).thenComparingDouble(Segment::end);

    /**
     * @param source names the input in the error an utterance of bare boundary times raises
     */
    static TimedWords of(Utterance utterance, Set<String> ignoredLabels, Vocabulary vocabulary, String source) {
        if (!(utterance instanceof Utterance.Segmented s)) {
            throw new InputException(source, 0, "utterance '" + utterance.id()
                    + "' gives bare boundary times; word timing needs labelled segments (words)");
        }
        List<Segment> words = s.segments().stream()
                .filter(w -> !w.label().isEmpty() && !ignoredLabels.contains(w.label()))
                .sorted(ORDER)
                .toList();
        int n = words.size();
        int[] tokens = new int[n];
        long[] starts = new long[n];
        long[] ends = new long[n];
        for (int i = 0; i < n; i++) {
            Segment w = words.get(i);
            tokens[i] = vocabulary.intern(w.label());
            starts[i] = Micros.of(w.start());
            ends[i] = Micros.of(w.end());
        }
        return new TimedWords(tokens, starts, ends);
    }

    int size() {
        return tokens.length;
    }
}
