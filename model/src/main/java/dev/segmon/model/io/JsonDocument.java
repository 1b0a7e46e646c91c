package dev.segmon.model.io;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * The JSON values of one file as Jackson trees, with the line of every object, array and field
 * value kept beside them, so that a reader can name the line of the offending token in its
 * {@code file:line: problem} message (a plain tree forgets where its nodes came from). A file may
 * hold several root values one after the other (a Vosk stream, a NeMo manifest): they are read
 * one at a time, so a long manifest is never in memory whole. Numbers are kept as exact decimals
 * (no binary rounding before a reader converts them to seconds); Python's NaN and Infinity are
 * read as doubles, for the readers to report as not finite.
 */
final class JsonDocument implements Closeable {
    private static final JsonFactory JSON = JsonFactory.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS) // Python's json writes NaN; report it as not finite
            .build();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final String source;
    private final BufferedReader in;
    private final JsonParser p;
    private final Map<JsonNode, Long> containerLines = new IdentityHashMap<>();
    private final Map<JsonNode, Map<String, Long>> fieldLines = new IdentityHashMap<>();
    /** Line of each element, per array. */
    private final Map<JsonNode, long[]> elementLines = new IdentityHashMap<>();
    private JsonNode first;
    private boolean single;

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
        if (single) {
            return v;
        }
        single = true;
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
                    elementLines.clear();
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
                long[] lines = new long[8];
                int n = 0;
                JsonToken v;
                while ((v = p.nextToken()) != JsonToken.END_ARRAY) {
                    if (n == lines.length) {
                        lines = Arrays.copyOf(lines, 2 * n);
                    }
                    lines[n++] = p.currentTokenLocation().getLineNr();
                    a.add(value(p, v));
                }
                elementLines.put(a, Arrays.copyOf(lines, n));
                return a;
            }
            case VALUE_STRING -> {
                return NODES.textNode(TextInput.checkDecoded(p.getText(), source, line));
            }
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> {
                return p.isNaN() ? NODES.numberNode(p.getDoubleValue())
                        : DecimalNode.valueOf(new BigDecimal(p.getText())); // exact: no trailing zeros stripped, no double
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

    /** The line of element {@code index} of {@code array}, else of the array. */
    long line(JsonNode array, int index) {
        long[] lines = elementLines.get(array);
        return lines != null && index < lines.length ? lines[index] : line(array);
    }

    /** Bad input at {@code line}. */
    InputException error(long line, String problem) {
        return new InputException(source, line, problem);
    }

    /** Bad input at the value of {@code field} in {@code object} (or at the object when it lacks the field). */
    InputException error(JsonNode object, String field, String problem) {
        return new InputException(source, line(object, field), problem);
    }

    /** Bad input at an object or array. */
    InputException error(JsonNode node, String problem) {
        return new InputException(source, line(node), problem);
    }

    /** Whether {@code object} has a non-null value at {@code field}. */
    static boolean has(JsonNode object, String field) {
        JsonNode v = object.get(field);
        return v != null && !v.isNull();
    }

    /** A JSON value for an error message: its kind, and the text of a scalar. */
    static String describe(JsonNode v) {
        if (v == null || v.isMissingNode()) {
            return "nothing";
        }
        if (v.isObject()) {
            return "an object";
        }
        if (v.isArray()) {
            return "an array";
        }
        if (v.isTextual()) {
            return "the string \"" + v.textValue() + "\"";
        }
        return v.toString();
    }
}
