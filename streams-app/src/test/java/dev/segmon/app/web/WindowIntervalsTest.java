package dev.segmon.app.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.segmon.app.metrics.MetricsServer;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.interval.UtteranceMoments;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.List;
import org.apache.kafka.streams.state.HostInfo;
import org.junit.jupiter.api.Test;

/**
 * {@code /api/v1/windows}' intervals across instances: two real servers, each holding some of
 * one minute's utterances, one asking the other ({@link Peers}). The interval of the minute is
 * that of all three utterances, worked by hand with docs/contract.md 2.1.1's interval, so
 * the instances must have added moments and derived the interval after the sum.
 */
class WindowIntervalsTest {
    /**
     * Three utterances: the 0.975 quantile of Student t with m - 1 = 2 degrees of freedom, in closed
     * form sqrt(2 / (0.05 * 1.95) - 2) (Abramowitz and Stegun 26.7.4; tables: 4.303).
     */
    private static final double T = Math.sqrt(2 / (0.05 * 1.95) - 2);
    private static final long MINUTE = 1_700_000_040_000L; // a whole minute, ms
    private static final String START = "2023-11-14T22:14:00Z";

    @Test
    void theMinutesIntervalIsThatOfTheUtterancesOfEveryInstance() throws Exception {
        // Utterances (h, y, r): A holds (2, 3, 4) and (3, 3, 3); B holds (1, 2, 2). Together m = 3,
        // H = 6, Y = 8, R = 9.
        WindowSource a = source(UtteranceMoments.of(2, 3, 4).plus(UtteranceMoments.of(3, 3, 3)), BoundaryCounts.oneToOne(7, 6, 5));
        WindowSource b = source(UtteranceMoments.of(1, 2, 2), BoundaryCounts.oneToOne(2, 2, 1));
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        try (MetricsServer serverA = MetricsServer.start(0, registry, () -> true);
             MetricsServer serverB = MetricsServer.start(0, registry, () -> true)) {
            WebRoutes.handlers(a, OverviewSource.none(), ChangeSource.none(), new Peers(() -> List.of(new HostInfo("127.0.0.1", serverB.port()))), registry.getPrometheusRegistry())
                    .forEach(serverA::handle);
            WebRoutes.handlers(b, OverviewSource.none(), ChangeSource.none(), new Peers(() -> List.of(new HostInfo("127.0.0.1", serverA.port()))), registry.getPrometheusRegistry())
                    .forEach(serverB::handle);

            JsonNode merged = window("http://127.0.0.1:" + serverA.port());
            assertEquals(START, merged.get("start").asText());
            assertEquals(3, merged.get("moments").get("utterances").asLong());
            assertEquals(6, merged.get("moments").get("hits").asLong());
            assertEquals(4 + 9 + 1, merged.get("moments").get("hits_squared").asLong());
            assertEquals(3 * 4 + 3 * 3 + 2 * 2, merged.get("moments").get("hypothesis_reference").asLong());

            // docs/contract.md 2.1.1 by hand: SE^2 = m/(m-1) * Q * (1 + 2 L), Q = sum_i (a_i - R b_i)^2 / B^2,
            // L = sum_i b_i^2 / B^2; logit scale for P, R, F1, log scale of y/r for OS.
            // precision 6/8: residuals h - 0.75 y = -0.25, 0.75, -0.5, squares 0.875; L = (9 + 9 + 4)/64.
            assertLogit(merged, "precision", 0.75, 1.5 * 0.875 / 64 * (1 + 2 * 22.0 / 64));
            // recall 6/9: residuals h - (2/3) r = -2/3, 1, -1/3, squares 14/9; L = (16 + 9 + 4)/81.
            assertLogit(merged, "recall", 2.0 / 3, 1.5 * (14.0 / 9) / 81 * (1 + 2 * 29.0 / 81));
            // F1 12/17 = 2H/(Y+R): residuals 2h - (12/17)(y+r) = -16/17, 30/17, -14/17, squares 1352/289;
            // L = (7^2 + 6^2 + 4^2)/17^2 = 101/289.
            assertLogit(merged, "f1", 12.0 / 17, 1.5 * (1352.0 / 289) / 289 * (1 + 2 * 101.0 / 289));
            // OS: y/r = 8/9: residuals y - (8/9) r = -5/9, 3/9, 2/9, squares 38/81; L = 29/81.
            double ratio = 8.0 / 9;
            double half = T * Math.sqrt(1.5 * (38.0 / 81) / 81 * (1 + 2 * 29.0 / 81)) / ratio;
            assertEquals(ratio * Math.exp(-half) - 1, merged.get("os_low").asDouble(), 1e-12, "os low");
            assertEquals(ratio * Math.exp(half) - 1, merged.get("os_high").asDouble(), 1e-12, "os high");

            // Either instance answers the same for the application.
            JsonNode fromB = window("http://127.0.0.1:" + serverB.port());
            assertEquals(merged.toString(), fromB.toString());
            // B alone has one utterance: no interval (m < 2), nulls, not zeros.
            JsonNode localB = ApiJson.MAPPER.readTree(LivePageBrowserTest.get("http://127.0.0.1:" + serverB.port()
                    + "/api/v1/windows?scope=local&model=m&tier=word&from=" + MINUTE)).get("windows").get(0);
            for (String f : List.of("precision_low", "precision_high", "recall_low", "recall_high", "f1_low", "f1_high", "os_low", "os_high")) {
                assertTrue(localB.get(f).isNull(), f + " of one utterance: " + localB);
            }
        } finally {
            registry.close();
        }
    }

    /** logit^-1(logit p -+ T SE / (p (1 - p))), written as p / (p + (1 - p) e^(+-h)). */
    private static void assertLogit(JsonNode w, String measure, double p, double variance) {
        double half = T * Math.sqrt(variance) / (p * (1 - p));
        assertEquals(p / (p + (1 - p) * Math.exp(half)), w.get(measure + "_low").asDouble(), 1e-12, measure + " low");
        assertEquals(p / (p + (1 - p) * Math.exp(-half)), w.get(measure + "_high").asDouble(), 1e-12, measure + " high");
    }

    private static JsonNode window(String base) throws Exception {
        JsonNode body = ApiJson.MAPPER.readTree(LivePageBrowserTest.get(base + "/api/v1/windows?model=m&tier=word&from=" + MINUTE));
        assertEquals(2, body.get("instances").asInt(), body.toString());
        assertEquals(1, body.get("windows").size(), body.toString());
        return body.get("windows").get(0);
    }

    private static WindowSource source(UtteranceMoments moments, BoundaryCounts counts) {
        return (model, tier, from, to) -> model.equals("m") && from <= MINUTE && MINUTE <= to
                ? List.of(new MinuteTotals(MINUTE, moments.utterances(), counts, moments)) : List.of();
    }
}
