package dev.segmon.app.processors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The input events of INTERFACE.md 3.1, parsed from raw record bytes, or the reason why not.
 * Every time must be a finite JSON number >= 0 (JSON has no NaN; Jackson refuses the literal).
 */
public final class Events {
    public static final String UNKNOWN = "unknown";
    /** The model label of reference-side records and utterances, which belong to no model. */
    public static final String NO_MODEL = "none";

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private Events() {
    }

    /** Dead-letter reasons (the {@code reason} label and the {@code segmon.reason} header). */
    public static final class Reason {
        public static final String MALFORMED_JSON = "malformed_json";
        public static final String MISSING_FIELD = "missing_field";
        public static final String MISSING_TIER = "missing_tier";
        public static final String UNKNOWN_TIER = "unknown_tier";
        public static final String INVALID_TIME = "invalid_time";
        public static final String KEY_MISMATCH = "key_mismatch";
        public static final String LATE = "late";
        public static final String DUPLICATE = "duplicate";
        public static final String AFTER_END = "after_end";
        public static final String OVERLAP = "overlap";

        private Reason() {
        }
    }

    /** What parsing gave. */
    public sealed interface Parsed permits Hypothesis, Reference, Bad {
    }

    /** Hypothesis boundaries (possibly none) and/or the end mark of one (utterance, model, tier). */
    public record Hypothesis(String utterance, String model, String tier, double[] times, boolean end) implements Parsed {
    }

    /** One reference chunk of one (utterance, tier): segment starts and ends, and whether it is the last. */
    public record Reference(String utterance, String tier, double[] starts, double[] ends, boolean last) implements Parsed {
    }

    /** A record that cannot be used, with what could be read of its labels. */
    public record Bad(String reason, String model, String tier, String detail) implements Parsed {
    }

    public static Parsed hypothesis(byte[] key, byte[] value, java.util.Set<String> tiers) {
        JsonNode root = object(value);
        if (root == null) {
            return new Bad(Reason.MALFORMED_JSON, UNKNOWN, UNKNOWN, "not a JSON object");
        }
        String model = name(root, "model");
        String tier = name(root, "tier");
        String utterance = name(root, "utterance");
        String modelLabel = model == null ? UNKNOWN : model;
        String tierLabel = tier == null ? UNKNOWN : tier;
        if (utterance == null || model == null) {
            return new Bad(Reason.MISSING_FIELD, modelLabel, tierLabel, utterance == null ? "utterance" : "model");
        }
        if (tier == null) {
            return new Bad(Reason.MISSING_TIER, modelLabel, tierLabel, "tier");
        }
        if (!tiers.isEmpty() && !tiers.contains(tier)) {
            return new Bad(Reason.UNKNOWN_TIER, modelLabel, UNKNOWN, "tier " + tier + " is not one of " + tiers);
        }
        if (!keyMatches(key, utterance)) {
            return new Bad(Reason.KEY_MISMATCH, modelLabel, tierLabel, "record key is not the utterance id");
        }
        JsonNode time = root.get("time");
        JsonNode times = root.get("times");
        JsonNode end = root.get("end");
        boolean ended = end != null && end.isBoolean() && end.booleanValue();
        if (end != null && !end.isBoolean()) {
            return new Bad(Reason.MISSING_FIELD, modelLabel, tierLabel, "end must be true or false");
        }
        double[] values;
        if (time != null && times != null) {
            return new Bad(Reason.MISSING_FIELD, modelLabel, tierLabel, "both time and times");
        } else if (time != null) {
            values = new double[] {time.isNumber() ? time.doubleValue() : Double.NaN};
        } else if (times != null) {
            if (!times.isArray()) {
                return new Bad(Reason.INVALID_TIME, modelLabel, tierLabel, "times must be an array");
            }
            values = new double[times.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = times.get(i).isNumber() ? times.get(i).doubleValue() : Double.NaN;
            }
        } else if (ended) {
            values = new double[0];
        } else {
            return new Bad(Reason.MISSING_FIELD, modelLabel, tierLabel, "time, times or end");
        }
        for (double v : values) {
            if (!validTime(v)) {
                return new Bad(Reason.INVALID_TIME, modelLabel, tierLabel, "time must be a finite number >= 0");
            }
        }
        Arrays.sort(values);
        return new Hypothesis(utterance, model, tier, values, ended);
    }

