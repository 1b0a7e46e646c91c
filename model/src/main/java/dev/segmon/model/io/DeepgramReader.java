package dev.segmon.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import dev.segmon.model.alignment.Segment;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Deepgram pre-recorded results ({@code results.channels[].alternatives[0].words[]}): each word is
 * [{@code start}, {@code end}] (JSON numbers, seconds) labelled with {@code word} (the
 * normalised form; {@code punctuated_word} is not used). One channel is read: channel 0, or the
 * index {@code --tier} names ({@code 1} for the second channel of a multichannel request).
 */
final class DeepgramReader {
    private DeepgramReader() {
    }

    /** A Deepgram response: {@code metadata} and {@code results.channels[]}. */
    static boolean recognises(JsonNode root) {
        return root.path("metadata").isObject() && root.path("results").path("channels").isArray();
    }

    static List<Segment> words(TranscriptJson json, String channel) {
        JsonNode channels = json.array(json.object(json.root(), "results", ""), "channels", "results.");
        Map<String, Integer> byIndex = new LinkedHashMap<>();
        for (int c = 0; c < channels.size(); c++) {
            byIndex.put(Integer.toString(c), c);
        }
        Integer chosen = json.channel(byIndex, channel, json.line(json.root(), "results"));
        if (chosen == null) {
            return List.of();
        }
        String at = "results.channels[" + chosen + "]";
        JsonNode alternatives = json.array(json.element(channels, chosen, "results.channels"), "alternatives", at + ".");
        if (alternatives.isEmpty()) {
            return List.of();
        }
        at += ".alternatives[0]";
        JsonNode list = json.array(json.element(alternatives, 0, at.substring(0, at.length() - 3)), "words", at + ".");
        List<Segment> words = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            String w = at + ".words[" + i + "]";
            JsonNode word = json.element(list, i, at + ".words");
            words.add(json.segment(json.decimal(word, "start", w + "."), json.decimal(word, "end", w + "."),
                    json.text(word, "word", w + "."), json.line(list, i), w));
        }
        return words;
    }
}
