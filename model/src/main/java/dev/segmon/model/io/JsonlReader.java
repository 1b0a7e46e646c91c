package dev.segmon.model.io;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import dev.segmon.model.alignment.Segment;
import dev.segmon.model.alignment.Utterance;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * JSONL alignments (INTERFACE.md 2.6), one utterance per line:
 * {@code {"id": "u1", "segments": [{"start": 0.0, "end": 0.42, "label": "hi"}]}} or
 * {@code {"id": "u1", "boundaries": [0.0, 0.42]}}. Blank lines are skipped, unknown fields ignored.
 * Parsed with Jackson's streaming tokenizer: no object mapping, one line in memory.
 */
public final class JsonlReader extends LookaheadUtteranceReader {
    private static final JsonFactory JSON = JsonFactory.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS) // so that NaN is reported as NaN, not as a syntax error
            .build();

    private final BufferedReader in;
    private final Set<String> seen = new HashSet<>();
    private long lineNumber;

    public JsonlReader(String source, BufferedReader in) {
        super(source);
        this.in = in;
    }

    @Override
    Utterance readNext() {
        String line;
        try {
            while ((line = in.readLine()) != null) {
                lineNumber++;
                TextInput.checkDecoded(line, source(), lineNumber);
                if (!line.isBlank()) {
                    Utterance u = parse(line);
                    if (!seen.add(u.id())) {
                        throw error("utterance '" + u.id() + "' appears a second time");
                    }
                    return u;
                }
            }
        } catch (IOException e) {
            lineNumber++;
            throw error("cannot read: " + TextInput.describe(e));
        }
        if (seen.isEmpty()) {
            throw new InputException(source(), 0, lineNumber == 0 ? "empty file: no utterance" : "empty file: only blank lines");
        }
        return null;
    }

    private Utterance parse(String line) {
        try (JsonParser p = JSON.createParser(line)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw error("expected a JSON object per line");
            }
            String id = null;
            List<Segment> segments = null;
            double[] boundaries = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken value = p.nextToken();
                switch (field) {
                    case "id" -> {
                        if (value != JsonToken.VALUE_STRING && value != JsonToken.VALUE_NUMBER_INT) {
                            throw error("\"id\" must be a string, not " + describe(p, value));
                        }
                        id = p.getText();
                    }
                    case "segments" -> segments = readSegments(p, value);
                    case "boundaries" -> boundaries = readTimes(p, value);
                    default -> p.skipChildren();
                }
            }
            if (p.nextToken() != null) {
                throw error("text after the JSON object");
            }
            if (id == null) {
                throw error("missing \"id\"");
            }
            if (segments != null && boundaries != null) {
                throw error("both \"segments\" and \"boundaries\": give one of them");
            }
            if (segments != null) {
                return new Utterance.Segmented(id, segments);
            }
            if (boundaries != null) {
                return new Utterance.Marked(id, boundaries);
            }
            throw error("missing \"segments\" or \"boundaries\"");
        } catch (JsonProcessingException e) {
            // syntax errors, truncated lines and Jackson's size limits (a number of thousands of digits)
            throw error("malformed JSON: " + firstLine(e.getOriginalMessage()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private List<Segment> readSegments(JsonParser p, JsonToken value) throws IOException {
        if (value != JsonToken.START_ARRAY) {
            throw error("\"segments\" must be an array");
        }
        List<Segment> segments = new ArrayList<>();
        int index = 0;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() != JsonToken.START_OBJECT) {
                throw error("segment " + index + " must be an object with \"start\" and \"end\", not " + describe(p, p.currentToken()));
            }
            double start = Double.NaN;
            double end = Double.NaN;
            boolean hasStart = false;
            boolean hasEnd = false;
            String label = "";
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken v = p.nextToken();
                switch (field) {
                    case "start" -> {
                        start = time(p, v, "segment " + index + " start");
                        hasStart = true;
                    }
                    case "end" -> {
                        end = time(p, v, "segment " + index + " end");
                        hasEnd = true;
                    }
                    case "label" -> {
                        if (v != JsonToken.VALUE_STRING && v != JsonToken.VALUE_NULL) {
                            throw error("segment " + index + " label must be a string, not " + describe(p, v));
                        }
                        label = v == JsonToken.VALUE_NULL ? "" : p.getText();
                    }
                    default -> p.skipChildren();
                }
            }
            if (!hasStart || !hasEnd) {
                throw error("segment " + index + " needs both \"start\" and \"end\"");
            }
            if (end < start) {
                throw error("segment " + index + " ends before it starts (" + start + " > " + end + ")");
            }
            segments.add(new Segment(start, end, label));
            index++;
        }
        return segments;
    }

    private double[] readTimes(JsonParser p, JsonToken value) throws IOException {
        if (value != JsonToken.START_ARRAY) {
            throw error("\"boundaries\" must be an array of times in seconds");
        }
        double[] times = new double[16];
        int n = 0;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (n == times.length) {
                times = Arrays.copyOf(times, 2 * n);
            }
            times[n] = time(p, p.currentToken(), "boundary " + n);
            n++;
        }
        return Arrays.copyOf(times, n);
    }

    private double time(JsonParser p, JsonToken v, String what) throws IOException {
        if (v != JsonToken.VALUE_NUMBER_INT && v != JsonToken.VALUE_NUMBER_FLOAT) {
            throw error(what + " must be a number, not " + describe(p, v));
        }
        double t = p.getDoubleValue();
        return checkedTime(t, what);
    }

    private double checkedTime(double t, String what) {
        return Times.check(t, what, source(), lineNumber);
    }

    /** A JSON value for an error message: its kind, and the text of a scalar. */
    private static String describe(JsonParser p, JsonToken v) throws IOException {
        if (v == null) {
            return "nothing";
        }
        return switch (v) {
            case START_OBJECT -> "an object";
            case START_ARRAY -> "an array";
            case VALUE_NULL -> "null";
            case VALUE_STRING -> "the string \"" + p.getText() + "\"";
            default -> p.getText();
        };
    }

    private static String firstLine(String message) {
        int nl = message == null ? -1 : message.indexOf('\n');
        return nl < 0 ? String.valueOf(message) : message.substring(0, nl);
    }

    private InputException error(String problem) {
        return new InputException(source(), lineNumber, problem);
    }

    @Override
    public void close() {
        close(in);
    }
}
