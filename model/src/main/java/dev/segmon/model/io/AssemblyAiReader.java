package dev.segmon.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import dev.segmon.model.alignment.Segment;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * AssemblyAI transcripts ({@code GET /v2/transcript/{id}}): each {@code words[]} entry is a word
 * [{@code start}, {@code end}] in milliseconds, labelled {@code text}. A transcript whose
 * {@code status} is not {@code completed} has no words and is bad input. Multichannel transcripts
 * give each word a {@code channel} ({@code "1"}, {@code "2"}, ...): one channel is read, the
 * lowest or the one {@code --tier} names; a word without a channel belongs to channel 1.
 */
final class AssemblyAiReader {
    private static final BigDecimal MILLIS_PER_SECOND = BigDecimal.valueOf(1000);

    private AssemblyAiReader() {
    }

    /** A transcript object: string {@code id} and {@code status}, and {@code words} (an array, or null before completion). */
    static boolean recognises(JsonNode root) {
        return root.path("id").isTextual() && root.path("status").isTextual() && root.has("words") && root.has("audio_url");
    }

    static List<Segment> words(TranscriptJson json, String channel) {
        JsonNode root = json.root();
        String status = json.text(root, "status", "");
        if (!status.equals("completed")) {
            throw json.error(json.line(root, "status"), "status is \"" + status + "\", not \"completed\": no words"
                    + (root.path("error").isTextual() ? " (" + root.path("error").textValue() + ")" : ""));
        }
        JsonNode list = json.array(root, "words", "");
        Map<String, List<Segment>> byChannel = TranscriptJson.numberedChannels();
        for (int i = 0; i < list.size(); i++) {
            String w = "words[" + i + "].";
            JsonNode word = json.element(list, i, "words");
            BigDecimal start = json.decimal(word, "start", w).divide(MILLIS_PER_SECOND);
            BigDecimal end = json.decimal(word, "end", w).divide(MILLIS_PER_SECOND);
            byChannel.computeIfAbsent(json.channelNumber(word, "channel", w, "1"), k -> new ArrayList<>())
                    .add(json.segment(start, end, json.text(word, "text", w), json.line(list, i), "words[" + i + "]"));
        }
        List<Segment> chosen = json.channel(byChannel, channel, json.line(root, "words"));
        return chosen == null ? List.of() : chosen;
    }
}
