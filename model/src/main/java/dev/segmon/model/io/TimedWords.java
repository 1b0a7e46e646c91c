package dev.segmon.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import dev.segmon.model.alignment.Segment;
import dev.segmon.model.alignment.Utterance;
import java.util.ArrayList;
import java.util.List;

/**
 * One utterance as a recogniser or aligner wrote it: the timed units (words, phones, characters)
 * that give boundaries, and the transcript in file order, which also keeps the words the tool left
 * without times (WhisperX numerals, Gentle's words not found in the audio). An untimed word adds
 * no boundary but keeps its place for {@code eval wer}; the readers count them so that the CLI can
 * say how many there were instead of dropping them silently.
 */
final class TimedWords {
    private final String id;
    private final List<Segment> segments = new ArrayList<>();
    private final List<String> words = new ArrayList<>();
    private int untimed;

    TimedWords(String id) {
        this.id = id;
    }

    /** An utterance of timed words only, as the cloud recognisers give them (they time every word they return). */
    static TimedWords of(String id, List<Segment> words) {
        TimedWords out = new TimedWords(id);
        words.forEach(w -> out.timed(w.start(), w.end(), w.label()));
        return out;
    }

    /** A unit with times ({@code end >= start}); a blank label is a gap (no segment, no word), as a blank TextGrid interval. */
    TimedWords timed(double start, double end, String label) {
        String l = label.strip();
        if (!l.isEmpty()) {
            segments.add(new Segment(start, end, l));
            words.add(l);
        }
        return this;
    }

    /**
     * A unit object with a label field and times {@code "start"}, {@code "end"} in seconds. Without
     * either time it is untimed when {@code untimedAllowed} (else bad input); with one only it is bad input.
     */
    TimedWords add(TranscriptJson json, JsonNode unit, String labelField, String what, boolean untimedAllowed) {
        String label = json.label(unit, labelField, what);
        boolean hasStart = JsonDocument.has(unit, "start");
        boolean hasEnd = JsonDocument.has(unit, "end");
        if (hasStart != hasEnd) {
            throw json.error(unit, hasStart ? "start" : "end", what + " has \"" + (hasStart ? "start" : "end")
                    + "\" but no \"" + (hasStart ? "end" : "start") + "\"");
        }
        if (!hasStart && untimedAllowed) {
            return untimed(label);
        }
        double start = json.seconds(unit, "start", what);
        double end = json.seconds(unit, "end", what);
        if (end < start) {
            throw json.error(unit, "end", what + " '" + label.strip() + "' ends before it starts (" + start + " > " + end + ")");
        }
        return timed(start, end, label);
    }

    /** A unit the tool left without times: kept in the transcript, counted, no boundary. */
    TimedWords untimed(String label) {
        String l = label.strip();
        if (!l.isEmpty()) {
            words.add(l);
            untimed++;
        }
        return this;
    }

    /** A unit without times that is counted but not kept in this tier's transcript (a word, in a tier of phones). */
    TimedWords missing() {
        untimed++;
        return this;
    }

    String id() {
        return id;
    }

    List<String> words() {
        return words;
    }

    int untimedCount() {
        return untimed;
    }

    Utterance.Segmented utterance() {
        return new Utterance.Segmented(id, segments);
    }
}
