package dev.segmon.model.io;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import dev.segmon.model.alignment.Segment;
import dev.segmon.model.alignment.Utterance;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * JSONL alignments (docs/contract.md 2.6), one utterance per line:
 * {@code {"id": "u1", "segments": [{"start": 0.0, "end": 0.42, "label": "hi"}]}} or
 * {@code {"id": "u1", "boundaries": [0.0, 0.42]}}. Blank lines are skipped, unknown fields ignored.
 *
 * <p>Why one parser over the whole stream rather than a parser per line: reading a line into a
 * String and handing it to a new parser copies every character twice more, and that copying
 * was most of the cost of {@code eval boundaries} on large corpora (docs/boundaries.md, "Speed").
 * The line contract is kept by checking token locations: an object must end on the line where
 * it starts, nothing may follow it on that line, and every error names the line of the utterance.
 * Jackson's streaming tokenizer: no object mapping, one utterance in memory.
 */
public final class JsonlReader extends LookaheadUtteranceReader {
    private static final JsonFactory JSON = JsonFactory.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS) // so that NaN is reported as NaN, not as a syntax error
            // Times are most of a boundary file; FastDoubleParser (bundled in jackson-core) returns
            // the same correctly rounded double as Double.parseDouble, without its slow path.
            .enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER)
            .build();

    private final Reader in;
    private final JsonParser p;
    private final SeenIds seen = new SeenIds();
    /** The line of the utterance being read, for error messages. */
    private long lineNumber;
    /** The line where the previous object ended (nothing else may start there). */
    private long previousEndLine = -1;
    private boolean insideObject;
    private boolean exhausted;

    public JsonlReader(String source, BufferedReader in) {
        super(source);
        this.in = in;
        try {
            this.p = JSON.createParser(in);
        } catch (IOException e) {
            throw new InputException(source(), 0, "cannot read: " + e.getMessage());
        }
    }

    @Override
    Utterance readNext() {
        if (exhausted) {
            return null;
        }
        try {
            JsonToken first = p.nextToken();
            if (first == null) {
                exhausted = true;
                if (previousEndLine < 0) {
                    throw new InputException(source(), 0, p.currentLocation().getLineNr() > 1
                            ? "empty file: only blank lines" : "empty file: no utterance");
                }
                return null;
            }
            lineNumber = p.currentTokenLocation().getLineNr();
            if (lineNumber == previousEndLine) {
                throw error("text after the JSON object");
            }
            if (first != JsonToken.START_OBJECT) {
                throw error("expected a JSON object per line");
            }
            insideObject = true;
            Utterance u = parseObject();
            insideObject = false;
            previousEndLine = p.currentTokenLocation().getLineNr();
            if (previousEndLine != lineNumber) {
                throw error("malformed JSON: the object does not end on its line");
            }
            if (!seen.add(u.id())) {
                throw error("utterance '" + u.id() + "' appears a second time");
            }
            return u;
        } catch (JsonProcessingException e) { // syntax errors, and numbers longer than Jackson accepts
            long at = e.getLocation() == null ? lineNumber : e.getLocation().getLineNr();
            if (insideObject && at != lineNumber) {
                // The object left its line (a truncated line): the problem is where it started.
                throw error("malformed JSON: the object does not end on its line");
            }
            if (!insideObject && at == previousEndLine) {
                throw new InputException(source(), at, "text after the JSON object");
            }
            throw new InputException(source(), at, "malformed JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw error("cannot read: " + e.getMessage());
        }
    }

    /** Reads the fields of an object whose START_OBJECT is the current token, through its END_OBJECT. */
    private Utterance parseObject() throws IOException {
        String id = null;
        List<Segment> segments = null;
        double[] boundaries = null;
        String foreign = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            JsonToken value = p.nextToken();
            switch (field) {
                case "id" -> {
                    if (value != JsonToken.VALUE_STRING && value != JsonToken.VALUE_NUMBER_INT) {
                        throw error("\"id\" must be a string, not " + describe(p, value));
                    }
                    id = TextInput.checkDecoded(p.getText(), source(), lineNumber);
                }
                case "segments" -> segments = readSegments(p, value);
                case "boundaries" -> boundaries = readTimes(p, value);
                default -> {
                    foreign = foreign != null ? foreign : JsonTools.hint(field);
                    p.skipChildren();
                }
            }
        }
        if (id == null) {
            throw error(foreign == null ? "missing \"id\"" : "missing \"id\": " + foreign);
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
                        start = time(p, v, "segment ", index, " start");
                        hasStart = true;
                    }
                    case "end" -> {
                        end = time(p, v, "segment ", index, " end");
                        hasEnd = true;
                    }
                    case "words" -> throw error("segment " + index + " has \"words\": this is openai-whisper or WhisperX output,"
                            + " not segmon JSONL, and its segment times are not word boundaries: read it with --format whisper or --format whisperx");
                    case "label" -> {
                        if (v != JsonToken.VALUE_STRING && v != JsonToken.VALUE_NULL) {
                            throw error("segment " + index + " label must be a string, not " + describe(p, v));
                        }
                        label = v == JsonToken.VALUE_NULL ? "" : TextInput.checkDecoded(p.getText(), source(), lineNumber);
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
            times[n] = time(p, p.currentToken(), "boundary ", n, "");
            n++;
        }
        return Arrays.copyOf(times, n);
    }

    /**
     * The time at the current token. Its description ({@code what + index + suffix}, such as
     * "boundary 3") is only built for an error message: building it for every number cost more
     * than parsing the number.
     */
    private double time(JsonParser p, JsonToken v, String what, int index, String suffix) throws IOException {
        if (v != JsonToken.VALUE_NUMBER_INT && v != JsonToken.VALUE_NUMBER_FLOAT) {
            throw error(what + index + suffix + " must be a number, not " + describe(p, v));
        }
        double t = ShortDecimal.parse(p.getTextCharacters(), p.getTextOffset(), p.getTextLength());
        if (Double.isNaN(t)) { // not a short plain decimal (or really NaN): the general parser decides
            t = p.getDoubleValue();
        }
        if (Double.isNaN(t) || Double.isInfinite(t)) {
            throw error(what + index + suffix + " is not a finite number (" + t + ")");
        }
        if (t < 0) {
            throw error(what + index + suffix + " is negative (" + t + ")");
        }
        return t;
    }

    private InputException error(String problem) {
        if (insideObject && p.currentTokenLocation().getLineNr() != lineNumber) {
            // The object ran past its line (a truncated line): whatever broke, it broke there.
            return new InputException(source(), lineNumber, "malformed JSON: the object does not end on its line");
        }
        return new InputException(source(), lineNumber, problem);
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

    @Override
    public void close() {
        try {
            p.close();
            in.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
