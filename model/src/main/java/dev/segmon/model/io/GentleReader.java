package dev.segmon.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * Gentle's forced alignment ({@code python align.py audio.mp3 words.txt}, or the web service's
 * {@code align.json}): {@code {"transcript": ..., "words": [{"case", "word", "alignedWord",
 * "start", "end", "phones": [{"phone", "duration"}]}]}}. One file is one recording, its id the
 * file name without the extension. Only {@code "case": "success"} words are aligned: tier
 * {@code words} (default) gives them with the transcript's spelling ({@code "word"}), tier
 * {@code phones} their phones, each starting where the previous one ends, the first at the word's
 * start (phone times are the cumulative durations). A transcript word Gentle did not find in the
 * audio ({@code "not-found-in-audio"}) has no times: it keeps its place in the transcript, adds
 * no boundary and is counted. Words the recogniser heard that are not in the transcript
 * ({@code "not-found-in-transcript"}) are not part of the alignment and are skipped.
 */
final class GentleReader {
    private GentleReader() {
    }

    /** Gentle's result: a {@code "transcript"} string and a {@code "words"} array. */
    static boolean recognises(JsonNode root) {
        return root.path("transcript").isTextual() && root.path("words").isArray();
    }

    static List<TimedWords> read(TranscriptJson json, String fileId, String tier) {
        boolean phones = ToolTiers.choose(tier, "Gentle", json.source(), "words", "phones").equals("phones");
        JsonNode root = json.root();
        TimedWords out = new TimedWords(fileId);
        int i = 0;
        for (JsonNode w : json.objects(root, "words", "")) {
            String what = "word " + i++;
            switch (json.label(w, "case", what)) {
                case "success" -> {
                    if (phones) {
                        phones(json, out, w, what);
                    } else {
                        out.add(json, w, "word", what, false);
                    }
                }
                case "not-found-in-audio" -> {
                    if (phones) {
                        out.missing();
                    } else {
                        out.untimed(json.label(w, "word", what));
                    }
                }
                case "not-found-in-transcript" -> {
                    // heard but not in the transcript: not part of the alignment
                }
                default -> throw json.error(w, "case", what + " has \"case\" " + JsonDocument.describe(w.get("case"))
                        + ", not success, not-found-in-audio or not-found-in-transcript");
            }
        }
        return List.of(out);
    }

    private static void phones(TranscriptJson json, TimedWords out, JsonNode word, String what) {
        double t = json.seconds(word, "start", what);
        int j = 0;
        for (JsonNode p : json.objects(word, "phones", what)) {
            String phone = what + " phone " + j++;
            double end = t + json.seconds(p, "duration", phone);
            out.timed(t, end, json.label(p, "phone", phone));
            t = end;
        }
    }
}
