package dev.segmon.app.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.segmon.app.health.ClientHealth;
import dev.segmon.app.metrics.MetricsServer;
import dev.segmon.app.metrics.http.TestPki;
import dev.segmon.app.metrics.http.WebSettings;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.interval.UtteranceMoments;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.state.HostInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two instances with one web configuration (TLS and a user) still add up each other's minutes:
 * each asks the other over https, trusting the certificate they share, with the caller's own
 * credentials. And the API's parameters are still checked with a 400 and a reason.
 */
class SecurePeersTest {
    private static final long MINUTE = 1_700_000_040_000L;

    @TempDir
    Path tmp;

    private static MetricsServer server(Path config, PrometheusMeterRegistry registry) throws Exception {
        return MetricsServer.start(new WebSettings("127.0.0.1", 0, config), registry, registry, () -> {
            long now = System.currentTimeMillis();
            return new ClientHealth(KafkaStreams.State.RUNNING, false, now, now, 0.1, Duration.ofMinutes(15));
        });
    }

    private static WindowSource one(int hits) {
        return (model, tier, from, to) -> model.equals("m") && from <= MINUTE && MINUTE <= to
                ? List.of(new MinuteTotals(MINUTE, 1, BoundaryCounts.oneToOne(hits + 1, hits + 1, hits), UtteranceMoments.of(hits, hits + 1, hits + 1)))
                : List.of();
    }

    @Test
    void instancesAskEachOtherOverHttpsWithTheCallersCredentials() throws Exception {
        TestPki.Pair pair = TestPki.selfSigned(tmp, "shared", "ec");
        Path config = Files.writeString(tmp.resolve("web.yml"), "tls_server_config:\n  cert_file: shared.pem\n  key_file: shared.key\n"
                + "basic_auth_users:\n  page: '" + TestPki.bcrypt("page", "pw") + "'\n");
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        try (MetricsServer a = server(config, registry); MetricsServer b = server(config, registry)) {
            WebRoutes.handlers(one(2), OverviewSource.none(), ChangeSource.none(),
                    new Peers(() -> List.of(new HostInfo("127.0.0.1", b.port())), a.peers()), registry.getPrometheusRegistry()).forEach(a::handle);
            WebRoutes.handlers(one(3), OverviewSource.none(), ChangeSource.none(),
                    new Peers(() -> List.of(new HostInfo("127.0.0.1", a.port())), b.peers()), registry.getPrometheusRegistry()).forEach(b::handle);
            HttpClient client = HttpClient.newBuilder().sslContext(TestPki.client(pair.cert(), null)).build();
            String auth = "Basic " + Base64.getEncoder().encodeToString("page:pw".getBytes(StandardCharsets.UTF_8));
            String windows = "/api/v1/windows?model=m&tier=word&from=" + MINUTE;

            HttpResponse<String> r = get(client, "https://127.0.0.1:" + a.port() + windows, auth);
            assertEquals(200, r.statusCode(), r.body());
            JsonNode body = ApiJson.MAPPER.readTree(r.body());
            assertEquals(2, body.get("instances").asInt(), body.toString());
            assertEquals(0, body.get("unreachable").size(), body.toString());
            assertEquals(5, body.get("windows").get(0).get("hits").asLong(), body.toString());
            assertEquals(401, get(client, "https://127.0.0.1:" + a.port() + windows, null).statusCode());
            // The page itself, under the same rules.
            assertEquals(200, get(client, "https://127.0.0.1:" + a.port() + "/", auth).statusCode());
            assertEquals(200, get(client, "https://127.0.0.1:" + a.port() + "/app.js", auth).statusCode());
            assertEquals(401, get(client, "https://127.0.0.1:" + a.port() + "/", null).statusCode());
        } finally {
            registry.close();
        }
    }

    @Test
    void malformedMissingAndOutOfRangeParametersAreA400WithAReason() throws Exception {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        try (MetricsServer s = MetricsServer.start(0, registry, () -> true)) {
            WebRoutes.handlers(one(2), OverviewSource.none(), ChangeSource.none(), new Peers(List::of), registry.getPrometheusRegistry())
                    .forEach(s::handle);
            HttpClient client = HttpClient.newHttpClient();
            Map<String, String> bad = Map.of(
                    "/api/v1/windows?tier=word", "model is required",
                    "/api/v1/windows?model=m&minutes=abc", "minutes must be an integer",
                    "/api/v1/windows?model=m&minutes=0", "minutes must be an integer from 1 to 1440",
                    "/api/v1/windows?model=m&minutes=1441", "from 1 to 1440",
                    "/api/v1/windows?model=m&from=yesterday", "from must be an integer",
                    "/api/v1/overview?minutes=-5", "minutes must be an integer",
                    "/api/v1/overview?now=x", "now must be an integer",
                    "/api/v1/summary?slice=lang", "slice must be KEY=VALUE or all");
            for (Map.Entry<String, String> e : bad.entrySet()) {
                HttpResponse<String> r = get(client, "http://127.0.0.1:" + s.port() + e.getKey(), null);
                assertEquals(400, r.statusCode(), e.getKey());
                String error = ApiJson.MAPPER.readTree(r.body()).get("error").asText();
                assertTrue(error.contains(e.getValue()), e.getKey() + ": " + error);
            }
        } finally {
            registry.close();
        }
    }

    private static HttpResponse<String> get(HttpClient client, String uri, String auth) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(uri)).timeout(Duration.ofSeconds(10));
        if (auth != null) {
            b.header("Authorization", auth);
        }
        return client.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }
}
