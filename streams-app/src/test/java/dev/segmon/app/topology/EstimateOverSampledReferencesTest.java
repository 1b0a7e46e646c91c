package dev.segmon.app.topology;

import static dev.segmon.app.topology.EstimateTopologyTest.value;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.wire.Outcome;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.estimate.RateMoments;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * References for a sample of the traffic (docs/contract.md 3.2, "An estimate before references
 * arrive"): under the default {@code --unreferenced skip} the scores stand on the referenced
 * utterances alone, while the early estimate keeps every hypothesis that ended with a duration
 * and learns rho from the referenced ones only. Numbers worked by hand.
 */
class EstimateOverSampledReferencesTest {
    private static final ModelTier A = new ModelTier("A", "word");
    private static final String SERIES = "{model=\"A\",tier=\"word\"}";

    private static String hyp(String u, String times, String duration, String declared) {
        return "{\"utterance\":\"" + u + "\",\"model\":\"A\",\"tier\":\"word\",\"times\":[" + times + "],\"end\":true"
                + (duration == null ? "" : ",\"duration\":" + duration)
                + (declared == null ? "" : ",\"reference\":\"" + declared + "\"") + "}";
    }

    private static String ref(String u, String segments) {
        return "{\"utterance\":\"" + u + "\",\"tier\":\"word\",\"segments\":[" + segments + "],\"final\":true}";
    }

    /**
     * Eleven utterances of model A. u0 and u1 (declared "expected") get a reference:
     * u0: reference [0,1][1,2] = {0, 1, 2} (3), hypothesis {0.5, 1.0} (2), 4 s: 1 hit (1.0);
     * u1: reference [0,0.5][0.5,1][1,2] = {0, 0.5, 1, 2} (4), hypothesis {0.3, 0.6, 1.0, 1.5} (4), 4 s: 1 hit (1.0).
     * u2..u9 get none (u2..u5 declared "none", the rest undeclared): 3 boundaries and 2 s each.
     * u10 gets none and its end has no duration.
     * rho, from u0 and u1 only: (3 + 4) / (4 + 4) = 0.875.
     * Estimate, over the 10 with a duration: n_hyp 2 + 4 + 8 x 3 = 30, seconds 4 + 4 + 8 x 2 = 24,
     * 30 / (0.875 x 24) - 1 = 30/21 - 1 = 3/7 (over u0 and u1 alone it would be 6/7 - 1 = -1/7).
     * Scores, from u0 and u1 only: n_ref 7, n_hyp 6, hits 2. Shares of the 11 closed: scored on
     * 2/11, estimated on 10/11.
     */
    @Test
    void theEstimateCoversEveryUtteranceWithADurationAndRhoOnlyTheReferenced() throws Exception {
        try (SegmonDriver d = new SegmonDriver(MonitorConfig.builder().referenceMaxDelay(Duration.ofMinutes(10))
                .expiryInterval(Duration.ofSeconds(1)))) {
            long ts = 0;
            d.ref("u0", ref("u0", "{\"start\":0,\"end\":1},{\"start\":1,\"end\":2}"), ts++);
            d.hyp("u0", hyp("u0", "0.5,1.0", "4", "expected"), ts++);
            d.hyp("u1", hyp("u1", "0.3,0.6,1.0,1.5", "4", "expected"), ts++);
            d.ref("u1", ref("u1", "{\"start\":0,\"end\":0.5},{\"start\":0.5,\"end\":1},{\"start\":1,\"end\":2}"), ts++);
            for (int i = 2; i <= 9; i++) {
                d.hyp("u" + i, hyp("u" + i, "0.5,1.0,1.5", "2", i <= 5 ? "none" : null), ts++);
            }
            d.hyp("u10", hyp("u10", "0.5", null, null), ts++);

            double estimate = 30.0 / 21 - 1;
            assertEquals(estimate, d.estimates.estimates(d.estimates.hypothesisRates()).get(A).value(), 1e-12);

            // Past the hold, the nine without a reference have closed unreferenced (the declared
            // ones may have closed at their end already): counted, not scored.
            d.driver.advanceWallClockTime(Duration.ofMinutes(11));
            assertEquals(Map.of(Outcome.SCORED, 2L, Outcome.UNREFERENCED, 9L), d.totals("A", "word").outcomes());
            assertEquals(BoundaryCounts.oneToOne(7, 6, 2), d.totals("A", "word").counts());

            RateMoments hypotheses = d.estimates.hypothesisRates().get(A);
            assertEquals(10, hypotheses.utterances());
            assertEquals(30, hypotheses.boundaries(), 0);
            assertEquals(24, hypotheses.seconds(), 0);
            RateMoments rho = d.estimates.referenceRates().get("word");
            assertEquals(2, rho.utterances());
            assertEquals(7, rho.boundaries(), 0);
            assertEquals(8, rho.seconds(), 0);
            assertEquals(estimate, d.estimates.estimates(d.estimates.hypothesisRates()).get(A).value(), 1e-12);

            String scrape = d.scrape();
            assertEquals(estimate, value(scrape, "segmon_boundary_over_segmentation_estimated_ratio{model=\"A\",tier=\"word\",window=\"cumulative\"}"), 1e-12);
            assertEquals(2.0 / 11, value(scrape, "segmon_referenced_utterances_ratio" + SERIES), 1e-15);
            assertEquals(10.0 / 11, value(scrape, "segmon_estimated_utterances_ratio" + SERIES), 1e-15);
            assertEquals(10, value(scrape, "segmon_estimate_closed_utterances_total" + SERIES), 0);
            assertEquals(10, value(scrape, "segmon_estimate_hypothesis_utterances_total" + SERIES), 0);
            assertEquals(2, value(scrape, "segmon_estimate_reference_utterances_total{tier=\"word\"}"), 0);
        }
    }
}
