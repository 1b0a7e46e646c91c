package dev.segmon.app.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.state.Keys.SeriesKey;
import dev.segmon.model.boundary.Tolerances;
import dev.segmon.model.detection.DetectedMeasure;
import dev.segmon.model.detection.MeasureDetector;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;
import org.junit.jupiter.api.Test;

/**
 * Signed hit offsets (docs/contract.md appendix C): the histogram cut at quarters of the tier's
 * tolerance, the bias gauge, and the offset-bias change detector (docs/detection.md).
 */
class SignedOffsetsTest {
    private static String words(String u, String model, double[] bounds) {
        StringJoiner j = new StringJoiner(",");
        for (int k = 0; k + 1 < bounds.length; k++) {
            j.add(String.format(Locale.ROOT, "{\"start\":%.6f,\"end\":%.6f,\"%s\":\"w%d\"}", bounds[k], bounds[k + 1],
                    model == null ? "label" : "word", k));
        }
        return model == null
                ? "{\"utterance\":\"" + u + "\",\"tier\":\"word\",\"segments\":[" + j + "],\"final\":true}"
                : "{\"utterance\":\"" + u + "\",\"model\":\"" + model + "\",\"tier\":\"word\",\"words\":[" + j + "],\"end\":true}";
    }

    @Test
    void theSignedHistogramCutsTheToleranceInQuartersAndTheGaugeIsTheMean() throws Exception {
        try (SegmonDriver d = SegmonDriver.defaults()) {
            // Reference boundaries 0, 1, 2, 3; hypothesis 0, 1.005, 1.99, 3.02: offsets 0, +5, -10,
            // +20 ms, all hits at 20 ms. Bounds -20 -15 -10 -5 0 5 10 15 20 ms: -10 falls in
            // le=-0.01, 0 in le=0, +5 in le=0.005, +20 in le=0.02; cumulative 1 at -0.01, 2 at 0,
            // 3 at 0.005 and 0.01, 4 from 0.02. Sum +15 ms, mean 15 / 4 = 3.75 ms.
            d.ref("u1", words("u1", null, new double[] {0, 1, 2, 3}), 0);
            d.hyp("u1", words("u1", "m", new double[] {0, 1.005, 1.99, 3.02}), 1);
            String text = d.scrape();
            String series = "{model=\"m\",tier=\"word\",";
            for (String line : List.of(
                    "segmon_boundary_signed_offset_seconds_bucket" + series + "le=\"-0.015\"} 0",
                    "segmon_boundary_signed_offset_seconds_bucket" + series + "le=\"-0.01\"} 1",
                    "segmon_boundary_signed_offset_seconds_bucket" + series + "le=\"0.0\"} 2",
                    "segmon_boundary_signed_offset_seconds_bucket" + series + "le=\"0.01\"} 3",
                    "segmon_boundary_signed_offset_seconds_bucket" + series + "le=\"0.02\"} 4",
                    "segmon_boundary_signed_offset_seconds_count{model=\"m\",tier=\"word\"} 4",
                    "segmon_boundary_offset_seconds_count{model=\"m\",tier=\"word\"} 4")) {
                assertTrue(text.contains(line), line + "\n---\n" + text);
            }
            assertEquals(0.00375, LiveIntervalsTest.gauge(text, "segmon_boundary_offset_bias_seconds",
                    "model=\"m\",tier=\"word\",window=\"cumulative\""), 1e-12);
            assertEquals(0.015, LiveIntervalsTest.gauge(text, "segmon_boundary_signed_offset_seconds_sum", "model=\"m\",tier=\"word\""), 1e-12);
        }
    }

    private static final int CHANGE_AT = 150;
    private static final int UTTERANCES = 200;
    private static final long STEP_MS = 10_000;

    /** Boundary k of utterance i: k + 1 seconds, off by -6, -3, 0, +3 or +6 ms in turn, and 15 ms late from the change. */
    private static double[] hypothesis(int i) {
        double[] b = new double[11];
        for (int k = 0; k < b.length; k++) {
            b[k] = k + 1 + ((i * 7 + k * 3) % 5 - 2) * 0.003 + (i >= CHANGE_AT ? 0.015 : 0);
        }
        return b;
    }

    @Test
    void aFifteenMillisecondDriftIsCalledAndDatedWhileRecallStaysPut() throws Exception {
        // 50 ms for words: every boundary stays a hit (at most 6 + 15 = 21 ms off), so recall is
        // 1 throughout and only the offsets move: the bias goes from about 0 to +15 ms, which is
        // about 4 standard deviations of one utterance's mean offset (sd of the -6..+6 ms pattern
        // is sqrt(18) = 4.2 ms per boundary, about 1.3 to 4 ms over an utterance's 11).
        try (SegmonDriver d = new SegmonDriver(MonitorConfig.builder().tolerances(Tolerances.parse("word=0.05"))
                .referenceMaxDelay(Duration.ofMinutes(10)).expiryInterval(Duration.ofMinutes(1)).detectorLearn(100))) {
            double[] ref = new double[11];
            for (int k = 0; k < ref.length; k++) {
                ref[k] = k + 1;
            }
            Integer calledAt = null;
            for (int i = 0; i < UTTERANCES; i++) {
                String u = "u" + i;
                d.ref(u, words(u, null, ref), i * STEP_MS);
                d.hyp(u, words(u, "a", hypothesis(i)), i * STEP_MS + 1);
                if (calledAt == null && bias(d).called()) {
                    calledAt = i;
                }
            }
            assertNotNull(calledAt, "the drift is called");
            assertTrue(calledAt >= CHANGE_AT && calledAt < CHANGE_AT + 10, "called at utterance " + calledAt);
            assertEquals(0.015, bias(d).estimate(), 0.003, "size of the drift, seconds");
            long start = bias(d).since() - SegmonDriver.START.toEpochMilli();
            assertTrue(Math.abs(start - CHANGE_AT * STEP_MS) <= 5 * STEP_MS, "dated at " + start / STEP_MS);
            assertFalse(d.changes.series().get(new SeriesKey("a", "", "word")).detectors().get(DetectedMeasure.RECALL).called());
            assertEquals(1.0, LiveIntervalsTest.gauge(d.scrape(), "segmon_change_called", "measure=\"offset_bias\",model=\"a\",tier=\"word\""));
        }
    }

    private static MeasureDetector bias(SegmonDriver d) {
        return d.changes.series().get(new SeriesKey("a", "", "word")).detectors().get(DetectedMeasure.OFFSET_BIAS);
    }
}
