package dev.segmon.app.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.segmon.app.metrics.MetricsServer;
import dev.segmon.app.metrics.Points;
import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.Keys.PairTier;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.edit.EditCounts;
import dev.segmon.model.interval.PairedMoments;
import dev.segmon.model.interval.UtteranceMoments;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.apache.kafka.streams.state.HostInfo;
import org.junit.jupiter.api.Test;

/**
 * {@code /api/v1/overview} on two real servers that ask each other ({@link Peers}), with figures
 * and detector entries made by hand: the rows are those of both instances, the figures and their
 * intervals are derived from the summed moments (worked by hand with docs/contract.md 2.1.1's
 * interval: the linearised ratio's standard error with its leverage, on the logit or log scale), a called change sorts first, a series without a detector entry has a null change, and
 * the evidence is cut at the minutes asked for.
 */
class OverviewApiTest {
    /** Three utterances: Student t's 0.975 quantile with 2 degrees of freedom, sqrt(2 / (0.05 * 1.95) - 2) (tables: 4.303). */
    private static final double T = Math.sqrt(2 / (0.05 * 1.95) - 2);
    private static final long NOW = 1_700_000_075_000L; // 2023-11-14T22:14:35Z
    private static final long FROM = Points.slidingStart(NOW); // 22:10
    private static final long CHANGE_START = FROM + 60_000L;

