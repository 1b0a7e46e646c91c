package dev.segmon.app.wire;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * One JSON value of an input record, read with Jackson's streaming parser as far as the input
 * checks look: its kind, a scalar's value, an array's elements and, for the objects in the arrays
 * of words and segments, the fields they name. Everything else is skipped (still tokenised, so
 * malformed JSON anywhere is refused as before).
 *
 * <p>Why not Jackson's tree ({@code ObjectMapper.readTree}): building a {@code JsonNode} tree for
 * every record costs far more than the checks need, a handful of fields
 * (docs/decisions/0003-streaming-input-reader.md). The answers are the tree's on every input
 * (the tree model's reader is the test's oracle): a field given twice keeps its last value,
 * JSON {@code null} is a present value that is no number, string or boolean, content after the
 * record's object is ignored, and a non-object has no fields.
 */
final class JsonValue {
    enum Kind { STRING, NUMBER, BOOLEAN, NULL, ARRAY, OBJECT }

    /** What to keep of a value's content. */
    enum Keep {
        /** Kind and scalar value; an array's or object's content is skipped. */
        SCALAR,
        /** An array's elements as {@link #SCALAR}s (the times). */
        SCALARS,
        /** An array's elements as {@link #FIELDS} (words, segments). */
        OBJECTS,
        /** An object's fields start, end, word and label, as {@link #SCALAR}s. */
        FIELDS
    }

    private final Kind kind;
    private String text;
    private double number;
    private boolean bool;
    private List<JsonValue> elements;
    private JsonValue start;
    private JsonValue end;
    private JsonValue word;
    private JsonValue label;

    private JsonValue(Kind kind) {
        this.kind = kind;
    }

    /** Reads the value that starts at the parser's current token {@code t}, keeping {@code keep}. */
    static JsonValue read(JsonParser p, JsonToken t, Keep keep) throws IOException {
        switch (t) {
            case VALUE_STRING: {
                JsonValue v = new JsonValue(Kind.STRING);
                v.text = p.getText();
                return v;
            }
            case VALUE_NUMBER_INT:
            case VALUE_NUMBER_FLOAT: {
                JsonValue v = new JsonValue(Kind.NUMBER);
                v.number = p.getDoubleValue();
                return v;
            }
            case VALUE_TRUE:
            case VALUE_FALSE: {
                JsonValue v = new JsonValue(Kind.BOOLEAN);
                v.bool = t == JsonToken.VALUE_TRUE;
                return v;
            }
            case VALUE_NULL:
                return new JsonValue(Kind.NULL);
            case START_ARRAY: {
                JsonValue v = new JsonValue(Kind.ARRAY);
                if (keep == Keep.SCALARS || keep == Keep.OBJECTS) {
                    Keep each = keep == Keep.SCALARS ? Keep.SCALAR : Keep.FIELDS;
                    v.elements = new ArrayList<>();
                    JsonToken e;
                    while ((e = p.nextToken()) != JsonToken.END_ARRAY) {
                        v.elements.add(read(p, e, each));
                    }
                } else {
                    p.skipChildren();
                }
                return v;
            }
            case START_OBJECT: {
                JsonValue v = new JsonValue(Kind.OBJECT);
                if (keep != Keep.FIELDS) {
                    p.skipChildren();
                    return v;
                }
                String name;
                while ((name = p.nextFieldName()) != null) {
                    JsonToken e = p.nextToken();
                    switch (name) {
                        case "start" -> v.start = read(p, e, Keep.SCALAR);
                        case "end" -> v.end = read(p, e, Keep.SCALAR);
                        case "word" -> v.word = read(p, e, Keep.SCALAR);
                        case "label" -> v.label = read(p, e, Keep.SCALAR);
                        default -> p.skipChildren();
                    }
                }
                return v;
            }
            default:
                throw new IOException("unexpected " + t);
        }
    }

    boolean isNull() {
        return kind == Kind.NULL;
    }

    boolean isNumber() {
        return kind == Kind.NUMBER;
    }

    boolean isBoolean() {
        return kind == Kind.BOOLEAN;
    }

    boolean isTextual() {
        return kind == Kind.STRING;
    }

    boolean isArray() {
        return kind == Kind.ARRAY;
    }

    double doubleValue() {
        return number;
    }

    boolean booleanValue() {
        return bool;
    }

    String textValue() {
        return text;
    }

    /** An array's elements (kept with {@link Keep#SCALARS} or {@link Keep#OBJECTS}). */
    List<JsonValue> elements() {
        return elements;
    }

    /** A word's or segment's field, or null when absent or when this is not an object. */
    JsonValue start() {
        return start;
    }

    JsonValue end() {
        return end;
    }

    JsonValue word() {
        return word;
    }

    JsonValue label() {
        return label;
    }
}
