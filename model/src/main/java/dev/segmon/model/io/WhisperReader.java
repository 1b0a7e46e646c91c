package dev.segmon.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * openai-whisper's JSON ({@code whisper audio.wav --word_timestamps True --output_format json}):
 * {@code {"text": ..., "segments": [{"start", "end", "text", "words": [{"word", "start", "end",
 * "probability"}]}], "language": ...}}. One file is one recording, its id the file name without
 * the extension. Tier {@code words} (default) gives every word with its times (the leading space
 * Whisper keeps on each word is dropped); tier {@code segments} gives the segments' times. A
 * segment without {@code "words"} (Whisper run without word timestamps) is refused, so segment
 * times are never scored as word boundaries by accident.
 */
final class WhisperReader {
    private WhisperReader() {
    }

    /** Whisper's result: a {@code "text"} and a {@code "segments"} array, and not WhisperX's {@code "word_segments"}. */
    static boolean recognises(JsonNode root) {
        return root.path("text").isTextual() && root.path("segments").isArray() && !root.has("word_segments");
    }

    static List<TimedWords> read(TranscriptJson json, String fileId, String tier) {
        boolean words = ToolTiers.choose(tier, "openai-whisper", json.source(), "words", "segments").equals("words");
        JsonNode root = json.root();
        List<JsonNode> segments = json.objects(root, "segments", "");
        TimedWords out = new TimedWords(fileId);
        for (int i = 0; i < segments.size(); i++) {
            JsonNode segment = segments.get(i);
            if (!words) {
                out.add(json, segment, "text", "segment " + i, false);
                continue;
            }
            if (!JsonDocument.has(segment, "words")) {
                throw json.error(segment, "segment " + i + " has no \"words\": run whisper with --word_timestamps True"
                        + " (or score segment times with --tier segments)");
            }
            List<JsonNode> list = json.objects(segment, "words", "segment " + i);
            for (int j = 0; j < list.size(); j++) {
                out.add(json, list.get(j), "word", "segment " + i + " word " + j, false);
            }
        }
        return List.of(out);
    }
}