    public static Parsed reference(byte[] key, byte[] value, java.util.Set<String> tiers) {
        JsonNode root = object(value);
        if (root == null) {
            return new Bad(Reason.MALFORMED_JSON, NO_MODEL, UNKNOWN, "not a JSON object");
        }
        String tier = name(root, "tier");
        String utterance = name(root, "utterance");
        String tierLabel = tier == null ? UNKNOWN : tier;
        if (utterance == null) {
            return new Bad(Reason.MISSING_FIELD, NO_MODEL, tierLabel, "utterance");
        }
        if (tier == null) {
            return new Bad(Reason.MISSING_TIER, NO_MODEL, tierLabel, "tier");
        }
        if (!tiers.isEmpty() && !tiers.contains(tier)) {
            return new Bad(Reason.UNKNOWN_TIER, NO_MODEL, UNKNOWN, "tier " + tier + " is not one of " + tiers);
        }
        if (!keyMatches(key, utterance)) {
            return new Bad(Reason.KEY_MISMATCH, NO_MODEL, tierLabel, "record key is not the utterance id");
        }
        JsonNode segments = root.get("segments");
        JsonNode fin = root.get("final");
        if (fin != null && !fin.isBoolean()) {
            return new Bad(Reason.MISSING_FIELD, NO_MODEL, tierLabel, "final must be true or false");
        }
        boolean last = fin != null && fin.booleanValue();
        if (segments == null && !last) {
            return new Bad(Reason.MISSING_FIELD, NO_MODEL, tierLabel, "segments");
        }
        if (segments != null && !segments.isArray()) {
            return new Bad(Reason.MISSING_FIELD, NO_MODEL, tierLabel, "segments must be an array");
        }
        int n = segments == null ? 0 : segments.size();
        double[] starts = new double[n];
        double[] ends = new double[n];
        for (int i = 0; i < n; i++) {
            JsonNode s = segments.get(i);
            JsonNode start = s.get("start");
            JsonNode stop = s.get("end");
            if (start == null || stop == null) {
                return new Bad(Reason.MISSING_FIELD, NO_MODEL, tierLabel, "segment start/end");
            }
            starts[i] = start.isNumber() ? start.doubleValue() : Double.NaN;
            ends[i] = stop.isNumber() ? stop.doubleValue() : Double.NaN;
            if (!validTime(starts[i]) || !validTime(ends[i]) || ends[i] < starts[i]) {
                return new Bad(Reason.INVALID_TIME, NO_MODEL, tierLabel, "segment needs finite 0 <= start <= end");
            }
        }
        return new Reference(utterance, tier, starts, ends, last);
    }

    private static boolean validTime(double v) {
        return v >= 0 && !Double.isInfinite(v);
    }

    private static boolean keyMatches(byte[] key, String utterance) {
        return key != null && new String(key, StandardCharsets.UTF_8).equals(utterance);
    }

    private static JsonNode object(byte[] value) {
        if (value == null) {
            return null;
        }
        try {
            JsonNode n = MAPPER.readTree(value);
            return n != null && n.isObject() ? n : null;
        } catch (IOException e) {
            return null;
        }
    }

    /** A non-empty string field without the key separator, or null. */
    private static String name(JsonNode root, String field) {
        JsonNode n = root.get(field);
        if (n == null || !n.isTextual() || n.textValue().isEmpty() || n.textValue().indexOf(States.SEP) >= 0) {
            return null;
        }
        return n.textValue();
    }
}
