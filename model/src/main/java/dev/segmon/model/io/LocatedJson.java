package dev.segmon.model.io;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * One JSON document read whole into a Jackson tree that remembers the line of every value, so
 * that a reader walking the tree can report bad input at the line of the offending token
 * ({@code file:line: problem}). Numbers are kept as exact decimals (no binary rounding before
 * the reader converts them to seconds). Used for the one-result-per-recording JSON files of cloud
 * recognizers, which are small enough to hold in memory.
 */
final class LocatedJson {
    private static final JsonFactory JSON = JsonFactory.builder().build();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final String source;
    private final JsonNode root;
    /** Line of each field's value, per object. */
    private final Map<JsonNode, Map<String, Long>> fieldLines = new IdentityHashMap<>();
    /** Line of each element, per array. */
    private final Map<JsonNode, long[]> elementLines = new IdentityHashMap<>();
    /** Line where each object or array starts. */
    private final Map<JsonNode, Long> startLines = new IdentityHashMap<>();

    private LocatedJson(String source, JsonParser p) throws IOException {
        this.source = source;
        if (p.nextToken() == null) {
            throw new InputException(source, 0, "empty file: no JSON value");
        }
        this.root = value(p);
        if (p.nextToken() != null) {
            throw new InputException(source, p.currentTokenLocation().getLineNr(), "text after the JSON value");
        }
    }

    /** Reads {@code path} whole; bad JSON is an {@link InputException} at the line Jackson names. */
    static LocatedJson read(Path path) {
        String source = path.toString();
        try (BufferedReader in = TextInput.open(path); JsonParser p = JSON.createParser(in)) {
            return new LocatedJson(source, p);
        } catch (JsonProcessingException e) {
            long line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            throw new InputException(source, line, "malformed JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new InputException(source, 0, "cannot read: " + TextInput.describe(e));
        }
    }

    String source() {
        return source;
    }

    JsonNode root() {
        return root;
    }

    /** The line of {@code container}'s field {@code name} (or of the container when it has none). */
    long line(JsonNode container, String name) {
        Map<String, Long> lines = fieldLines.get(container);
        Long line = lines == null ? null : lines.get(name);
        return line != null ? line : line(container);
    }

    /** The line of element {@code index} of {@code array}. */
    long line(JsonNode array, int index) {
        long[] lines = elementLines.get(array);
        return lines != null && index < lines.length ? lines[index] : line(array);
    }

    /** The line where an object or array starts (1 when unknown, the file's first line). */
    long line(JsonNode container) {
        Long line = startLines.get(container);
        return line == null ? 1 : line;
    }

    /** Bad input at {@code line}. */
    InputException error(long line, String problem) {
        return new InputException(source, line, problem);
    }

    /** The value whose first token is the current token, with its descendants' lines recorded. */
    private JsonNode value(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        long line = p.currentTokenLocation().getLineNr();
        switch (t) {
            case START_OBJECT -> {
                ObjectNode object = NODES.objectNode();
                startLines.put(object, line);
                Map<String, Long> lines = new HashMap<>();
                fieldLines.put(object, lines);
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    p.nextToken();
                    lines.put(name, (long) p.currentTokenLocation().getLineNr());
                    object.set(name, value(p));
                }
                return object;
            }
            case START_ARRAY -> {
                ArrayNode array = NODES.arrayNode();
                startLines.put(array, line);
                long[] lines = new long[8];
                int n = 0;
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    if (n == lines.length) {
                        lines = Arrays.copyOf(lines, 2 * n);
                    }
                    lines[n++] = p.currentTokenLocation().getLineNr();
                    array.add(value(p));
                }
                elementLines.put(array, Arrays.copyOf(lines, n));
                return array;
            }
            case VALUE_STRING -> {
                return NODES.textNode(TextInput.checkDecoded(p.getText(), source, line));
            }
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> {
                return DecimalNode.valueOf(new BigDecimal(p.getText())); // exact: no trailing zeros stripped, no double
            }
            case VALUE_TRUE, VALUE_FALSE -> {
                return NODES.booleanNode(t == JsonToken.VALUE_TRUE);
            }
            default -> {
                return NODES.nullNode();
            }
        }
    }
}
