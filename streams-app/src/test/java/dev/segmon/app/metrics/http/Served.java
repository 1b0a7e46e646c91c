package dev.segmon.app.metrics.http;

import dev.segmon.app.health.ClientHealth;
import dev.segmon.app.metrics.MetricsServer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import javax.net.ssl.SSLContext;
import org.apache.kafka.streams.KafkaStreams;

/** A metrics server on 127.0.0.1 with a web configuration (or none), a counter to scrape, and a client for it. */
final class Served implements AutoCloseable {
    final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    final MetricsServer server;

    Served(Path webConfig) throws IOException {
        registry.counter("segmon.demo").increment(3);
        server = MetricsServer.start(new WebSettings("127.0.0.1", 0, webConfig), registry, registry, () -> {
            long now = System.currentTimeMillis();
            return new ClientHealth(KafkaStreams.State.RUNNING, false, now, now, 0.1, Duration.ofMinutes(15));
        });
    }

    URI uri(String scheme, String pathAndQuery) {
        return URI.create(scheme + "://localhost:" + server.port() + pathAndQuery);
    }

    /** A fresh client (no connection or TLS session kept from an earlier one); {@code tls} null for plain HTTP. */
    static HttpClient client(SSLContext tls) {
        HttpClient.Builder b = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5));
        if (tls != null) {
            b.sslContext(tls);
        }
        return b.build();
    }

    static HttpResponse<String> get(HttpClient client, URI uri, String authorization) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10));
        if (authorization != null) {
            b.header("Authorization", authorization);
        }
        return client.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    static String basic(String user, String password) {
        return "Basic " + java.util.Base64.getEncoder().encodeToString((user + ":" + password).getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    /** Polls {@code check} every 200 ms for up to {@code seconds}; whether it came true. */
    static boolean within(double seconds, Check check) throws Exception {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        while (System.nanoTime() < end) {
            if (check.ok()) {
                return true;
            }
            Thread.sleep(200);
        }
        return check.ok();
    }

    interface Check {
        boolean ok() throws Exception;
    }

    @Override
    public void close() {
        server.close();
        registry.close();
    }
}
