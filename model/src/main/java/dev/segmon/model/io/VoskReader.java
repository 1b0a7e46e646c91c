package dev.segmon.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * Vosk recognizer results with word times ({@code rec.SetWords(True)}): {@code {"result": [{"conf",
 * "start", "end", "word"}], "text": ...}}, as {@code Result()} and {@code FinalResult()} return
 * them, either one result or the stream of them a program prints while it feeds the audio chunk
 * by chunk (the vosk-api examples' {@code test_simple.py}). Partial results ({@code "partial"}) are
 * skipped; with {@code SetMaxAlternatives(n)} the first (best) alternative is read. All the
 * results of one file are one recording, its id the file name without the extension. A result
 * with text but no {@code "result"} (words not enabled) is refused.
 */
final class VoskReader {
    private VoskReader() {
    }

    /** A result ({@code "result"} or {@code "alternatives"}), or a result or partial that holds nothing else. */
    static boolean recognises(JsonNode root) {
        return root.path("result").isArray() || root.path("alternatives").isArray()
                || (root.size() == 1 && (root.path("partial").isTextual() || root.path("text").isTextual()));
    }

    static List<TimedWords> read(TranscriptJson json, String fileId, String tier) {
        ToolTiers.choose(tier, "Vosk", json.source(), "words");
        TimedWords out = new TimedWords(fileId);
        int n = 0;
        for (JsonNode value : json.values()) {
            JsonNode result = json.object(value, value, "a Vosk result");
            if (result.has("partial")) {
                continue;
            }
            if (result.has("alternatives")) {
                JsonNode alternatives = json.list(result, "alternatives", "the result");
                if (alternatives.isEmpty()) {
                    continue;
                }
                result = json.object(alternatives.get(0), alternatives, "alternative 0");
            }
            if (!JsonDocument.has(result, "result")) {
                if (!json.label(result, "text", "the result").isBlank()) {
                    throw json.error(result, "text", "a result with text but no \"result\" words: call SetWords(True) on the recognizer");
                }
                continue;
            }
            JsonNode words = json.list(result, "result", "the result");
            for (JsonNode w : words) {
                String what = "word " + n++;
                out.add(json, json.object(w, words, what), "word", what, false);
            }
        }
        return List.of(out);
    }
}
