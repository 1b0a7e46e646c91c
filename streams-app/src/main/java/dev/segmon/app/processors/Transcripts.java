package dev.segmon.app.processors;

import dev.segmon.app.state.WordList;
import dev.segmon.app.state.WordList.Word;
import dev.segmon.app.wire.DeadLetterReason;
import dev.segmon.app.wire.HypothesisEvent;
import dev.segmon.model.alignment.Segment;
import dev.segmon.model.boundary.Admission;
import dev.segmon.model.boundary.IncrementalMatcher;
import dev.segmon.model.Micros;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.kafka.streams.processor.api.Record;

/**
 * Admits the words of hypothesis messages and the labels of reference chunks into the held
 * transcripts (docs/contract.md 3.1).
 *
 * <p>A hypothesis word is refused as {@code late} when its start lies below the hypothesis
 * side's frontier (max seen - max disorder), as a bare time would be, and as {@code duplicate}
 * when the same (start, end, word) is held already (a re-sent message adds nothing, as a re-sent
 * time does not). The distinct starts and ends of the words admitted are then offered to the
 * matcher in ascending order; none of them can be late (each is at least the frontier and the
 * max seen only grows to the time just offered), and a time the matcher holds already is a
 * boundary shared with an earlier word (one word ends where the next starts), not an error.
 */
final class Transcripts {
    private final DeadLetters deadLetters;
    private final Set<String> ignoreLabels;
    private final long disorderMicros;

    Transcripts(DeadLetters deadLetters, Set<String> ignoreLabels, long disorderMicros) {
        this.deadLetters = deadLetters;
        this.ignoreLabels = Set.copyOf(ignoreLabels);
        this.disorderMicros = disorderMicros;
    }

    /** The words a message added ({@code taken}) and the transcript held with them. */
    record Admitted(WordList held, List<Word> taken) {
    }

    /**
     * The held words of one hypothesis with the message's words added; their times offered to
     * {@code m}, and those it accepted (new boundaries) added to {@code accepted}.
     */
    Admitted admit(Record<byte[], byte[]> record, HypothesisEvent h, IncrementalMatcher m, WordList held, LongList accepted) {
        if (m.hypComplete()) {
            deadLetters.send(record, DeadLetterReason.AFTER_END, h.model(), h.tier(), "words after the end mark");
            return new Admitted(held, List.of());
        }
        long floor = m.hypMaxSeen() == IncrementalMatcher.UNSEEN ? Long.MIN_VALUE : m.hypMaxSeen() - disorderMicros;
        List<Word> taken = new ArrayList<>(h.words().size());
        // A message usually carries one word: the set of those taken is made only for long ones.
        Set<Word> seen = h.words().size() > 8 ? new HashSet<>() : null;
        long[] times = new long[2 * h.words().size()];
        int n = 0;
        for (Segment s : h.words()) {
            Word w = new Word(Micros.of(s.start()), Micros.of(s.end()), s.label());
            if (w.start() < floor) {
                deadLetters.send(record, DeadLetterReason.LATE, h.model(), h.tier(), "word '" + s.label() + "' at " + s.start());
            } else if (held.contains(w) || (seen != null ? !seen.add(w) : taken.contains(w))) {
                deadLetters.send(record, DeadLetterReason.DUPLICATE, h.model(), h.tier(), "word '" + s.label() + "' at " + s.start());
            } else {
                taken.add(w);
                times[n++] = w.start();
                times[n++] = w.end();
            }
        }
        // The distinct times, ascending.
        Arrays.sort(times, 0, n);
        int distinct = 0;
        for (int i = 0; i < n; i++) {
            if (distinct == 0 || times[i] != times[distinct - 1]) {
                times[distinct++] = times[i];
            }
        }
        for (int i = 0; i < distinct; i++) {
            long t = times[i];
            Admission a = m.offerHypothesis(t, disorderMicros);
            if (a == Admission.ACCEPTED) {
                accepted.add(t);
            } else if (a != Admission.DUPLICATE) {
                // Cannot happen (see the class comment); counted rather than crashing the task if it did.
                deadLetters.send(record, DeadLetterReason.of(a), h.model(), h.tier(), "word time " + Micros.seconds(t));
            }
        }
        return new Admitted(held.plus(taken), taken);
    }

    /**
     * Held units the words or labelled segments of a message may add (see {@link Word#heldUnits()});
     * empty labels are not held (their times count as times).
     */
    static long heldUnits(List<Segment> words) {
        long n = 0;
        if (words != null) {
            for (Segment s : words) {
                n += s.label().isEmpty() ? 0 : new Word(0, 0, s.label()).heldUnits();
            }
        }
        return n;
    }

    /**
     * The reference transcript with a chunk's labels added (and those added): every segment's
     * label except empty ones and those in {@code ignore-labels}; present once any segment
     * carried a label.
     */
    Admitted labels(WordList held, List<Segment> segments) {
        List<Word> words = new ArrayList<>();
        boolean labelled = held.present();
        for (Segment s : segments) {
            if (s.label().isEmpty()) {
                continue;
            }
            labelled = true;
            if (!ignoreLabels.contains(s.label())) {
                words.add(new Word(Micros.of(s.start()), Micros.of(s.end()), s.label()));
            }
        }
        return new Admitted(labelled ? held.plus(words) : held, words);
    }
}
