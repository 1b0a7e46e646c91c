package dev.segmon.app.wire;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/**
 * The JSON of the records on Kafka topics, streamed by each record's toJson, and the one mapper
 * of the application; the HTTP API's JSON, which instances also read back, is {@code web.ApiJson}.
 */
public final class RecordJson {
    public static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonFactory FACTORY = MAPPER.getFactory();

    private RecordJson() {
    }

    /** The body of one JSON value, written by {@code body} on a generator. */
    @FunctionalInterface
    public interface Body {
        void write(JsonGenerator g) throws IOException;
    }

    public static String write(Body body) {
        StringWriter out = new StringWriter(128);
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            body.write(g);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    /** The names that head every per-utterance record, in the order the contract shows them. */
    public static void names(JsonGenerator g, String utterance, String model, String tier) throws IOException {
        g.writeStringField("utterance", utterance);
        g.writeStringField("model", model);
        g.writeStringField("tier", tier);
    }

    /** A ratio, or null where its denominator is 0 (docs/contract.md 2). */
    public static void ratio(JsonGenerator g, String field, Double value) throws IOException {
        if (value == null) {
            g.writeNullField(field);
        } else {
            g.writeNumberField(field, value);
        }
    }

    /** The {@code labels} object of a message (docs/slices.md), in key order; nothing when it has none. */
    public static void labels(JsonGenerator g, java.util.Map<String, String> labels) throws IOException {
        if (labels.isEmpty()) {
            return;
        }
        g.writeObjectFieldStart("labels");
        for (var e : new java.util.TreeMap<>(labels).entrySet()) {
            g.writeStringField(e.getKey(), e.getValue());
        }
        g.writeEndObject();
    }
}
