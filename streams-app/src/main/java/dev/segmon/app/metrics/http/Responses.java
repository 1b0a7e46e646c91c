package dev.segmon.app.metrics.http;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** Answers on the metrics port: a body (none for {@code HEAD}), and errors as {@code {"error": "..."}}. */
public final class Responses {
    public static final String JSON = "application/json; charset=utf-8";

    private Responses() {
    }

    /** {@code body} with {@code status}; a {@code HEAD} request gets the headers alone. */
    public static void send(HttpExchange ex, int status, String type, byte[] body) throws IOException {
        ex.getResponseHeaders().set("Content-Type", type);
        boolean head = "HEAD".equals(ex.getRequestMethod());
        ex.sendResponseHeaders(status, head ? -1 : body.length);
        try (OutputStream out = ex.getResponseBody()) {
            if (!head) {
                out.write(body);
            }
        }
    }

    public static void send(HttpExchange ex, int status, String type, String body) throws IOException {
        send(ex, status, type, body.getBytes(StandardCharsets.UTF_8));
    }

    /** {@code {"error": message}} with {@code status}. */
    public static void error(HttpExchange ex, int status, String message) throws IOException {
        send(ex, status, JSON, JsonNodeFactory.instance.objectNode().put("error", message).toString());
    }
}
