package dev.segmon.app.wire;

import com.fasterxml.jackson.databind.JsonNode;
import dev.segmon.app.wire.InputEvent.Rejected;
import dev.segmon.model.alignment.Segment;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * The oracle of {@code InputParserEquivalenceTest}: the input topics' reader as it was written on
 * Jackson's tree model ({@code ObjectMapper.readTree}), which the streaming {@link InputParser}
 * must agree with on every input, valid or not.
 *
 * <p>Reads the input topics' records (docs/contract.md 3.1) from their raw bytes, or says why not.
 * Every time must be a finite JSON number >= 0 (JSON has no NaN; Jackson refuses the literal).
 * Names (utterance, model, tier) must be non-empty strings that can be state-store key parts.
 */
final class TreeInputParser {
    private static final String NO_MODEL = InputEvent.NO_MODEL;
    private static final String UNKNOWN = InputEvent.UNKNOWN;

    private TreeInputParser() {
    }

    static InputEvent hypothesis(byte[] key, byte[] value, Set<String> tiers) {
        Object head = head(key, value, tiers, true);
        if (head instanceof Rejected refused) {
            return refused;
        }
        JsonNode root = ((Head) head).root;
        String utterance = ((Head) head).utterance;
        String model = ((Head) head).model;
        String tier = ((Head) head).tier;
        JsonNode time = root.get("time");
        JsonNode times = root.get("times");
        JsonNode end = root.get("end");
        if (end != null && !end.isBoolean()) {
            return new Rejected(DeadLetterReason.MISSING_FIELD, model, tier, "end must be true or false");
        }
        boolean ended = end != null && end.booleanValue();
        // The duration belongs to the end mark; a bad one is refused alone (AudioDuration).
        AudioDuration duration = ended ? duration(root.get("duration")) : AudioDuration.ABSENT;
        JsonNode words = root.get("words");
        if (words != null) {
            if (time != null || times != null) {
                return new Rejected(DeadLetterReason.MISSING_FIELD, model, tier, "both words and time(s)");
            }
            return words(utterance, model, tier, words, ended, duration);
        }
        double[] values;
        if (time != null && times != null) {
            return new Rejected(DeadLetterReason.MISSING_FIELD, model, tier, "both time and times");
        } else if (time != null) {
            values = new double[] {number(time)};
        } else if (times != null) {
            if (!times.isArray()) {
                return new Rejected(DeadLetterReason.INVALID_TIME, model, tier, "times must be an array");
            }
            if (times.size() > InputEvent.MAX_ARRAY) {
                return new Rejected(DeadLetterReason.TOO_LARGE, model, tier,
                        times.size() + " times, at most " + InputEvent.MAX_ARRAY + " per record");
            }
            values = new double[times.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = number(times.get(i));
            }
        } else if (ended) {
            values = new double[0];
        } else {
            return new Rejected(DeadLetterReason.MISSING_FIELD, model, tier, "time, times or end");
        }
        for (double v : values) {
            if (!validTime(v)) {
                return new Rejected(DeadLetterReason.INVALID_TIME, model, tier, "time must be a finite number >= 0");
            }
        }
        Arrays.sort(values);
        return new HypothesisEvent(utterance, model, tier, values, ended, null, duration);
    }

    /**
     * A message with {@code words}: each {@code {"start", "end", "word"}} with finite times, 0 <=
     * start <= end, and a string word; the whole record is refused otherwise, as for times.
     */
    private static InputEvent words(String utterance, String model, String tier, JsonNode words, boolean ended, AudioDuration duration) {
        if (!words.isArray()) {
            return new Rejected(DeadLetterReason.INVALID_WORD, model, tier, "words must be an array");
        }
        if (words.size() > InputEvent.MAX_ARRAY) {
            return new Rejected(DeadLetterReason.TOO_LARGE, model, tier,
                    words.size() + " words, at most " + InputEvent.MAX_ARRAY + " per record");
        }
        List<Segment> out = new ArrayList<>(words.size());
        for (JsonNode w : words) {
            JsonNode start = w.get("start");
            JsonNode stop = w.get("end");
            JsonNode word = w.get("word");
            if (start == null || stop == null || word == null) {
                return new Rejected(DeadLetterReason.MISSING_FIELD, model, tier, "word start/end/word");
            }
            if (!word.isTextual()) {
                return new Rejected(DeadLetterReason.INVALID_WORD, model, tier, "word must be a string");
            }
            double from = number(start);
            double to = number(stop);
            if (!validTime(from) || !validTime(to) || to < from) {
                return new Rejected(DeadLetterReason.INVALID_TIME, model, tier, "word needs finite 0 <= start <= end");
            }
            out.add(new Segment(from, to, word.textValue()));
        }
        return HypothesisEvent.words(utterance, model, tier, out).withEnd(ended, duration);
    }

