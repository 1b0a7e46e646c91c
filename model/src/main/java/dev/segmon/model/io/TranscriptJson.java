package dev.segmon.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.segmon.model.alignment.Segment;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Field access and time conversion over one file of a tool's JSON output: every missing or
 * mistyped field and every bad time is an {@link InputException} at the line of the offending
 * value. The cloud readers name a value by its path ({@code results.items[3].start_time}: the
 * methods taking a {@code path}), the open-source tools' readers by what it is ({@code segment 0
 * word 3}: the methods taking a {@code what}). Times are read as exact decimals
 * and rounded to a double once, so {@code "1.23"}, {@code 12300000} ticks, {@code 1230} ms and
 * {@code "PT1.23S"} all give the double nearest to 1.23 s, and a word's end (start + duration)
 * is summed before rounding.
 */
final class TranscriptJson {
    private static final Pattern PLAIN_DECIMAL = Pattern.compile("\\d+(\\.\\d+)?|\\.\\d+");
    /** ISO 8601 durations as .NET and Azure write them: {@code PT1.23S}, {@code PT1M2.5S}, {@code P1DT2H}. */
    private static final Pattern ISO_DURATION = Pattern.compile(
            "P(?:(\\d+)D)?(?:T(?:(\\d+)H)?(?:(\\d+)M)?(?:(\\d+(?:\\.\\d+)?)S)?)?");
    private static final BigDecimal NANOS_PER_SECOND = BigDecimal.valueOf(1_000_000_000);

    private final JsonDocument doc;

    TranscriptJson(JsonDocument doc) {
        this.doc = doc;
    }

    String source() {
        return doc.source();
    }

    /** The file's only JSON value (text after it is bad input). */
    JsonNode root() {
        return doc.single();
    }

    /** The file's first JSON value. */
    JsonNode first() {
        return doc.first();
    }

    /** The file's JSON values one at a time ({@link JsonDocument#values}). */
    Iterable<JsonNode> values() {
        return doc.values();
    }

    long line(JsonNode container, String name) {
        return doc.line(container, name);
    }

    long line(JsonNode array, int index) {
        return doc.line(array, index);
    }

    InputException error(long line, String problem) {
        return doc.error(line, problem);
    }

    InputException error(JsonNode object, String field, String problem) {
        return doc.error(object, field, problem);
    }

    InputException error(JsonNode container, String problem) {
        return doc.error(container, problem);
    }

    /** The array {@code node.name}; missing or another kind is bad input. */
    JsonNode array(JsonNode node, String name, String path) {
        JsonNode v = node.get(name);
        if (v == null || !v.isArray()) {
            throw error(line(node, name), describe(path + name, v, "an array"));
        }
        return v;
    }

    /** The object {@code node.name}; missing or another kind is bad input. */
    JsonNode object(JsonNode node, String name, String path) {
        JsonNode v = node.get(name);
        if (v == null || !v.isObject()) {
            throw error(line(node, name), describe(path + name, v, "an object"));
        }
        return v;
    }

    /** Element {@code index} of {@code array}, which must be an object. */
    JsonNode element(JsonNode array, int index, String path) {
        JsonNode v = array.get(index);
        if (!v.isObject()) {
            throw error(line(array, index), describe(path + "[" + index + "]", v, "an object"));
        }
        return v;
    }

    /** The string {@code node.name}; missing or another kind is bad input. */
    String text(JsonNode node, String name, String path) {
        JsonNode v = node.get(name);
        if (v == null || !v.isTextual()) {
            throw error(line(node, name), describe(path + name, v, "a string"));
        }
        return v.textValue();
    }

    /** {@code node.name} as a decimal number of some unit: a JSON number or a string holding a plain decimal. */
    BigDecimal decimal(JsonNode node, String name, String path) {
        JsonNode v = node.get(name);
        if (v != null && v.isNumber() && !v.isDouble()) { // a double is Python's NaN or Infinity
            return nonNegative(v.decimalValue(), node, name, path);
        }
        if (v != null && v.isTextual() && PLAIN_DECIMAL.matcher(v.textValue()).matches()) {
            return new BigDecimal(v.textValue());
        }
        throw error(line(node, name), describe(path + name, v, "a number"));
    }

    /**
     * A protobuf Duration in its JSON mapping: the string {@code "1.300s"}, or the object
     * {@code {"seconds": "1", "nanos": 300000000}} (either part may be missing: zero).
     */
    BigDecimal protoDuration(JsonNode node, String name, String path) {
        JsonNode v = node.get(name);
        if (v != null && v.isTextual()) {
            String s = v.textValue();
            if (s.endsWith("s") && PLAIN_DECIMAL.matcher(s.substring(0, s.length() - 1)).matches()) {
                return new BigDecimal(s.substring(0, s.length() - 1));
            }
        } else if (v != null && v.isObject()) {
            BigDecimal seconds = v.has("seconds") ? decimal(v, "seconds", path + name + ".") : BigDecimal.ZERO;
            BigDecimal nanos = v.has("nanos") ? decimal(v, "nanos", path + name + ".") : BigDecimal.ZERO;
            return seconds.add(nanos.divide(NANOS_PER_SECOND));
        }
        throw error(line(node, name), describe(path + name, v, "a duration such as \"1.300s\""));
    }

