package dev.segmon.model.io;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * The JSON values of one file as Jackson trees, with the line of every object, array and field
 * value kept beside them, so that a reader can name the line of the offending token in its
 * {@code file:line: problem} message (a plain tree forgets where its nodes came from). A file may
 * hold several root values one after the other (a Vosk stream, a NeMo manifest): they are read
 * one at a time, so a long manifest is never in memory whole.
 */
final class JsonDocument implements Closeable {
    private static final JsonFactory JSON = JsonFactory.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS) // Python's json writes NaN; report it as not finite
            .build();
    private static final JsonNodeFactory NODES = JsonNodeFactory.withExactBigDecimals(false);

    private final String source;
    private final BufferedReader in;
    private final JsonParser p;
    private final Map<JsonNode, Long> containerLines = new IdentityHashMap<>();
    private final Map<JsonNode, Map<String, Long>> fieldLines = new IdentityHashMap<>();
    private JsonNode first;

    private JsonDocument(String source, BufferedReader in, JsonParser p) {
        this.source = source;
        this.in = in;
        this.p = p;
    }

    /** Opens {@code path}; nothing is parsed until a value is asked for. */
    static JsonDocument open(Path path) {
        BufferedReader in = TextInput.open(path);
        try {
            return new JsonDocument(path.toString(), in, JSON.createParser(in));
        } catch (IOException e) {
            LookaheadUtteranceReader.close(in);
            throw new InputException(path, 0, "cannot read: " + TextInput.describe(e));
        }
    }

    /** The first root value of {@code path}, or null when the file does not start with well-formed JSON. */
    static JsonNode peek(Path path) {
        try (JsonDocument d = open(path)) {
            return d.first();
        } catch (InputException e) {
            return null;
        }
    }

    /** The file's first root value (parsed once; {@link #single} and {@link #values} start with it). */
    JsonNode first() {
        if (first == null) {
            first = next();
            if (first == null) {
                throw new InputException(source, 0, "empty file: no JSON value");
            }
        }
        return first;
    }

    /** The only root value; anything after it is bad input. */
    JsonNode single() {
        JsonNode v = first();
        try {
            if (p.nextToken() != null) {
                throw new InputException(source, p.currentTokenLocation().getLineNr(), "text after the JSON document (one document per file)");
            }
        } catch (IOException e) {
            throw failure(e);
        }
        return v;
    }

    /**
     * The root values in file order, each parsed when the previous one is done with: the lines of
     * a value are forgotten when the next is read, so use each value before asking for the next.
     */
    Iterable<JsonNode> values() {
        JsonNode head = first();
        return () -> new Iterator<>() {
            private JsonNode current = head;
            private boolean advance;

            @Override
            public boolean hasNext() {
                if (advance) {
                    containerLines.clear();
                    fieldLines.clear();
                    current = JsonDocument.this.next();
                    advance = false;
                }
                return current != null;
            }

            @Override
            public JsonNode next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                advance = true;
                return current;
            }
        };
    }

    /** The next root value, or null at the end of the file. */
    private JsonNode next() {
        try {
            JsonToken t = p.nextToken();
            return t == null ? null : value(p, t);
        } catch (IOException e) {
            throw failure(e);
        }
    }

    private InputException failure(IOException e) {
        if (e instanceof JsonProcessingException j) {
            long line = j.getLocation() == null ? 0 : j.getLocation().getLineNr();
            return new InputException(source, line, "malformed JSON: " + j.getOriginalMessage());
        }
        return new InputException(source, 0, "cannot read: " + TextInput.describe(e));
    }

    @Override
    public void close() {
        try {
            p.close();
        } catch (IOException ignored) {
            // the input was read or abandoned: nothing is lost
        }
        LookaheadUtteranceReader.close(in);
    }

    private JsonNode value(JsonParser p, JsonToken t) throws IOException {
        long line = p.currentTokenLocation().getLineNr();
        switch (t) {
            case START_OBJECT -> {
                ObjectNode o = NODES.objectNode();
                containerLines.put(o, line);
                Map<String, Long> lines = new HashMap<>();
                fieldLines.put(o, lines);
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    JsonToken v = p.nextToken();
                    lines.put(name, (long) p.currentTokenLocation().getLineNr());
                    o.set(name, value(p, v));
                }
                return o;
            }
            case START_ARRAY -> {
                ArrayNode a = NODES.arrayNode();
                containerLines.put(a, line);
                JsonToken v;
                while ((v = p.nextToken()) != JsonToken.END_ARRAY) {
                    a.add(value(p, v));
                }
                return a;
            }
            case VALUE_STRING -> {
                return NODES.textNode(TextInput.checkDecoded(p.getText(), source, line));
            }
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> {
                return NODES.numberNode(p.getDoubleValue());
            }
            case VALUE_TRUE, VALUE_FALSE -> {
                return NODES.booleanNode(t == JsonToken.VALUE_TRUE);
            }
            default -> {
                return NODES.nullNode();
            }
        }
    }

    String source() {
        return source;
    }

    /** The line where {@code container} (an object or array of this document) starts; 0 if unknown. */
    long line(JsonNode container) {
        return containerLines.getOrDefault(container, 0L);
    }

    /** The line of the value of {@code field} in {@code object}, else of the object. */
    long line(JsonNode object, String field) {
        Map<String, Long> lines = fieldLines.get(object);
        Long l = lines == null ? null : lines.get(field);
        return l != null ? l : line(object);
    }

    /** Bad input at the value of {@code field} in {@code object} (or at the object when it lacks the field). */
    InputException error(JsonNode object, String field, String problem) {
        return new InputException(source, line(object, field), problem);
    }

    /** Bad input at an object or array. */
    InputException error(JsonNode node, String problem) {
        return new InputException(source, line(node), problem);
    }

    /** {@code object.field}, which must be an array; {@code what} names it in the message. */
    ArrayNode array(JsonNode object, String field, String what) {
        JsonNode v = object.get(field);
        if (v == null || v.isNull()) {
            throw error(object, field, what + " has no \"" + field + "\" array");
        }
        if (!v.isArray()) {
            throw error(object, field, what + " \"" + field + "\" must be an array, not " + JsonValues.describe(v));
        }
        return (ArrayNode) v;
    }

    /** The elements of the array {@code object.field}, each of which must be an object ({@code what + index} in messages). */
    List<JsonNode> objects(JsonNode object, String field, String what) {
        ArrayNode list = array(object, field, what.isEmpty() ? "the document" : what.strip());
        List<JsonNode> out = new ArrayList<>(list.size());
        for (JsonNode element : list) {
            out.add(object(element, list, field + " entry " + out.size()));
        }
        return out;
    }

    /** {@code node}, which must be an object. */
    JsonNode object(JsonNode node, JsonNode parent, String what) {
        if (!node.isObject()) {
            throw error(parent, what + " must be an object, not " + JsonValues.describe(node));
        }
        return node;
    }

    /** A time in seconds at {@code object.field}: a finite number >= 0. */
    double time(JsonNode object, String field, String what) {
        JsonNode v = object.get(field);
        if (v == null || !v.isNumber()) {
            throw error(object, field, what + " \"" + field + "\" must be a number, not " + JsonValues.describe(v));
        }
        return Times.check(v.doubleValue(), what + " " + field, source, line(object, field));
    }

    /**
     * The text at {@code object.field}: a string, or a list of strings joined (NeMo writes a
     * character as a list of tokens), or {@code ""} when absent or null.
     */
    String text(JsonNode object, String field, String what) {
        JsonNode v = object.get(field);
        if (v == null || v.isNull()) {
            return "";
        }
        if (v.isArray()) {
            StringBuilder joined = new StringBuilder();
            for (JsonNode part : v) {
                if (!part.isTextual()) {
                    throw error(object, field, what + " \"" + field + "\" must be a string or a list of strings");
                }
                joined.append(part.textValue());
            }
            return joined.toString();
        }
        if (!v.isTextual()) {
            throw error(object, field, what + " \"" + field + "\" must be a string, not " + JsonValues.describe(v));
        }
        return v.textValue();
    }
}
