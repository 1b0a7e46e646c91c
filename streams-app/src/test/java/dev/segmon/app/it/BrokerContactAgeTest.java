package dev.segmon.app.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.segmon.app.Monitor;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code segmon_broker_contact_age_seconds} and the probes against a real broker (a forked
 * {@code segmon broker}, stopped and started again on the same port and data): about 0 while the
 * monitor idles (no record sent at all: fetches and heartbeats are contact), growing while the
 * broker is away, back near 0 once it returns; {@code /health} and {@code /ready} 200 throughout.
 * The consumer keeps Kafka's default heartbeat (3 s) and session timeout (45 s), as in production.
 */
class BrokerContactAgeTest {
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern GAUGE = Pattern.compile("(?m)^segmon_broker_contact_age_seconds ([0-9.Ee+-]+)$");
    /** A probe while the broker is down must not stretch the outage. */
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(2);
    private static final long IDLE_MS = 10_000;
    private static final long DOWN_MS = 20_000;

    @TempDir
    Path tmp;

    @Test
    @Timeout(value = 6, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void contactAgeStaysNearZeroWhileIdleGrowsWhileTheBrokerIsAwayAndFallsBackWhenItReturns() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Path brokerLog = tmp.resolve("broker.log");
        List<String> brokerArgs = List.of("broker", "--port", Integer.toString(port), "--data-dir", tmp.resolve("broker").toString());
        SegmonProcess broker = SegmonProcess.start(brokerLog, brokerArgs);
        Monitor monitor = null;
        try {
            String bootstrap = broker.bootstrapServers();
            MonitorIntegrationTest.createTopics(bootstrap, "contact", 2);
            monitor = Monitor.start(MonitorIntegrationTest.config(bootstrap, "contact", tmp.resolve("state"))
                    .kafkaProperty("session.timeout.ms", "45000").kafkaProperty("heartbeat.interval.ms", "3000").build());
            assertTrue(monitor.awaitRunning(Duration.ofSeconds(60)), "the monitor RUNNING within 60 s");
            int metrics = monitor.metricsPort();

            // Idle: no traffic at all. Fetches return every 500 ms (fetch.max.wait.ms) and heartbeats
            // go every 3 s, sampled every second, so the age stays under 1 s plus a slow sample or two.
            double idleMax = 0;
            for (long t = System.nanoTime(); System.nanoTime() - t < IDLE_MS * 1_000_000; Thread.sleep(500)) {
                idleMax = Math.max(idleMax, gauge(metrics));
            }
            assertTrue(idleMax <= 5, "contact age while idle stays near 0: at most " + idleMax + " s");
            // The stream thread's main consumer is found and polls on every turn, records or not.
            JsonNode idle = probe(metrics, "/ready");
            assertTrue(idle.get("stream_thread_poll_age_seconds").isNumber() && idle.get("stream_thread_poll_age_seconds").asDouble() <= 5,
                    idle.toString());

            broker.stop();
            long down = System.nanoTime();
            List<String> whileDown = new ArrayList<>();
            JsonNode last = null;
            double pollAgeMax = 0;
            while (System.nanoTime() - down < DOWN_MS * 1_000_000) {
                JsonNode ready = probe(metrics, "/ready");
                JsonNode health = probe(metrics, "/health");
                assertEquals(200, ready.get("code").asInt(), "/ready while the broker is away: " + ready);
                assertEquals(200, health.get("code").asInt(), "/health while the broker is away: " + health);
                whileDown.add(String.format(Locale.ROOT, "%.0fs:%s", (System.nanoTime() - down) / 1e9,
                        ready.get("broker_contact_age_seconds").asText()));
                last = ready;
                pollAgeMax = Math.max(pollAgeMax, ready.path("stream_thread_poll_age_seconds").asDouble(0));
                Thread.sleep(1_000);
            }
            double downAge = last.get("broker_contact_age_seconds").asDouble();
            // The broker answers until its listeners close (under a second of the signal here) and the
            // contact is dated to the sampling second: after 19 s of probing at least 12 s without.
            assertTrue(downAge >= 12, "contact age grows while the broker is away: " + whileDown);
            assertTrue(last.get("stale").asBoolean(), last.toString());
            assertEquals("RUNNING", last.get("state").asText());
            double gaugeDown = gauge(metrics);
            assertTrue(gaugeDown >= downAge, "the gauge says the same: " + gaugeDown + " after " + downAge);

            broker = SegmonProcess.start(brokerLog, brokerArgs);
            long back = System.nanoTime();
            double age = Double.NaN;
            while (System.nanoTime() - back < 120_000_000_000L) {
                age = gauge(metrics);
                if (age < 3) {
                    break;
                }
                Thread.sleep(250);
            }
            long backMs = (System.nanoTime() - back) / 1_000_000;
            assertTrue(age < 3, "contact age falls back once the broker returns: " + age + " s after " + backMs + " ms");
            // The client may rejoin its group once the broker is back (REBALANCING, /ready 503 by
            // design): ready again within 60 s.
            long readyBy = System.nanoTime() + 60_000_000_000L;
            JsonNode ready = probe(metrics, "/ready");
            while (ready.get("code").asInt() != 200 && System.nanoTime() < readyBy) {
                Thread.sleep(250);
                ready = probe(metrics, "/ready");
            }
            assertEquals(200, ready.get("code").asInt(), ready.toString());
            assertTrue(!ready.get("stale").asBoolean(), ready.toString());
            System.out.printf("idle: contact age at most %.1f s over %d s; broker stopped: age by the second of the outage %s, gauge %.1f s at its end, "
                    + "stream thread's poll age at most %.0f s; broker back: age %.1f s %d ms after its restart%n",
                    idleMax, IDLE_MS / 1000, whileDown, gaugeDown, pollAgeMax, age, backMs);
        } finally {
            if (monitor != null) {
                monitor.close();
            }
            broker.stop();
        }
    }

    /** The gauge's value in a scrape of the segmon families; NaN without an answer in time. */
    private static double gauge(int port) {
        try {
            String text = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                    + "/metrics?name[]=segmon_broker_contact_age_seconds")).timeout(PROBE_TIMEOUT).build(), HttpResponse.BodyHandlers.ofString()).body();
            Matcher m = GAUGE.matcher(text);
            return m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
        } catch (Exception e) {
            return Double.NaN;
        }
    }

    /** A probe's JSON answer, with its HTTP status as {@code code}. */
    private static JsonNode probe(int port, String path) throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Accept", "application/json").timeout(PROBE_TIMEOUT).build(), HttpResponse.BodyHandlers.ofString());
        return ((com.fasterxml.jackson.databind.node.ObjectNode) JSON.readTree(r.body())).put("code", r.statusCode());
    }
}
