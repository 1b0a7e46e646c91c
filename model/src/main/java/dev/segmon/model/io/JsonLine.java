package dev.segmon.model.io;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamReadException;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Parses one JSONL line as a flat JSON object with Jackson's streaming tokenizer, handing each
 * field to a callback, and turns every syntax problem into an {@link InputException} at that line.
 * The callback must consume the field's value (read it or {@link JsonParser#skipChildren()}).
 */
public final class JsonLine {
    private static final JsonFactory JSON = JsonFactory.builder().build();

    /** Receives one field: the parser stands on the field's first value token. */
    @FunctionalInterface
    public interface FieldHandler {
        void field(String name, JsonToken value, JsonParser parser) throws IOException;
    }

    private JsonLine() {
    }

    /** Parses {@code line} (the current line of {@code at}) as one object, field by field. */
    public static void parseObject(String line, TextLines at, FieldHandler handler) {
        try (JsonParser p = JSON.createParser(line)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw at.error("expected a JSON object per line");
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                handler.field(name, p.nextToken(), p);
            }
            if (p.nextToken() != null) {
                throw at.error("text after the JSON object");
            }
        } catch (StreamReadException e) { // syntax errors and numbers too large for their type
            throw at.error("malformed JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** An {@code "id"} value: a string, or an integer taken as its decimal text. */
    public static String id(JsonToken value, JsonParser p, TextLines at) throws IOException {
        if (value != JsonToken.VALUE_STRING && value != JsonToken.VALUE_NUMBER_INT) {
            throw at.error("\"id\" must be a string");
        }
        return p.getText();
    }

    /** A non-negative integer that fits an int, for counts and unit positions. */
    public static int nonNegativeInt(JsonToken value, JsonParser p, TextLines at, String what) throws IOException {
        if (value != JsonToken.VALUE_NUMBER_INT) {
            throw at.error(what + " must be a whole number, not " + (value == null ? "nothing" : p.getText()));
        }
        long v = p.getLongValue();
        if (v < 0 || v > Integer.MAX_VALUE) {
            throw at.error(what + " is out of range (" + p.getText() + ")");
        }
        return (int) v;
    }
}
