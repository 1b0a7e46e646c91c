package dev.segmon.app.wire;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.JsonToken;
import dev.segmon.app.wire.JsonValue.Keep;
import dev.segmon.app.wire.InputEvent.Rejected;
import dev.segmon.model.alignment.Segment;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * Reads the input topics' records (docs/contract.md 3.1) from their raw bytes, or says why not.
 * Every time must be a finite JSON number >= 0 (JSON has no NaN; Jackson refuses the literal).
 * Names (utterance, model, tier) must be non-empty strings that can be state-store key parts.
 *
 * <p>The record's object is read with Jackson's streaming parser into the few fields the checks
 * use ({@link JsonValue}), not into a tree: see there for why and for the tree's rules it keeps.
 */
final class InputParser {
    private static final String NO_MODEL = InputEvent.NO_MODEL;
    private static final String UNKNOWN = InputEvent.UNKNOWN;

    /**
     * Jackson's factory with its fast double parser (FastDoubleParser, correctly rounded like
     * {@code Double.parseDouble}): every time is a decimal
     * (docs/decisions/0003-streaming-input-reader.md).
     */
    private static final JsonFactory FACTORY = JsonFactory.builder().enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER).build();

    private InputParser() {
    }

    static InputEvent hypothesis(byte[] key, byte[] value, Set<String> tiers) {
        Object head = head(key, value, tiers, true);
        if (head instanceof Rejected refused) {
            return refused;
        }
        Fields root = ((Head) head).root;
        String utterance = ((Head) head).utterance;
        String model = ((Head) head).model;
        String tier = ((Head) head).tier;
        JsonValue time = root.time;
        JsonValue times = root.times;
        JsonValue end = root.end;
        if (end != null && !end.isBoolean()) {
            return new Rejected(DeadLetterReason.MISSING_FIELD, model, tier, "end must be true or false");
        }
        boolean ended = end != null && end.booleanValue();
        // The duration belongs to the end mark; a bad one is refused alone (AudioDuration).
        AudioDuration duration = ended ? AudioDuration.parse(root.duration) : AudioDuration.ABSENT;
        // The declaration belongs to the end mark too, but a bad one refuses the record: it decides how the utterance closes.
        Declaration declared = root.reference == null ? Declaration.UNDECLARED
                : root.reference.isTextual() ? Declaration.of(root.reference.textValue()) : null;
        if (declared == null) {
            return new Rejected(DeadLetterReason.BAD_DECLARATION, model, tier, "reference must be \"expected\" or \"none\"");
        }
        if (!ended) {
            declared = Declaration.UNDECLARED;
        }
        JsonValue words = root.words;
        if (words != null) {
            if (time != null || times != null) {
                return new Rejected(DeadLetterReason.MISSING_FIELD, model, tier, "both words and time(s)");
            }
            InputEvent read = words(utterance, model, tier, words, ended, duration);
            if (!(read instanceof HypothesisEvent e)) {
                return read;
            }
            HypothesisEvent declaredWords = e.declaring(declared);
            return root.labels.isEmpty() ? declaredWords : declaredWords.withLabels(root.labels);
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
            List<JsonValue> elements = times.elements();
            if (elements.size() > InputEvent.MAX_ARRAY) {
                return new Rejected(DeadLetterReason.TOO_LARGE, model, tier,
                        elements.size() + " times, at most " + InputEvent.MAX_ARRAY + " per record");
            }
            values = new double[elements.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = number(elements.get(i));
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
        return new HypothesisEvent(utterance, model, tier, values, ended, null, duration, declared, root.labels);
    }

    /**
     * A message with {@code words}: each {@code {"start", "end", "word"}} with finite times, 0 <=
     * start <= end, and a string word; the whole record is refused otherwise, as for times.
     */
    private static InputEvent words(String utterance, String model, String tier, JsonValue words, boolean ended, AudioDuration duration) {
        if (!words.isArray()) {
            return new Rejected(DeadLetterReason.INVALID_WORD, model, tier, "words must be an array");
        }
        List<JsonValue> elements = words.elements();
        if (elements.size() > InputEvent.MAX_ARRAY) {
            return new Rejected(DeadLetterReason.TOO_LARGE, model, tier,
                    elements.size() + " words, at most " + InputEvent.MAX_ARRAY + " per record");
        }
        List<Segment> out = new ArrayList<>(elements.size());
        for (JsonValue w : elements) {
            JsonValue start = w.start();
            JsonValue stop = w.end();
            JsonValue word = w.word();
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
        Fields root = ((Head) head).root;
        String utterance = ((Head) head).utterance;
        String tier = ((Head) head).tier;
        JsonValue segments = root.segments;
        JsonValue fin = root.fin;
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
        int n = segments == null ? 0 : segments.elements().size();
        if (n > InputEvent.MAX_ARRAY) {
            return new Rejected(DeadLetterReason.TOO_LARGE, NO_MODEL, tier, n + " segments, at most " + InputEvent.MAX_ARRAY + " per chunk");
        }
        List<Segment> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            JsonValue s = segments.elements().get(i);
            JsonValue start = s.start();
            JsonValue stop = s.end();
            if (start == null || stop == null) {
                return new Rejected(DeadLetterReason.MISSING_FIELD, NO_MODEL, tier, "segment start/end");
            }
            double from = number(start);
            double to = number(stop);
            if (!validTime(from) || !validTime(to) || to < from) {
                return new Rejected(DeadLetterReason.INVALID_TIME, NO_MODEL, tier, "segment needs finite 0 <= start <= end");
            }
            JsonValue label = s.label();
            out.add(new Segment(from, to, label != null && label.isTextual() ? label.textValue() : ""));
        }
        // Labels as on a hypothesis: read with the same tolerance, never a reason to refuse the chunk.
        return new ReferenceChunk(utterance, tier, out, last, root.labels);
    }

    /** The parsed object and its names, all checked. */
    private record Head(Fields root, String utterance, String model, String tier) {
    }

    /**
     * The record's JSON object and names ({@code hasModel}: a hypothesis, which names its model;
     * a reference belongs to model "none"), or why not.
     */
    private static Object head(byte[] key, byte[] value, Set<String> tiers, boolean hasModel) {
        Fields root = object(value);
        String defaultModel = hasModel ? UNKNOWN : NO_MODEL;
        if (root == null) {
            return new Rejected(DeadLetterReason.MALFORMED_JSON, defaultModel, UNKNOWN, "not a JSON object");
        }
        String model = hasModel ? name(root.model) : NO_MODEL;
        String tier = name(root.tier);
        String utterance = name(root.utterance);
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

    private static double number(JsonValue n) {
        return n.isNumber() ? n.doubleValue() : Double.NaN;
    }

    private static boolean validTime(double v) {
        return v >= 0 && !Double.isInfinite(v);
    }

    /** The top-level fields the checks use; null: absent (JSON null is a present value). */
    private static final class Fields {
        JsonValue utterance;
        JsonValue model;
        JsonValue tier;
        JsonValue time;
        JsonValue times;
        JsonValue end;
        JsonValue duration;
        /** The {@code labels} kept: string values of valid names; anything else in the object is ignored (docs/slices.md). */
        java.util.Map<String, String> labels = java.util.Map.of();
        JsonValue words;
        JsonValue segments;
        JsonValue fin;
        JsonValue reference;
    }

    /** The record's object, or null when the value is not one (malformed JSON, another kind of value). */
    private static Fields object(byte[] value) {
        if (value == null) {
            return null;
        }
        try (JsonParser p = FACTORY.createParser(value)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            Fields f = new Fields();
            String name;
            while ((name = p.nextFieldName()) != null) {
                JsonToken t = p.nextToken();
                switch (name) {
                    case "utterance" -> f.utterance = JsonValue.read(p, t, Keep.SCALAR);
                    case "model" -> f.model = JsonValue.read(p, t, Keep.SCALAR);
                    case "tier" -> f.tier = JsonValue.read(p, t, Keep.SCALAR);
                    case "time" -> f.time = JsonValue.read(p, t, Keep.SCALAR);
                    case "times" -> f.times = JsonValue.read(p, t, Keep.SCALARS);
                    case "end" -> f.end = JsonValue.read(p, t, Keep.SCALAR);
                    case "duration" -> f.duration = JsonValue.read(p, t, Keep.SCALAR);
                    case "words" -> f.words = JsonValue.read(p, t, Keep.OBJECTS);
                    case "segments" -> f.segments = JsonValue.read(p, t, Keep.OBJECTS);
                    case "final" -> f.fin = JsonValue.read(p, t, Keep.SCALAR);
                    case "reference" -> f.reference = JsonValue.read(p, t, Keep.SCALAR);
                    case "labels" -> f.labels = labels(p, t);
                    default -> p.skipChildren();
                }
            }
            return f;
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * The string-valued fields of a {@code labels} object whose key and value can be names; another
     * kind of value is skipped, so that a record is never refused for its labels.
     */
    private static java.util.Map<String, String> labels(JsonParser p, JsonToken t) throws IOException {
        if (t != JsonToken.START_OBJECT) {
            p.skipChildren();
            return java.util.Map.of();
        }
        java.util.Map<String, String> out = new java.util.TreeMap<>();
        String key;
        while ((key = p.nextFieldName()) != null) {
            JsonToken v = p.nextToken();
            if (v == JsonToken.VALUE_STRING && Names.valid(key) && Names.valid(p.getText())) {
                out.putIfAbsent(key, p.getText());
            } else {
                p.skipChildren();
            }
        }
        return out;
    }

    /** A string field that can be a name, or null. */
    private static String name(JsonValue n) {
        return n != null && n.isTextual() && Names.valid(n.textValue()) ? n.textValue() : null;
    }
}
