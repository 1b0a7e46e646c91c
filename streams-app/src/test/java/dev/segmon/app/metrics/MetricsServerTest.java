package dev.segmon.app.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
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

    // A scrape that waits (as one reading a store whose cache the stream thread holds while the
    // broker is away, docs/faults.md scenario 2) must not hold up the probes.
    @Test
    void probesAnswerWhileAScrapeWaits() throws Exception {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        CountDownLatch scraping = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        registry.getPrometheusRegistry().register((MultiCollector) () -> {
            scraping.countDown();
            try {
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return MetricSnapshots.of();
        });
        try (MetricsServer server = MetricsServer.start(0, registry, () -> true)) {
            int port = server.port();
            CompletableFuture<HttpResponse<Void>> scrape = HTTP.sendAsync(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics")).build(),
                    HttpResponse.BodyHandlers.discarding());
            assertTrue(scraping.await(10, TimeUnit.SECONDS), "the scrape started");
            Duration probe = Duration.ofSeconds(5);
            assertEquals(200, HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/ready")).timeout(probe).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode());
            assertEquals(200, HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health")).timeout(probe).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode());
            release.countDown();
            assertEquals(200, scrape.get(10, TimeUnit.SECONDS).statusCode());
        } finally {
            release.countDown();
            registry.close();
        }
    }

    private static String body(int port, String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString()).body();
    }

    @Test
    void selectedSegmonFamiliesAreServedFromTheSegmonRegistryAndOthersFromTheFullOne() throws Exception {
        PrometheusMeterRegistry full = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        PrometheusMeterRegistry segmon = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        // One family in both (as StoreMetrics is), one only in the full registry (as the Kafka client metrics).
        full.counter("segmon.demo").increment(3);
        segmon.counter("segmon.demo").increment(3);
        full.counter("kafka.demo").increment(5);
        try (MetricsServer server = MetricsServer.start(0, full, segmon, () -> true)) {
            int port = server.port();
            String all = body(port, "/metrics");
            org.junit.jupiter.api.Assertions.assertTrue(all.contains("segmon_demo_total 3.0") && all.contains("kafka_demo_total 5.0"), all);
            String selected = body(port, "/metrics?name[]=segmon_demo_total");
            org.junit.jupiter.api.Assertions.assertTrue(selected.contains("segmon_demo_total 3.0") && !selected.contains("kafka_demo"), selected);
            String other = body(port, "/metrics?name[]=kafka_demo_total");
            org.junit.jupiter.api.Assertions.assertTrue(other.contains("kafka_demo_total 5.0") && !other.contains("segmon_demo"), other);
        } finally {
            full.close();
            segmon.close();
        }
    }
}