    /** An ISO 8601 duration such as {@code "PT1.23S"}, in seconds. */
    BigDecimal isoDuration(JsonNode node, String name, String path) {
        JsonNode v = node.get(name);
        Matcher m = v != null && v.isTextual() ? ISO_DURATION.matcher(v.textValue()) : null;
        if (m == null || !m.matches() || v.textValue().equals("P") || v.textValue().endsWith("T")) {
            throw error(line(node, name), describe(path + name, v, "an ISO 8601 duration such as \"PT1.23S\""));
        }
        return part(m.group(1), 86_400).add(part(m.group(2), 3_600)).add(part(m.group(3), 60)).add(part(m.group(4), 1));
    }

    /**
     * The segment [start, end] in seconds; {@code end < start} is bad input at {@code line}. The
     * only rounding is each time's conversion to the nearest double.
     */
    Segment segment(BigDecimal start, BigDecimal end, String label, long line, String path) {
        if (end.compareTo(start) < 0) {
            throw error(line, path + " ends before it starts (" + start.toPlainString() + " > " + end.toPlainString() + " s)");
        }
        if (Double.isInfinite(end.doubleValue())) {
            throw error(line, path + " is not a finite time (" + end.toString() + " s)");
        }
        return new Segment(start.doubleValue(), end.doubleValue(), label);
    }

    /**
     * The entry of {@code byChannel} that {@code requested} names (the {@code --tier} value), or the
     * first one when none is requested. With a single channel there is nothing to choose and
     * {@code requested} is ignored: {@code --tier} applies to both sides of a comparison, where it
     * usually names the reference TextGrid's tier. With several, a name that is not a channel is
     * bad input listing the channels.
     */
    <T> T channel(Map<String, T> byChannel, String requested, long line) {
        if (requested == null || byChannel.size() <= 1) {
            return byChannel.isEmpty() ? null : byChannel.values().iterator().next();
        }
        T chosen = byChannel.get(requested);
        if (chosen == null) {
            throw error(line, "no channel '" + requested + "' (--tier); the file has channels "
                    + String.join(", ", byChannel.keySet()) + " (split the results per channel to pair one with a TextGrid tier)");
        }
        return chosen;
    }

    /** An empty channel map ordered by channel number ({@code "2"} before {@code "10"}). */
    static <T> Map<String, T> numberedChannels() {
        return new TreeMap<>(Comparator.comparingInt(String::length).thenComparing(Comparator.naturalOrder()));
    }

    /** {@code node.name} as a channel number ({@code 1} or {@code "1"}), or {@code absent} when the field is missing or null. */
    String channelNumber(JsonNode node, String name, String path, String absent) {
        JsonNode v = node.get(name);
        if (v == null || v.isNull()) {
            return absent;
        }
        return decimal(node, name, path).stripTrailingZeros().toPlainString();
    }

    /** {@code object.field}, which must be an array; {@code what} names it in the message. */
    ArrayNode list(JsonNode object, String field, String what) {
        JsonNode v = object.get(field);
        if (v == null || v.isNull()) {
            throw doc.error(object, field, what + " has no \"" + field + "\" array");
        }
        if (!v.isArray()) {
            throw doc.error(object, field, what + " \"" + field + "\" must be an array, not " + JsonDocument.describe(v));
        }
        return (ArrayNode) v;
    }

    /** The elements of the array {@code object.field}, each of which must be an object ({@code what + index} in messages). */
    List<JsonNode> objects(JsonNode object, String field, String what) {
        ArrayNode list = list(object, field, what.isEmpty() ? "the document" : what.strip());
        List<JsonNode> out = new ArrayList<>(list.size());
        for (JsonNode element : list) {
            out.add(object(element, list, field + " entry " + out.size()));
        }
        return out;
    }

    /** {@code node}, which must be an object. */
    JsonNode object(JsonNode node, JsonNode parent, String what) {
        if (!node.isObject()) {
            throw doc.error(parent, what + " must be an object, not " + JsonDocument.describe(node));
        }
        return node;
    }

    /** A time in seconds at {@code object.field}: a finite number >= 0. */
    double seconds(JsonNode object, String field, String what) {
        JsonNode v = object.get(field);
        if (v == null || !v.isNumber()) {
            throw doc.error(object, field, what + " \"" + field + "\" must be a number, not " + JsonDocument.describe(v));
        }
        return Times.check(v.doubleValue(), what + " " + field, doc.source(), line(object, field));
    }

    /**
     * The text at {@code object.field}: a string, or a list of strings joined (NeMo writes a
     * character as a list of tokens), or {@code ""} when absent or null.
     */
    String label(JsonNode object, String field, String what) {
        JsonNode v = object.get(field);
        if (v == null || v.isNull()) {
            return "";
        }
        if (v.isArray()) {
            StringBuilder joined = new StringBuilder();
            for (JsonNode part : v) {
                if (!part.isTextual()) {
                    throw doc.error(object, field, what + " \"" + field + "\" must be a string or a list of strings");
                }
                joined.append(part.textValue());
            }
            return joined.toString();
        }
        if (!v.isTextual()) {
            throw doc.error(object, field, what + " \"" + field + "\" must be a string, not " + JsonDocument.describe(v));
        }
        return v.textValue();
    }

    private BigDecimal nonNegative(BigDecimal value, JsonNode node, String name, String path) {
        if (value.signum() < 0) {
            throw error(line(node, name), path + name + " is negative (" + value.toPlainString() + ")");
        }
        return value;
    }

    private static BigDecimal part(String digits, long unit) {
        return digits == null ? BigDecimal.ZERO : new BigDecimal(digits).multiply(BigDecimal.valueOf(unit));
    }

    private static String describe(String path, JsonNode v, String expected) {
        if (v == null || v.isMissingNode()) {
            return "missing " + path + " (" + expected + ")";
        }
        return path + " must be " + expected + ", not " + JsonDocument.describe(v);
    }
}
