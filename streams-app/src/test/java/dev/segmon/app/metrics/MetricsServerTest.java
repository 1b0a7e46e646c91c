package dev.segmon.app.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class MetricsServerTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private static int get(int port, String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    @Test
    void readyFollowsTheClientStateWhileHealthStaysUp() throws Exception {
        AtomicBoolean running = new AtomicBoolean(false);
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        try (MetricsServer server = MetricsServer.start(0, registry, running::get)) {
            int port = server.port();
            assertEquals(200, get(port, "/health"));
            assertEquals(503, get(port, "/ready"));
            running.set(true);
            assertEquals(200, get(port, "/ready"));
            assertEquals(200, get(port, "/metrics"));
        } finally {
            registry.close();
        }
    }
}
