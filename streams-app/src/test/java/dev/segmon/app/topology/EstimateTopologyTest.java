package dev.segmon.app.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.state.EstimateValues.RefusalKey;
import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.wire.AudioDuration.Refusal;
import dev.segmon.app.wire.Outcome;
import dev.segmon.model.estimate.Backtest;
import dev.segmon.model.estimate.EstimatedOverSegmentation;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The early estimate of docs/contract.md 3.2 on the real topology, against numbers worked by hand. */
class EstimateTopologyTest {
    private static final ModelTier A = new ModelTier("A", "word");

    private static String hyp(String u, String times, String duration) {
        return "{\"utterance\":\"" + u + "\",\"model\":\"A\",\"tier\":\"word\",\"times\":[" + times + "],\"end\":true"
                + (duration == null ? "" : ",\"duration\":" + duration) + "}";
    }

    private static String ref(String u, String segments) {
        return "{\"utterance\":\"" + u + "\",\"tier\":\"word\",\"segments\":[" + segments + "],\"final\":true}";
    }

    /**
     * u1: reference [0,0.5][0.5,1][1,2] = boundaries {0, 0.5, 1, 2} (4), duration 4 s, 2 hypothesis boundaries.
     * u2: reference [0,1][1,2] = {0, 1, 2} (3), duration 4 s, 6 hypothesis boundaries.
     * u3: no reference yet, 8 hypothesis boundaries, duration 2 s.
     * rho = (4 + 3) / (4 + 4) = 0.875; OS_est = (2 + 6 + 8) / (0.875 * 10) - 1 = 16/8.75 - 1 = 0.828571...
     * Interval (EstimatedOverSegmentation's formula, worked out): A = 1.6, residuals n - 1.6 d = -4.4, -0.4, 4.8,
     * SE_A^2 = 3/2 * 42.56/100 = 0.6384; rho's residuals r - 0.875 d = 0.5, -0.5, SE_rho^2 = 2 * 0.5/64 = 0.015625;
     * SE = sqrt(0.6384/0.875^2 + 1.6^2 * 0.015625/0.875^4) = 0.94977...
     * Backtest: u1 closed first, with no rho yet: not in it. u2 closed with rho = 4/4 = 1: expected 1 * 4 = 4
     * reference boundaries, 3 came: estimated 6/4 - 1 = 0.5, realised 6/3 - 1 = 1.
     */
    @Test
    void estimateRhoAndBacktestByHand() throws Exception {
        try (SegmonDriver d = SegmonDriver.defaults()) {
            d.ref("u1", ref("u1", "{\"start\":0,\"end\":0.5},{\"start\":0.5,\"end\":1},{\"start\":1,\"end\":2}"), 0);
            d.hyp("u1", hyp("u1", "0.5,1.0", "4"), 1);
            d.hyp("u2", hyp("u2", "0.3,0.6,1.0,1.5,2.0,2.5", "4.0"), 2);
            d.ref("u2", ref("u2", "{\"start\":0,\"end\":1},{\"start\":1,\"end\":2}"), 3);
            d.hyp("u3", hyp("u3", "0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8", "2"), 4);

            assertEquals(0.875, d.estimates.referenceRates().get("word").rate(), 1e-15);
            EstimatedOverSegmentation e = d.estimates.estimates(d.estimates.hypothesisRates()).get(A);
            assertEquals(16 / 8.75 - 1, e.value(), 1e-12);
            double se = Math.sqrt(0.6384 / (0.875 * 0.875) + 2.56 * 0.015625 / Math.pow(0.875, 4));
            assertEquals(e.value() + 1.959963984540054 * se, e.interval().upper(), 1e-12);
            assertEquals(-1, e.interval().lower(), 0); // value - 1.96 SE = -1.03, clipped to -1
            assertEquals(new Backtest(1, 6, 4.0, 3), d.estimates.backtest().get(A));

            String scrape = d.scrape();
            assertEquals(16 / 8.75 - 1, value(scrape, "segmon_boundary_over_segmentation_estimated_ratio{model=\"A\",tier=\"word\",window=\"cumulative\"}"), 1e-12);
            assertEquals(16 / 8.75 - 1, value(scrape, "segmon_boundary_over_segmentation_estimated_ratio{model=\"A\",tier=\"word\",window=\"5m\"}"), 1e-12);
            assertEquals(0.5, value(scrape, "segmon_boundary_over_segmentation_backtest_estimated_ratio{model=\"A\",tier=\"word\"}"), 1e-12);
            assertEquals(1.0, value(scrape, "segmon_boundary_over_segmentation_backtest_realised_ratio{model=\"A\",tier=\"word\"}"), 1e-12);
            assertEquals(16, value(scrape, "segmon_estimate_hypothesis_boundaries_total{model=\"A\",tier=\"word\"}"), 0);
            assertEquals(10, value(scrape, "segmon_estimate_hypothesis_audio_seconds_total{model=\"A\",tier=\"word\"}"), 0);
            assertEquals(7, value(scrape, "segmon_estimate_reference_boundaries_total{tier=\"word\"}"), 0);
            assertEquals(0.875, value(scrape, "segmon_estimate_reference_boundaries_per_second{tier=\"word\"}"), 0);
        }
    }

