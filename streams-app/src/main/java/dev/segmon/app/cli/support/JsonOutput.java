package dev.segmon.app.cli.support;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.Map;

/** Writes the one JSON object that {@code --json} promises on stdout (docs/contract.md 2). */
public final class JsonOutput {
    private static final ObjectMapper MAPPER = new ObjectMapper().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);

    private JsonOutput() {
    }

    /** Prints the map as one JSON object on one line; null values stay {@code null}. */
    public static void print(PrintWriter out, Map<String, ?> object) {
        try {
            out.println(MAPPER.writeValueAsString(object));
            out.flush();
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
