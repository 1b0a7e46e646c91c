package dev.segmon.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import dev.segmon.model.alignment.Segment;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Google Cloud Speech-to-Text results, v1 and v2: a recognize response, a long-running operation
 * holding one in {@code response}, or a v2 batch-recognize output file. Each
 * {@code results[].alternatives[0].words[]} entry is a word labelled {@code word}, its times
 * protobuf Durations ({@code "1.300s"} or {@code {"seconds", "nanos"}}): {@code startTime} /
 * {@code endTime} in v1, {@code startOffset} / {@code endOffset} in v2, from the start of the
 * audio. A missing start is 0 s (protobuf JSON may omit a zero duration). Results are read in file
 * order. One channel is read: the lowest {@code channelTag}, or the one {@code --tier} names; a
 * result without {@code channelTag} belongs to channel 1.
 */
final class GoogleSpeechReader {
    private GoogleSpeechReader() {
    }

    /** {@code results[]} (at the top or in an operation's {@code response}) whose first result has {@code alternatives}. */
    static boolean recognises(JsonNode root) {
        JsonNode results = root.path("response").isObject() ? root.path("response").path("results") : root.path("results");
        return results.isArray() && !results.isEmpty() && results.get(0).path("alternatives").isArray();
    }

    static List<Segment> words(TranscriptJson json, String channel) {
        JsonNode top = json.root().path("response").isObject() ? json.object(json.root(), "response", "") : json.root();
        String prefix = top == json.root() ? "" : "response.";
        JsonNode results = json.array(top, "results", prefix);
        Map<String, List<Segment>> byChannel = TranscriptJson.numberedChannels();
        for (int r = 0; r < results.size(); r++) {
            String at = prefix + "results[" + r + "]";
            JsonNode result = json.element(results, r, prefix + "results");
            List<Segment> words = byChannel.computeIfAbsent(json.channelNumber(result, "channelTag", at + ".", "1"), k -> new ArrayList<>());
            JsonNode alternatives = result.path("alternatives");
            if (!alternatives.isArray() || alternatives.isEmpty()) {
                continue; // a result without speech
            }
            JsonNode best = json.element(json.array(result, "alternatives", at + "."), 0, at + ".alternatives");
            at += ".alternatives[0]";
            if (!best.has("words")) {
                if (!best.path("transcript").asText("").isBlank()) {
                    throw json.error(json.line(best, "transcript"), at + " has a transcript but no words: request word time offsets");
                }
                continue;
            }
            JsonNode list = json.array(best, "words", at + ".");
            for (int i = 0; i < list.size(); i++) {
                String w = at + ".words[" + i + "]";
                JsonNode word = json.element(list, i, at + ".words");
                boolean v1 = word.has("startTime") || word.has("endTime");
                String start = v1 ? "startTime" : "startOffset";
                BigDecimal from = word.has(start) ? json.protoDuration(word, start, w + ".") : BigDecimal.ZERO;
                BigDecimal to = json.protoDuration(word, v1 ? "endTime" : "endOffset", w + ".");
                words.add(json.segment(from, to, json.text(word, "word", w + "."), json.line(list, i), w));
            }
        }
        List<Segment> chosen = json.channel(byChannel, channel, json.line(top, "results"));
        return chosen == null ? List.of() : chosen;
    }
}
