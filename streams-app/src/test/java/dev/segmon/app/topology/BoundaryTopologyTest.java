package dev.segmon.app.topology;

import dev.segmon.model.boundary.Unreferenced;
import dev.segmon.app.wire.Outcome;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.state.Totals;
import dev.segmon.model.boundary.BoundaryCounts;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.Test;

/** Scenario tests on the real topology; every expected number is worked out by hand in a comment. */
class BoundaryTopologyTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    // Reference word tier of u1: [0.00, 0.50] [0.50, 1.00] -> distinct boundaries {0.00, 0.50, 1.00}.
    private static final String REF_U1 = "{\"utterance\":\"u1\",\"tier\":\"word\",\"segments\":"
            + "[{\"start\":0.0,\"end\":0.5,\"label\":\"a\"},{\"start\":0.5,\"end\":1.0,\"label\":\"b\"}],\"final\":true}";

    @Test
    void referenceFirstThenHypothesisIsScoredExactly() throws Exception {
        try (SegmonDriver d = SegmonDriver.defaults()) {
            d.ref("u1", REF_U1, 0);
            d.hyp("u1", "{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\",\"times\":[0.01,0.49,0.8]}", 1);
            d.hyp("u1", "{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\",\"end\":true}", 2);
            // Tolerance 0.02: 0.01-0.00 = 0.01 hit, 0.50-0.49 = 0.01 hit, 0.80 vs 1.00 miss.
            // n_ref 3, n_hyp 3, hits 2: P = R = 2/3, F1 = 4/6 = 2/3, OS = 0.
            List<String> scores = d.scoreValues();
            assertEquals(1, scores.size());
            JsonNode s = JSON.readTree(scores.get(0));
            assertEquals("scored", s.get("outcome").asText());
            assertEquals(3, s.get("n_ref").asLong());
            assertEquals(3, s.get("n_hyp").asLong());
            assertEquals(2, s.get("hits").asLong());
            assertEquals(2.0 / 3, s.get("precision").asDouble(), 1e-12);
            assertEquals(0.0, s.get("os").asDouble(), 1e-12);
            Totals t = d.totals("m", "word");
            assertEquals(BoundaryCounts.oneToOne(3, 3, 2), t.counts());
            assertEquals(Map.of(Outcome.SCORED, 1L), t.outcomes());
            assertEquals(0, t.open());
            // Both hits are 0.01 s off: bucket "<= 0.01" (index 1), sum 0.02 s.
            assertEquals(2, t.offsetBuckets()[1]);
            assertEquals(20_000, t.offsetSumMicros());
            // segmon.metrics: nothing until the 1 s wall-clock emission; then the minute of record
            // time 00:00 (timestamps 0-2 ms after START), once, holding 3/3/2.
            assertTrue(d.metrics.isEmpty());
            d.driver.advanceWallClockTime(Duration.ofSeconds(1));
            var windows = d.metrics.readKeyValuesToList();
            assertEquals(1, windows.size());
            assertEquals("m|word|" + SegmonDriver.START.toEpochMilli(), windows.get(0).key);
            JsonNode w = JSON.readTree(windows.get(0).value);
            assertEquals("2026-01-01T00:00:00Z", w.get("window_start").asText());
            assertEquals("2026-01-01T00:01:00Z", w.get("window_end").asText());
            assertEquals(2, w.get("hits").asLong());
            assertEquals(3, w.get("n_ref").asLong());
            // emitted once: unchanged buckets are not re-sent
            d.driver.advanceWallClockTime(Duration.ofSeconds(1));
            assertTrue(d.metrics.isEmpty());
        }
    }

    @Test
    void hypothesisFirstDecidesBoundariesAsTheFrontiersPass() throws Exception {
        try (SegmonDriver d = new SegmonDriver(MonitorConfig.builder().maxDisorder(1))) {
            // Hypothesis boundaries 0.0, 0.5, 3.0 (max seen 3.0, disorder 1 s: hyp frontier 2.0).
            d.hyp("u1", "{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\",\"times\":[0.0,0.5,3.0]}", 0);
            // No reference yet: its frontier is -infinity, nothing decided.
            assertEquals(BoundaryCounts.ZERO, d.totals("m", "word").counts());
            // A first reference chunk [0.0, 2.5] (not final): ref max 2.5, frontier 1.5; T = min(1.5, 2.0) = 1.5.
            d.ref("u1", "{\"utterance\":\"u1\",\"tier\":\"word\",\"segments\":[{\"start\":0.0,\"end\":2.5}]}", 1);
            // Decided below T - 0.02: ref 0.0 & hyp 0.0 (hit), then hyp 0.5 (0.52 < 1.5, no ref within 0.02: miss).
            // ref 2.5 and hyp 3.0 wait. Decided: n_ref 1, n_hyp 2, hits 1.
            assertEquals(BoundaryCounts.oneToOne(1, 2, 1), d.totals("m", "word").counts());
            assertEquals(1, d.totals("m", "word").open());
            // Final chunk [2.5, 3.01] and the end: everything decided. ref {0, 2.5, 3.01}, hyp {0, 0.5, 3.0}:
            // 0/0 hit, 0.5 miss, 2.5 miss, 3.0/3.01 hit -> n_ref 3, n_hyp 3, hits 2.
            d.ref("u1", "{\"utterance\":\"u1\",\"tier\":\"word\",\"segments\":[{\"start\":2.5,\"end\":3.01}],\"final\":true}", 2);
            d.hyp("u1", "{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\",\"end\":true}", 3);
            assertEquals(BoundaryCounts.oneToOne(3, 3, 2), d.totals("m", "word").counts());
            assertEquals(0, d.totals("m", "word").open());
        }
    }

    @Test
    void severalModelsAreScoredAgainstOneReference() throws Exception {
        try (SegmonDriver d = SegmonDriver.defaults()) {
            d.hyp("u1", "{\"utterance\":\"u1\",\"model\":\"a\",\"tier\":\"word\",\"times\":[0.0,0.5,1.0],\"end\":true}", 0);
            d.ref("u1", REF_U1, 1);
            d.hyp("u1", "{\"utterance\":\"u1\",\"model\":\"b\",\"tier\":\"word\",\"times\":[0.3],\"end\":true}", 2);
            // Model a matches {0, 0.5, 1.0} exactly: 3 hits of 3. Model b: 0.3 is 0.2 from 0.5, 0.3 from 0: no hit.
            assertEquals(BoundaryCounts.oneToOne(3, 3, 3), d.totals("a", "word").counts());
            assertEquals(BoundaryCounts.oneToOne(3, 1, 0), d.totals("b", "word").counts());
            assertEquals(2, d.scoreValues().size());
        }
    }

    @Test
    void badRecordsGoToDeadLettersWithTheirReasonAndOriginalBytes() throws Exception {
        try (SegmonDriver d = SegmonDriver.defaults()) {
            d.hyp("u1", "{not json", 0);
            d.hyp("u1", "{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\",\"time\":-1}", 0);
            d.hyp("u1", "{\"utterance\":\"u1\",\"model\":\"m\",\"time\":1}", 0);
            d.hyp("u2", "{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\",\"time\":1}", 0);
            d.hyp("u1", "{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\",\"time\":10}", 0);
            d.hyp("u1", "{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\",\"time\":10}", 0);
            // 10 - 5 (default max disorder) = 5: 4.9 is late.
            d.hyp("u1", "{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\",\"time\":4.9}", 0);
            d.ref("u1", "{\"utterance\":\"u1\",\"tier\":\"word\",\"segments\":[{\"start\":0,\"end\":2}]}", 0);
            d.ref("u1", "{\"utterance\":\"u1\",\"tier\":\"word\",\"segments\":[{\"start\":1,\"end\":3}]}", 0);
            d.ref("u1", "{\"utterance\":\"u1\",\"segments\":[]}", 0);
            d.hyp("u1", "{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\",\"end\":true}", 0);
            d.hyp("u1", "{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\",\"time\":11}", 0);
            List<TestRecord<byte[], byte[]>> dead = d.deadLetters.readRecordsToList();
            List<String> reasons = dead.stream()
                    .map(r -> new String(r.headers().lastHeader("segmon.reason").value(), StandardCharsets.UTF_8)).toList();
            assertEquals(List.of("malformed_json", "invalid_time", "missing_tier", "key_mismatch", "duplicate", "late",
                    "overlap", "missing_tier", "after_end"), reasons);
            assertEquals("{not json", new String(dead.get(0).value(), StandardCharsets.UTF_8));
            assertEquals(1, d.deadLetterCount("malformed_json", "unknown", "unknown"));
            assertEquals(1, d.deadLetterCount("overlap", "none", "word"));
            assertEquals(1, d.deadLetterCount("late", "m", "word"));
            String scrape = d.scrape();
            assertTrue(scrape.contains("segmon_dead_letters_total{model=\"m\",reason=\"late\",tier=\"word\"} 1"), scrape);
        }
    }

    @Test
    void wallClockExpiryClosesUnreferencedUnscoredByDefaultAndCountsUnhypothesized() throws Exception {
        for (Unreferenced choice : Unreferenced.values()) {
            try (SegmonDriver d = new SegmonDriver(MonitorConfig.builder().referenceMaxDelay(Duration.ofMinutes(10))
                    .expiryInterval(Duration.ofSeconds(1)).unreferenced(choice))) {
                d.hyp("u1", "{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\",\"times\":[0.1,0.2],\"end\":true}", 0);
                d.ref("u2", "{\"utterance\":\"u2\",\"tier\":\"word\",\"segments\":[{\"start\":0,\"end\":1}],\"final\":true}", 0);
                // Not yet 10 minutes of wall clock: nothing expires (and no stream time passes at all).
                d.driver.advanceWallClockTime(Duration.ofMinutes(9));
                assertEquals(BoundaryCounts.ZERO, d.totals("m", "word").counts());
                d.driver.advanceWallClockTime(Duration.ofMinutes(2));
                // u1 never got a reference. skip (the default): not scored, as eval boundaries leaves
                // out a hypothesis-only id. score-empty: scored against an empty reference: n_ref 0,
                // n_hyp 2, hits 0. u2 never got a hypothesis.
                BoundaryCounts expected = choice == Unreferenced.SKIP ? BoundaryCounts.ZERO : BoundaryCounts.oneToOne(0, 2, 0);
                assertEquals(expected, d.totals("m", "word").counts(), choice.label());
                assertEquals(Map.of(Outcome.UNREFERENCED, 1L), d.totals("m", "word").outcomes());
                assertEquals(Map.of(Outcome.UNHYPOTHESIZED, 1L), d.totals("none", "word").outcomes());
                JsonNode s = JSON.readTree(d.scoreValues().get(0));
                assertEquals("unreferenced", s.get("outcome").asText());
                assertTrue(s.get("recall").isNull());
            }
        }
    }

    @Test
    void metricsEndpointTextCarriesTheContractNames() throws Exception {
        try (SegmonDriver d = SegmonDriver.defaults()) {
            d.ref("u1", REF_U1, 0);
            d.hyp("u1", "{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\",\"times\":[0.01,0.49,0.8],\"end\":true}", 1);
            String text = d.scrape();
            // Same data as referenceFirstThenHypothesisIsScoredExactly: 3 ref, 3 hyp, 2 hits.
            for (String line : List.of(
                    "segmon_boundary_hits_total{model=\"m\",tier=\"word\"} 2.0",
                    "segmon_reference_boundaries_total{model=\"m\",tier=\"word\"} 3.0",
                    "segmon_hypothesis_boundaries_total{model=\"m\",tier=\"word\"} 3.0",
                    "segmon_utterances_total{model=\"m\",outcome=\"scored\",tier=\"word\"} 1.0",
                    "segmon_open_utterances{model=\"m\",tier=\"word\"} 0.0",
                    "segmon_boundary_precision_ratio{model=\"m\",tier=\"word\",window=\"cumulative\"} 0.6666666666666666",
                    "segmon_boundary_recall_ratio{model=\"m\",tier=\"word\",window=\"5m\"} 0.6666666666666666",
                    "segmon_boundary_over_segmentation_ratio{model=\"m\",tier=\"word\",window=\"cumulative\"} 0.0",
                    // two hits 0.01 s off: cumulative buckets 0 / 2 / 2 / 2 / 2 / 2
                    "segmon_boundary_offset_seconds_bucket{model=\"m\",tier=\"word\",le=\"0.005\"} 0",
                    "segmon_boundary_offset_seconds_bucket{model=\"m\",tier=\"word\",le=\"0.01\"} 2",
                    "segmon_boundary_offset_seconds_bucket{model=\"m\",tier=\"word\",le=\"+Inf\"} 2",
                    "segmon_boundary_offset_seconds_count{model=\"m\",tier=\"word\"} 2",
                    "segmon_reference_last_received_timestamp_seconds{tier=\"word\"} 1.7672256E9")) {
                assertTrue(text.contains(line), line + "\n---\n" + text);
            }
        }
    }

    @Test
    void aReferenceStillStreamingKeepsItsHypothesesWaiting() throws Exception {
        try (SegmonDriver d = new SegmonDriver(MonitorConfig.builder().referenceMaxDelay(Duration.ofMinutes(10))
                .expiryInterval(Duration.ofSeconds(1)))) {
            d.hyp("u1", "{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\",\"times\":[0.5,20.0],\"end\":true}", 0);
            // Chunks every 8 minutes: each restarts the 10-minute wait of the ended hypothesis.
            d.driver.advanceWallClockTime(Duration.ofMinutes(8));
            d.ref("u1", "{\"utterance\":\"u1\",\"tier\":\"word\",\"segments\":[{\"start\":0,\"end\":10}]}", 1);
            d.driver.advanceWallClockTime(Duration.ofMinutes(8));
            d.ref("u1", "{\"utterance\":\"u1\",\"tier\":\"word\",\"segments\":[{\"start\":10,\"end\":20}],\"final\":true}", 2);
            // 16 minutes after the end, but scored, not timed out: ref {0, 10, 20}, hyp {0.5, 20}:
            // 0.5 is 0.5 s from 0 (miss), 20/20 hit -> n_ref 3, n_hyp 2, hits 1.
            assertEquals(Map.of(Outcome.SCORED, 1L), d.totals("m", "word").outcomes());
            assertEquals(BoundaryCounts.oneToOne(3, 2, 1), d.totals("m", "word").counts());
        }
    }

    @Test
    void aTierOutsideTheConfiguredOnesIsADeadLetter() throws Exception {
        try (SegmonDriver d = new SegmonDriver(MonitorConfig.builder().tier("word").tier("phone"))) {
            d.hyp("u1", "{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"syllable\",\"time\":1}", 0);
            d.ref("u1", "{\"utterance\":\"u1\",\"tier\":\"phone\",\"segments\":[],\"final\":true}", 0);
            // One refused hypothesis (tier label "unknown", the name is not trusted as a label); the phone reference is fine.
            assertEquals(1, d.deadLetterCount("unknown_tier", "m", "unknown"));
            assertEquals(1, d.deadLetters.readRecordsToList().size());
        }
    }
}
