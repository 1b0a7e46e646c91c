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

    static List<TimedWords> read(JsonDocument doc, String fileId, String tier) {
        boolean phones = ToolTiers.choose(tier, "Gentle", doc.source(), "words", "phones").equals("phones");
        JsonNode root = doc.single();
        TimedWords out = new TimedWords(fileId);
        int i = 0;
        for (JsonNode w : doc.objects(root, "words", "")) {
            String what = "word " + i++;
            switch (doc.text(w, "case", what)) {
                case "success" -> {
                    if (phones) {
                        phones(doc, out, w, what);
                    } else {
                        out.add(doc, w, "word", what, false);
                    }
                }
                case "not-found-in-audio" -> {
                    if (phones) {
                        out.missing();
                    } else {
                        out.untimed(doc.text(w, "word", what));
                    }
                }
                case "not-found-in-transcript" -> {
                    // heard but not in the transcript: not part of the alignment
                }
                default -> throw doc.error(w, "case", what + " has \"case\" " + JsonValues.describe(w.get("case"))
                        + ", not success, not-found-in-audio or not-found-in-transcript");
            }
        }
        return List.of(out);
    }

    private static void phones(JsonDocument doc, TimedWords out, JsonNode word, String what) {
        double t = doc.time(word, "start", what);
        int j = 0;
        for (JsonNode p : doc.objects(word, "phones", what)) {
            String phone = what + " phone " + j++;
            double end = t + doc.time(p, "duration", phone);
            out.timed(t, end, doc.text(p, "phone", phone));
            t = end;
        }
    }
}
