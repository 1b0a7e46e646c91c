package dev.segmon.app.topology;

import dev.segmon.app.wire.Outcome;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.app.config.MonitorConfig;
import dev.segmon.model.boundary.BoundaryCounts;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A reference that expires closes the hypotheses still open on it, and only those. */
class StaleReferenceExpiryTest {

    @Test
    void anExpiringReferenceTimesOutItsOpenHypothesesAndLeavesOtherUtterancesAlone() throws Exception {
        try (SegmonDriver d = new SegmonDriver(MonitorConfig.builder().referenceMaxDelay(Duration.ofMinutes(10))
                .expiryInterval(Duration.ofSeconds(1)))) {
            d.ref("u1", "{\"utterance\":\"u1\",\"tier\":\"word\",\"segments\":[{\"start\":0,\"end\":1}],\"final\":true}", 0);
            d.driver.advanceWallClockTime(Duration.ofMinutes(5));
            // Two models on u1 without an end, 5 minutes after its reference; one on u2, no reference.
            d.hyp("u1", "{\"utterance\":\"u1\",\"model\":\"a\",\"tier\":\"word\",\"time\":0.5}", 1);
            d.hyp("u1", "{\"utterance\":\"u1\",\"model\":\"b\",\"tier\":\"word\",\"time\":0.99}", 1);
            d.hyp("u2", "{\"utterance\":\"u2\",\"model\":\"a\",\"tier\":\"word\",\"time\":0.3}", 1);
            // 11 minutes: u1's reference is stale, its hypotheses (5 minutes old) are not yet due.
            d.driver.advanceWallClockTime(Duration.ofMinutes(6));
            // Reference {0, 1}. a: {0.5} is 0.5 s from both -> n_ref 2, n_hyp 1, hits 0.
            // b: {0.99} is 0.01 s from 1 -> hits 1. Both timed out (no end came).
            assertEquals(Map.of(Outcome.TIMED_OUT, 1L), d.totals("b", "word").outcomes());
            assertEquals(BoundaryCounts.oneToOne(2, 1, 1), d.totals("b", "word").counts());
            // Model a: u1 timed out; u2 (its own clock, 6 minutes old) still open, nothing counted for it.
            assertEquals(Map.of(Outcome.TIMED_OUT, 1L), d.totals("a", "word").outcomes());
            assertEquals(BoundaryCounts.oneToOne(2, 1, 0), d.totals("a", "word").counts());
            assertEquals(1, d.totals("a", "word").open());
        }
    }
}