    static InputEvent reference(byte[] key, byte[] value, Set<String> tiers) {
        Object head = head(key, value, tiers, false);
        if (head instanceof Rejected refused) {
            return refused;
        }
        JsonNode root = ((Head) head).root;
        String utterance = ((Head) head).utterance;
        String tier = ((Head) head).tier;
        JsonNode segments = root.get("segments");
        JsonNode fin = root.get("final");
        if (fin != null && !fin.isBoolean()) {
            return new Rejected(DeadLetterReason.MISSING_FIELD, NO_MODEL, tier, "final must be true or false");
        }
        boolean last = fin != null && fin.booleanValue();
        if (segments == null && !last) {
            return new Rejected(DeadLetterReason.MISSING_FIELD, NO_MODEL, tier, "segments");
        }
        if (segments != null && !segments.isArray()) {
            return new Rejected(DeadLetterReason.MISSING_FIELD, NO_MODEL, tier, "segments must be an array");
        }
        int n = segments == null ? 0 : segments.size();
        if (n > InputEvent.MAX_ARRAY) {
            return new Rejected(DeadLetterReason.TOO_LARGE, NO_MODEL, tier, n + " segments, at most " + InputEvent.MAX_ARRAY + " per chunk");
        }
        List<Segment> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            JsonNode s = segments.get(i);
            JsonNode start = s.get("start");
            JsonNode stop = s.get("end");
            if (start == null || stop == null) {
                return new Rejected(DeadLetterReason.MISSING_FIELD, NO_MODEL, tier, "segment start/end");
            }
            double from = number(start);
            double to = number(stop);
            if (!validTime(from) || !validTime(to) || to < from) {
                return new Rejected(DeadLetterReason.INVALID_TIME, NO_MODEL, tier, "segment needs finite 0 <= start <= end");
            }
            JsonNode label = s.get("label");
            out.add(new Segment(from, to, label != null && label.isTextual() ? label.textValue() : ""));
        }
        return new ReferenceChunk(utterance, tier, out, last);
    }

    /** The parsed object and its names, all checked. */
    private record Head(JsonNode root, String utterance, String model, String tier) {
    }

    /**
     * The record's JSON object and names ({@code hasModel}: a hypothesis, which names its model;
     * a reference belongs to model "none"), or why not.
     */
    private static Object head(byte[] key, byte[] value, Set<String> tiers, boolean hasModel) {
        JsonNode root = object(value);
        String defaultModel = hasModel ? UNKNOWN : NO_MODEL;
        if (root == null) {
            return new Rejected(DeadLetterReason.MALFORMED_JSON, defaultModel, UNKNOWN, "not a JSON object");
        }
        String model = hasModel ? name(root, "model") : NO_MODEL;
        String tier = name(root, "tier");
        String utterance = name(root, "utterance");
        Rejected refused = names(key, utterance, model, tier, tiers, model == null ? UNKNOWN : model, tier == null ? UNKNOWN : tier);
        return refused != null ? refused : new Head(root, utterance, model, tier);
    }

    /** The checks of the names both sides carry; null when they pass. */
    private static Rejected names(byte[] key, String utterance, String model, String tier, Set<String> tiers,
                                  String modelLabel, String tierLabel) {
        if (utterance == null || model == null) {
            return new Rejected(DeadLetterReason.MISSING_FIELD, modelLabel, tierLabel, utterance == null ? "utterance" : "model");
        }
        if (tier == null) {
            return new Rejected(DeadLetterReason.MISSING_TIER, modelLabel, tierLabel, "tier");
        }
        if (!tiers.isEmpty() && !tiers.contains(tier)) {
            return new Rejected(DeadLetterReason.UNKNOWN_TIER, modelLabel, UNKNOWN, "tier " + tier + " is not one of " + tiers);
        }
        if (key == null || !new String(key, StandardCharsets.UTF_8).equals(utterance)) {
            return new Rejected(DeadLetterReason.KEY_MISMATCH, modelLabel, tierLabel, "record key is not the utterance id");
        }
        return null;
    }

    private static double number(JsonNode n) {
        return n.isNumber() ? n.doubleValue() : Double.NaN;
    }

    private static boolean validTime(double v) {
        return v >= 0 && !Double.isInfinite(v);
    }

    private static JsonNode object(byte[] value) {
        if (value == null) {
            return null;
        }
        try {
            JsonNode n = RecordJson.MAPPER.readTree(value);
            return n != null && n.isObject() ? n : null;
        } catch (IOException e) {
            return null;
        }
    }

    /** A string field that can be a name, or null. */
    private static String name(JsonNode root, String field) {
        JsonNode n = root.get(field);
        return n != null && n.isTextual() && Names.valid(n.textValue()) ? n.textValue() : null;
    }

    /** The duration's checks (docs/contract.md 3.1), as AudioDuration states them. */
    private static AudioDuration duration(JsonNode node) {
        if (node == null || node.isNull()) {
            return AudioDuration.ABSENT;
        }
        return AudioDuration.checked(node.isNumber() ? node.doubleValue() : Double.NaN, node.isNumber());
    }
}
