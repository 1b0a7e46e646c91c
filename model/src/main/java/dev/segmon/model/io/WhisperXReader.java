package dev.segmon.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * WhisperX's JSON ({@code whisperx audio.wav --output_format json}): {@code {"segments": [{"start",
 * "end", "text", "words": [{"word", "start", "end", "score"}], "chars": [...]}], "word_segments":
 * [...], "language": ...}}. One file is one recording, its id the file name without the extension.
 * Tier {@code words} (default) reads {@code segments[].words}, or {@code word_segments} when the
 * segments carry no words; {@code chars} reads {@code segments[].chars} (written with
 * {@code --return_char_alignments}); {@code segments} the segments' times.
 *
 * <p>WhisperX's aligner gives no times to tokens its alignment model has no characters for
 * (numerals such as "68", symbols such as "%"): such a word keeps its place in the transcript
 * ({@code eval wer}) and adds no boundary, and the reader counts it ({@link UtteranceReader#untimedWords()}),
 * which the CLI reports on stderr. A word with only one of the two times is bad input.
 */
final class WhisperXReader {
    private WhisperXReader() {
    }

    /** WhisperX's result: {@code "word_segments"}, or segments that carry words, and no Whisper {@code "text"}. */
    static boolean recognises(JsonNode root) {
        if (root.has("text")) {
            return false;
        }
        return root.path("word_segments").isArray()
                || (root.path("segments").isArray() && root.path("segments").path(0).has("words"));
    }

    static List<TimedWords> read(TranscriptJson json, String fileId, String tier) {
        String unit = ToolTiers.choose(tier, "WhisperX", json.source(), "words", "chars", "segments");
        JsonNode root = json.root();
        TimedWords out = new TimedWords(fileId);
        JsonNode segments = root.path("segments");
        boolean segmentsHaveWords = false;
        for (JsonNode s : segments) {
            segmentsHaveWords |= s.has("words");
        }
        if (unit.equals("words") && !segmentsHaveWords) {
            units(json, out, json.objects(root, "word_segments", ""), "word", "word_segments entry ");
            return List.of(out);
        }
        int i = 0;
        for (JsonNode segment : json.objects(root, "segments", "")) {
            if (unit.equals("segments")) {
                out.add(json, segment, "text", "segment " + i, false);
            } else if (unit.equals("words")) {
                units(json, out, json.objects(segment, "words", "segment " + i), "word", "segment " + i + " word ");
            } else {
                units(json, out, json.objects(segment, "chars", "segment " + i + " (run whisperx with --return_char_alignments)"),
                        "char", "segment " + i + " char ");
            }
            i++;
        }
        return List.of(out);
    }

    private static void units(TranscriptJson json, TimedWords out, List<JsonNode> list, String labelField, String what) {
        for (int j = 0; j < list.size(); j++) {
            out.add(json, list.get(j), labelField, what + j, true);
        }
    }
}
