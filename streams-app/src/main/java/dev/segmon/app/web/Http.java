package dev.segmon.app.web;

import java.io.ByteArrayOutputStream;
import java.util.zip.GZIPOutputStream;

import com.sun.net.httpserver.HttpExchange;
import dev.segmon.app.metrics.http.BadRequest;
import dev.segmon.app.metrics.http.Responses;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/** The few pieces of HTTP the web handlers share: answering, and reading query parameters. */
final class Http {
    static final String JSON = Responses.JSON;

    private Http() {
    }

    /** Bodies at least this long are gzipped for a client that accepts it. */
    static final int GZIP_FROM_BYTES = 1024;

    static void respond(HttpExchange ex, int status, String type, byte[] body) throws IOException {
        // A day of minutes is large and compresses well (docs/live-page.md): the browser asks for
        // gzip, so the page's charts wait on far fewer bytes.
        ex.getResponseHeaders().set("Vary", "Accept-Encoding");
        String accepted = ex.getRequestHeaders().getFirst("Accept-Encoding");
        if (body.length >= GZIP_FROM_BYTES && accepted != null && accepted.contains("gzip")) {
            ByteArrayOutputStream zipped = new ByteArrayOutputStream(body.length / 4);
            try (GZIPOutputStream gz = new GZIPOutputStream(zipped)) {
                gz.write(body);
            }
            body = zipped.toByteArray();
            ex.getResponseHeaders().set("Content-Encoding", "gzip");
        }
        Responses.send(ex, status, type, body);
    }

    static void respond(HttpExchange ex, int status, String type, String body) throws IOException {
        respond(ex, status, type, body.getBytes(StandardCharsets.UTF_8));
    }

    /** An error as JSON {@code {"error": "..."}}. */
    static void error(HttpExchange ex, int status, String message) throws IOException {
        Responses.error(ex, status, message);
    }

    /** The query's parameters, decoded; the last of repeated names wins; malformed percent-encoding is a 400. */
    static Map<String, String> query(HttpExchange ex) {
        Map<String, String> out = new HashMap<>();
        String raw = ex.getRequestURI().getRawQuery();
        if (raw == null || raw.isEmpty()) {
            return out;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            String name = eq < 0 ? pair : pair.substring(0, eq);
            String value = eq < 0 ? "" : pair.substring(eq + 1);
            try {
                out.put(URLDecoder.decode(name, StandardCharsets.UTF_8), URLDecoder.decode(value, StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                throw new BadRequest("malformed percent-encoding in the query: " + e.getMessage());
            }
        }
        return out;
    }

    /** A query parameter's integer in [min, max]; otherwise an IllegalArgumentException that says what was wrong, for a 400. */
    static long number(String text, String name, long min, long max) {
        try {
            long v = Long.parseLong(text);
            if (v >= min && v <= max) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(name + " must be an integer" + (min == Long.MIN_VALUE ? "" : " from " + min + " to " + max)
                + ", not '" + text + "'");
    }
}
