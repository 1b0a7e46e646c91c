package dev.segmon.app.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.segmon.app.health.ClientHealth;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.streams.KafkaStreams;
import org.junit.jupiter.api.Test;

class MetricsServerTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private static int get(int port, String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    /** The start of the hour the probes below are asked at. */
    private static final long NOW = Instant.parse("2026-11-25T03:00:00Z").toEpochMilli();

    private static ClientHealth health(KafkaStreams.State state, long contactAgeMs) {
        return new ClientHealth(state, false, NOW, NOW - contactAgeMs, 2, Duration.ofMinutes(15));
    }

    private static HttpResponse<String> ask(int port, String path, String accept) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).header("Accept", accept).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private interface Probing {
        void run(int port, AtomicReference<ClientHealth> now) throws Exception;
    }

    /** Runs {@code body} against a server whose probes judge what {@code now} holds, {@code first} to begin with. */
    private static void probing(ClientHealth first, Probing body) throws Exception {
        AtomicReference<ClientHealth> now = new AtomicReference<>(first);
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        try (MetricsServer server = MetricsServer.start(0, registry, registry, now::get)) {
            body.run(server.port(), now);
        } finally {
            registry.close();
        }
    }

    // 75 s without contact is over the 15 s after which the figures are called stale; they are as
    // of the last contact, 03:00:00 - 75 s = 02:58:45.
    @Test
    void readyStaysUpWithoutTheBrokerAndSaysHowOldTheFiguresAreInOneLineOrJson() throws Exception {
        probing(health(KafkaStreams.State.RUNNING, 75_000), (port, now) -> {
            HttpResponse<String> text = ask(port, "/ready", "text/plain");
            assertEquals(200, text.statusCode());
            assertEquals("ready: RUNNING, processing; no contact with Kafka for 75 s; figures as of 2026-11-25T02:58:45Z\n", text.body());
            HttpResponse<String> json = ask(port, "/ready", "application/json");
            assertEquals(200, json.statusCode());
            assertTrue(json.headers().firstValue("Content-Type").orElse("").startsWith("application/json"));
            JsonNode ready = new ObjectMapper().readTree(json.body());
            assertEquals("ready", ready.get("status").asText());
            assertTrue(ready.get("ok").asBoolean());
            assertEquals("RUNNING", ready.get("state").asText());
            assertEquals("processing", ready.get("reason").asText());
            assertEquals(75.0, ready.get("broker_contact_age_seconds").asDouble());
            assertEquals("2026-11-25T02:58:45Z", ready.get("last_broker_contact").asText());
            assertTrue(ready.get("stale").asBoolean());
            assertEquals(2.0, ready.get("stream_thread_poll_age_seconds").asDouble());
            assertEquals("ok: RUNNING, processing; no contact with Kafka for 75 s; figures as of 2026-11-25T02:58:45Z\n",
                    ask(port, "/health", "*/*").body());

            // In contact 0.4 s ago: fresh, and said so.
            now.set(health(KafkaStreams.State.RUNNING, 400));
            assertEquals("ready: RUNNING, processing; last contact with Kafka 0.4 s ago\n", ask(port, "/ready", "*/*").body());
            assertFalse(new ObjectMapper().readTree(ask(port, "/ready", "application/json").body()).get("stale").asBoolean());
        });
    }

    @Test
    void aFailedClientFailsBothProbesAndARebalancingOneOnlyReadiness() throws Exception {
        probing(health(KafkaStreams.State.ERROR, 400), (port, now) -> {
            HttpResponse<String> health = ask(port, "/health", "*/*");
            assertEquals(503, health.statusCode());
            assertEquals("not ok: ERROR, the client failed and stopped for good; last contact with Kafka 0.4 s ago\n", health.body());
            assertEquals(503, ask(port, "/ready", "*/*").statusCode());
            now.set(health(KafkaStreams.State.REBALANCING, 400));
            assertEquals(200, ask(port, "/health", "*/*").statusCode());
            HttpResponse<String> ready = ask(port, "/ready", "application/json");
            assertEquals(503, ready.statusCode());
            assertEquals("not ready", new ObjectMapper().readTree(ready.body()).get("status").asText());
        });
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

    // Many waiting reads (a page and its API asked every second while the broker is away, each
    // waiting up to max.block.ms; docs/faults.md scenario 8) must not take the probes' threads.
    @Test
    void probesAnswerWhileManyPageReadsWait() throws Exception {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        CountDownLatch release = new CountDownLatch(1);
        java.util.concurrent.atomic.AtomicInteger started = new java.util.concurrent.atomic.AtomicInteger();
        try (MetricsServer server = MetricsServer.start(0, registry, () -> true)) {
            server.handle("/slow", ex -> {
                started.incrementAndGet();
                try {
                    release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                ex.sendResponseHeaders(200, -1);
                ex.close();
            });
            int port = server.port();
            List<CompletableFuture<HttpResponse<Void>>> slow = new java.util.ArrayList<>();
            for (int k = 0; k < 12; k++) {
                slow.add(HTTP.sendAsync(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/slow")).build(),
                        HttpResponse.BodyHandlers.discarding()));
            }
            for (long t = System.nanoTime(); started.get() < 4 && System.nanoTime() - t < 10_000_000_000L; ) {
                Thread.sleep(20);
            }
            assertTrue(started.get() >= 4, "the reads' threads are all waiting");
            Duration probe = Duration.ofSeconds(2);
            for (String path : List.of("/ready", "/health", "/ready", "/health")) {
                assertEquals(200, HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(probe).build(),
                        HttpResponse.BodyHandlers.discarding()).statusCode(), path);
            }
            release.countDown();
            for (CompletableFuture<HttpResponse<Void>> f : slow) {
                assertEquals(200, f.get(10, TimeUnit.SECONDS).statusCode());
            }
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
        try (MetricsServer server = MetricsServer.start(0, full, segmon, () -> health(KafkaStreams.State.RUNNING, 0))) {
            int port = server.port();
            String all = body(port, "/metrics");
            org.junit.jupiter.api.Assertions.assertTrue(all.contains("segmon_demo_total 3.0") && all.contains("kafka_demo_total 5.0"), all);
            String selected = body(port, "/metrics?name[]=segmon_demo_total");
            org.junit.jupiter.api.Assertions.assertTrue(selected.contains("segmon_demo_total 3.0") && !selected.contains("kafka_demo"), selected);
            String other = body(port, "/metrics?name[]=kafka_demo_total");
            org.junit.jupiter.api.Assertions.assertTrue(other.contains("kafka_demo_total 5.0") && !other.contains("segmon_demo"), other);
            // slice=pooled (no slice series here): the same answers, through the collectors' scrape request.
            String pooled = body(port, "/metrics?slice=pooled");
            org.junit.jupiter.api.Assertions.assertTrue(pooled.contains("segmon_demo_total 3.0") && pooled.contains("kafka_demo_total 5.0"), pooled);
            String pooledSelected = body(port, "/metrics?name%5B%5D=segmon_demo_total&slice=pooled");
            org.junit.jupiter.api.Assertions.assertTrue(pooledSelected.contains("segmon_demo_total 3.0") && !pooledSelected.contains("kafka_demo"), pooledSelected);
        } finally {
            full.close();
            segmon.close();
        }
    }
}