    @Test
    void absentUntilRhoIsKnown() throws Exception {
        try (SegmonDriver d = SegmonDriver.defaults()) {
            d.hyp("u1", hyp("u1", "0.5", "4"), 0);
            assertTrue(d.estimates.estimates(d.estimates.hypothesisRates()).isEmpty());
            assertTrue(!d.scrape().contains("segmon_boundary_over_segmentation_estimated_ratio{"));
            // without a duration, nothing is booked at all
            d.hyp("u2", hyp("u2", "0.5", null), 1);
            assertEquals(1, d.estimates.hypothesisRates().get(A).utterances());
        }
    }

    /**
     * Bad durations: the end still ends the utterance (scored as usual, here against the same
     * reference [0,1] = {0, 1}, hypothesis {1}), the duration is counted by reason and unused.
     */
    @Test
    void aBadDurationIsCountedAndTheUtteranceScoresAsUsual() throws Exception {
        try (SegmonDriver d = new SegmonDriver(MonitorConfig.builder().referenceMaxDelay(Duration.ofMinutes(10)))) {
            String[][] cases = {{"u1", "-1"}, {"u2", "\"NaN\""}, {"u3", "1e999"}, {"u4", "0.5"}, {"u5", "true"}};
            long ts = 0;
            for (String[] c : cases) {
                d.ref(c[0], ref(c[0], "{\"start\":0,\"end\":1}"), ts++);
                d.hyp(c[0], hyp(c[0], "1.0", c[1]), ts++);  // u4: 0.5 s of audio cannot hold a boundary at 1.0 s
            }
            assertEquals(Map.of(Outcome.SCORED, 5L), d.totals("A", "word").outcomes());
            // each: reference {0, 1}, hypothesis {1}: n_ref 2, n_hyp 1, 1 hit
            assertEquals(10, d.totals("A", "word").counts().reference());
            assertEquals(5, d.totals("A", "word").counts().hypothesis());
            Map<RefusalKey, Long> refused = d.estimates.refused();
            assertEquals(Map.of(new RefusalKey(Refusal.NEGATIVE, "A", "word"), 1L,
                    new RefusalKey(Refusal.NOT_A_NUMBER, "A", "word"), 2L,
                    new RefusalKey(Refusal.NOT_FINITE, "A", "word"), 1L,
                    new RefusalKey(Refusal.BEFORE_LAST_BOUNDARY, "A", "word"), 1L), refused);
            assertNull(d.estimates.hypothesisRates().get(A));
            assertTrue(d.estimates.referenceRates().isEmpty());
            assertEquals(0, d.deadLetters.readRecordsToList().size());
            assertEquals(1, value(d.scrape(), "segmon_durations_refused_total{model=\"A\",reason=\"negative\",tier=\"word\"}"), 0);
        }
    }

    static double value(String scrape, String series) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(series) + " (\\S+)$").matcher(scrape);
        if (!m.find()) {
            throw new AssertionError(series + " not in\n" + scrape);
        }
        return Double.parseDouble(m.group(1));
    }
}
