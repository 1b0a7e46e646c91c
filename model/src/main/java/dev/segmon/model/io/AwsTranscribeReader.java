package dev.segmon.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import dev.segmon.model.alignment.Segment;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Amazon Transcribe batch results ({@code results.items[]}): each {@code pronunciation} item is a
 * word [{@code start_time}, {@code end_time}] (decimal strings, seconds) labelled with
 * {@code alternatives[0].content}; {@code punctuation} items carry no times and are skipped. With
 * channel identification ({@code results.channel_labels.channels[]}) one channel is read: the
 * first listed, or the one {@code --tier} names by its {@code channel_label} ({@code ch_1}).
 */
final class AwsTranscribeReader {
    private AwsTranscribeReader() {
    }

    /** A Transcribe job's result: {@code results} holding {@code transcripts} and {@code items} arrays. */
    static boolean recognises(JsonNode root) {
        JsonNode results = root.path("results");
        return results.path("items").isArray() && results.path("transcripts").isArray();
    }

    static List<Segment> words(TranscriptJson json, String channel) {
        JsonNode results = json.object(json.root(), "results", "");
        JsonNode items;
        String path;
        if (results.has("channel_labels")) {
            JsonNode channels = json.array(json.object(results, "channel_labels", "results."), "channels", "results.channel_labels.");
            Map<String, JsonNode> byLabel = new LinkedHashMap<>();
            for (int c = 0; c < channels.size(); c++) {
                JsonNode ch = json.element(channels, c, "results.channel_labels.channels");
                byLabel.put(json.text(ch, "channel_label", "results.channel_labels.channels[" + c + "]."), ch);
            }
            JsonNode chosen = json.channel(byLabel, channel, json.line(results, "channel_labels"));
            if (chosen == null) {
                return List.of();
            }
            path = "results.channel_labels.channels[" + indexOf(channels, chosen) + "].items";
            items = json.array(chosen, "items", path.substring(0, path.length() - "items".length()));
        } else {
            items = json.array(results, "items", "results.");
            path = "results.items";
        }
        List<Segment> words = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            String at = path + "[" + i + "]";
            JsonNode item = json.element(items, i, path);
            String type = json.text(item, "type", at + ".");
            if (type.equals("punctuation")) {
                continue;
            }
            if (!type.equals("pronunciation")) {
                throw json.error(json.line(item, "type"), at + ".type must be \"pronunciation\" or \"punctuation\", not \"" + type + "\"");
            }
            JsonNode alternatives = json.array(item, "alternatives", at + ".");
            if (alternatives.isEmpty()) {
                throw json.error(json.line(item, "alternatives"), at + ".alternatives is empty: no word");
            }
            String label = json.text(json.element(alternatives, 0, at + ".alternatives"), "content", at + ".alternatives[0].");
            words.add(json.segment(json.decimal(item, "start_time", at + "."), json.decimal(item, "end_time", at + "."),
                    label, json.line(items, i), at));
        }
        return words;
    }

    private static int indexOf(JsonNode array, JsonNode element) {
        for (int i = 0; i < array.size(); i++) {
            if (array.get(i) == element) {
                return i;
            }
        }
        return -1;
    }
}