    @Test
    void rowsAreTheSumOfEveryInstanceWithTheirChanges() throws Exception {
        // Model m1, utterances (h, y, r): A holds (1, 2, 2) and (2, 2, 3); B holds (3, 3, 3): m = 3,
        // H = 6, Y = 7, R = 8. Candidate m1 against baseline m0 on the same utterances, (hc, yc, hb, yb, r):
        // A (1, 2, 2, 2, 2) and (2, 2, 3, 3, 3); B (3, 3, 3, 3, 3).
        Fake a = new Fake(new MinuteTotals(FROM, 2, BoundaryCounts.oneToOne(5, 4, 3),
                UtteranceMoments.of(1, 2, 2).plus(UtteranceMoments.of(2, 2, 3)), new EditCounts(1, 0, 1, 20)),
                PairedMoments.of(BoundaryCounts.oneToOne(2, 2, 1), BoundaryCounts.oneToOne(2, 2, 2))
                        .plus(PairedMoments.of(BoundaryCounts.oneToOne(3, 2, 2), BoundaryCounts.oneToOne(3, 3, 3))));
        Fake b = new Fake(new MinuteTotals(FROM, 1, BoundaryCounts.oneToOne(3, 3, 3), UtteranceMoments.of(3, 3, 3), new EditCounts(0, 1, 0, 10)),
                PairedMoments.of(BoundaryCounts.oneToOne(3, 3, 3), BoundaryCounts.oneToOne(3, 3, 3)));
        // B's detector calls a drop in recall of the comparison and watches m2, which has no figures;
        // A's watches m0 and calls nothing. m1 has no detector entry.
        MeasureChange drop = new MeasureChange("recall", 12.0, 9.2, true, CHANGE_START, -0.031);
        FakeChanges changesA = new FakeChanges().add(FakeChanges.one("m0", null, "word",
                new MeasureChange("recall", 1.5, 9.2, false, null, 0.001), FROM - 60_000L, 0.1, 0.2));
        FakeChanges changesB = new FakeChanges()
                .add(FakeChanges.one("m1", "m0", "word", drop, FROM - 60_000L, 0.5, 0.9, 1.2, 1.3))
                .add(FakeChanges.one("m2", null, "word", new MeasureChange("wer", Double.NaN, Double.NaN, false, null, Double.NaN), FROM));
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        try (MetricsServer serverA = MetricsServer.start(0, registry, () -> true);
             MetricsServer serverB = MetricsServer.start(0, registry, () -> true)) {
            WebRoutes.handlers((model, tier, from, to) -> List.of(), a, changesA, new Peers(() -> List.of(new HostInfo("127.0.0.1", serverB.port()))),
                    registry.getPrometheusRegistry()).forEach(serverA::handle);
            WebRoutes.handlers((model, tier, from, to) -> List.of(), b, changesB, new Peers(() -> List.of(new HostInfo("127.0.0.1", serverA.port()))),
                    registry.getPrometheusRegistry()).forEach(serverB::handle);
            // 4 minutes of history: from 22:11 on.
            String query = "/api/v1/overview?now=" + NOW + "&minutes=4";
            JsonNode body = get("http://127.0.0.1:" + serverA.port() + query);
            assertEquals(2, body.get("instances").asInt(), body.toString());
            assertEquals("2023-11-14T22:10:00Z", body.get("from").asText());
            assertEquals("2023-11-14T22:11:00Z", body.get("history_from").asText());
            assertEquals(List.of(FROM, FROM), List.of(a.askedFrom, b.askedFrom), "both cut at the asker's 5 minutes");

            JsonNode rows = body.get("rows");
            assertEquals(List.of("m1 vs m0", "m0", "m1", "m2"), keys(rows), "the called change first, then models by name");

            JsonNode pair = rows.get(0);
            assertEquals(3, pair.get("utterances").asLong());
            // Recall: (H_c - H_b) / R = (6 - 8) / 8; d_i = hc - hb + r/4 = -1/2, -1/4, 3/4; squares 7/8.
            assertInterval(pair, "recall", -0.25, Math.sqrt(1.5 * 0.875 / 64), -1, 1);
            // OS: (Y_c - Y_b) / R = (7 - 8) / 8; d_i = yc - yb + r/8 = 1/4, -5/8, 3/8; squares 19/32.
            assertInterval(pair, "os", -0.125, Math.sqrt(1.5 * (19.0 / 32) / 64), Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);
            JsonNode change = pair.get("change");
            assertTrue(change.get("called").asBoolean());
            assertEquals(CHANGE_START, change.get("since").asLong());
            assertEquals(-0.031, change.get("measures").get(0).get("estimate").asDouble());
            assertEquals("recall", change.get("measures").get(0).get("measure").asText());
            // The evidence from 22:11 on: the two points before are cut.
            assertEquals("[[" + (FROM + 60_000L) + ",1.2],[" + (FROM + 120_000L) + ",1.3]]", change.get("history").toString());

            JsonNode m1 = rows.get(2);
            assertEquals(3, m1.get("utterances").asLong());
            assertEquals(6, m1.get("hits").asLong());
            assertEquals(8, m1.get("n_ref").asLong());
            // Precision 6/7: residuals h - (6/7) y = -5/7, 2/7, 3/7; squares 38/49; y = 2, 2, 3:
            // leverage sum y^2 / Y^2 = 17/49. On the logit scale.
            assertLogit(m1, "precision", 6.0 / 7, Math.sqrt(1.5 * (38.0 / 49) / 49 * (1 + 2 * 17.0 / 49)));
            // Recall 6/8: residuals h - (3/4) r = -1/2, -1/4, 3/4; squares 7/8; r = 2, 3, 3: leverage 22/64.
            assertLogit(m1, "recall", 0.75, Math.sqrt(1.5 * 0.875 / 64 * (1 + 2 * 22.0 / 64)));
            // OS 7/8 - 1: residuals y - (7/8) r = 1/4, -5/8, 3/8; squares 19/32; leverage 22/64. On
            // the log scale of y/r = 7/8.
            assertLogOfRatio(m1, "os", 7.0 / 8, Math.sqrt(1.5 * (19.0 / 32) / 64 * (1 + 2 * 22.0 / 64)));
            assertEquals(3.0 / 30, m1.get("wer").asDouble(), 1e-15, "(1 + 1 + 1) errors / 30 reference words");
            assertTrue(m1.get("change").isNull(), "no detector entry: " + m1);

            assertEquals(false, rows.get(1).get("change").get("called").asBoolean());
            assertTrue(rows.get(1).get("utterances").asLong() == 0 && rows.get(1).get("precision").isNull(), "m0: no counts in 5 min");
            JsonNode m2 = rows.get(3);
            assertTrue(m2.path("start").isMissingNode() && m2.path("precision").isMissingNode(), "m2 has no figures: " + m2);
            assertTrue(m2.get("change").get("measures").get(0).get("log_threshold").isNull(), "a learning detector's NaN is null");
            assertEquals("[]", m2.get("change").get("history").toString(), "its one point is before 22:11");

            // Either instance answers the same for the application.
            assertEquals(body.toString(), get("http://127.0.0.1:" + serverB.port() + query).toString());
            // scope=local: A's own rows only.
            JsonNode local = get("http://127.0.0.1:" + serverA.port() + query + "&scope=local");
            assertEquals(1, local.get("instances").asInt());
            assertEquals(List.of("m0", "m1", "m1 vs m0"), keys(local.get("rows")));
            assertEquals(2, local.get("rows").get(1).get("utterances").asLong());
            assertTrue(local.get("rows").get(2).get("change").isNull(), "the comparison's change is on B");

            HttpResponse<String> bad = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + serverA.port() + "/api/v1/overview?minutes=0")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(400, bad.statusCode());
            assertEquals("minutes must be an integer from 1 to 1440, not '0'", ApiJson.MAPPER.readTree(bad.body()).get("error").asText());
        } finally {
            registry.close();
        }
    }

    @Test
    void aSeriesIsCalledFromItsStatisticAndDatedByItsCalledMeasures() {
        MeasureChange recall = new MeasureChange("recall", 9.3, 9.2, true, 3_000L, -0.03);
        MeasureChange f1 = new MeasureChange("f1", 9.2, 9.2, true, 2_000L, -0.02);
        MeasureChange os = new MeasureChange("os", 4.0, 9.2, false, 1_000L, 0.01);
        MeasureChange learning = new MeasureChange("wer", Double.NaN, Double.NaN, false, null, Double.NaN);
        assertEquals(2_000L, new SeriesChange("m", null, "word", List.of(recall, f1, os), List.of()).since(), "at the threshold counts; os is not called");
        assertEquals(false, new SeriesChange("m", null, "word", List.of(os, learning), List.of()).called());
        assertEquals(null, new SeriesChange("m", null, "word", List.of(os, learning), List.of()).since());
        assertEquals(null, new SeriesChange("m", null, "word", List.of(new MeasureChange("p", 10, 9, true, null, -0.1)), List.of()).since());
        assertEquals(List.of(), new SeriesChange("m", null, "word", null, null).history(), "null lists are empty");
    }

    /** A paired difference: linear, value -+ T se, clipped to [min, max]. */
    private static void assertInterval(JsonNode row, String measure, double value, double se, double min, double max) {
        assertEquals(value, row.get(measure).asDouble(), 1e-12, measure);
        assertEquals(Math.max(min, value - T * se), row.get(measure + "_low").asDouble(), 1e-12, measure + " low");
        assertEquals(Math.min(max, value + T * se), row.get(measure + "_high").asDouble(), 1e-12, measure + " high");
    }

    /**
     * docs/contract.md 2.1.1 for a proportion p with standard error se (leverage included): the
     * interval logit^-1(logit p -+ T se / (p (1 - p))).
     */
    private static void assertLogit(JsonNode row, String measure, double p, double se) {
        double centre = Math.log(p / (1 - p));
        double half = T * se / (p * (1 - p));
        assertEquals(p, row.get(measure).asDouble(), 1e-12, measure);
        assertEquals(1 / (1 + Math.exp(-(centre - half))), row.get(measure + "_low").asDouble(), 1e-12, measure + " low");
        assertEquals(1 / (1 + Math.exp(-(centre + half))), row.get(measure + "_high").asDouble(), 1e-12, measure + " high");
    }

    /** Over-segmentation R - 1 for the ratio R = Y/R: exp(log R -+ T se / R) - 1. */
    private static void assertLogOfRatio(JsonNode row, String measure, double ratio, double se) {
        double half = T * se / ratio;
        assertEquals(ratio - 1, row.get(measure).asDouble(), 1e-12, measure);
        assertEquals(ratio * Math.exp(-half) - 1, row.get(measure + "_low").asDouble(), 1e-12, measure + " low");
        assertEquals(ratio * Math.exp(half) - 1, row.get(measure + "_high").asDouble(), 1e-12, measure + " high");
    }

    private static List<String> keys(JsonNode rows) {
        List<String> out = new ArrayList<>();
        for (JsonNode r : rows) {
            assertEquals("word", r.get("tier").asText());
            out.add(r.get("model").asText() + (r.get("baseline").isNull() ? "" : " vs " + r.get("baseline").asText()));
        }
        return out;
    }

    private static JsonNode get(String url) throws Exception {
        return ApiJson.MAPPER.readTree(LivePageBrowserTest.get(url));
    }

    /** One instance's figures: model m1 and the comparison m1 vs m0, with m0 counted since the start but not in the last 5 minutes. */
    private static final class Fake implements OverviewSource {
        private final MinuteTotals m1;
        private final PairedMoments pair;
        volatile long askedFrom;

        Fake(MinuteTotals m1, PairedMoments pair) {
            this.m1 = m1;
            this.pair = pair;
        }

        @Override
        public Sums sums(long fromMs) {
            askedFrom = fromMs;
            TreeMap<ModelTier, MinuteTotals> models = new TreeMap<>();
            models.put(new ModelTier("m0", "word"), MinuteTotals.empty(fromMs));
            models.put(new ModelTier("m1", "word"), m1.at(fromMs));
            TreeMap<PairTier, PairedMoments> pairs = new TreeMap<>();
            pairs.put(new PairTier("m1", "m0", "word"), pair);
            return new Sums(models, pairs);
        }
    }
}
