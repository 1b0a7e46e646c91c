package dev.segmon.app.topology;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.app.config.Comparison;
import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.state.DetectorSeries;
import dev.segmon.app.state.Keys.SeriesKey;
import dev.segmon.app.state.Observation;
import dev.segmon.app.processors.DetectorProcessor;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.detection.DetectedMeasure;
import dev.segmon.model.detection.MeasureDetector;
import java.time.Duration;
import java.util.StringJoiner;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.Test;

/**
 * The change detectors in the topology (docs/detection.md): every utterance closed as scored
 * reaches its series' detectors through the detection topic, in close order, and the stored
 * detectors are exactly those fed the same utterances by hand; a recall drop is called, dated and
 * measured; a model that stays as it was is not.
 */
class ChangeDetectionTopologyTest {
    /** Utterances before the change; each 10 s of record time after the previous. */
    private static final int CHANGE_AT = 60;
    private static final int UTTERANCES = 90;
    private static final long STEP_MS = 10_000;

    private static MonitorConfig.Builder config() {
        return MonitorConfig.builder().referenceMaxDelay(Duration.ofMinutes(10)).expiryInterval(Duration.ofMinutes(1))
                .compare(new Comparison("a", "b")).detectorLearn(21).detectorPairedLearn(21);
    }

    /** Reference segments [k, k+1] for k = 0..9: boundaries 0, 1, ..., 10 (11). */
    private static String ref(String u) {
        StringJoiner j = new StringJoiner(",");
        for (int k = 0; k < 10; k++) {
            j.add("{\"start\":" + k + ".0,\"end\":" + (k + 1) + ".0,\"label\":\"w" + k + "\"}");
        }
        return "{\"utterance\":\"" + u + "\",\"tier\":\"word\",\"segments\":[" + j + "],\"final\":true}";
    }

    /** A hypothesis with the first n reference boundaries exactly: n hits of n. */
    private static String hyp(String u, String model, int n) {
        StringJoiner j = new StringJoiner(",");
        for (int k = 0; k < n; k++) {
            j.add(k + ".0");
        }
        return "{\"utterance\":\"" + u + "\",\"model\":\"" + model + "\",\"tier\":\"word\",\"times\":[" + j + "],\"end\":true}";
    }

    /** Boundaries model a misses in utterance i: 0, 1, 2 in turn, then 3, 4, 5 from the change. */
    private static int missed(int i) {
        return (i >= CHANGE_AT ? 3 : 0) + i % 3;
    }

    @Test
    void aRecallDropIsCalledDatedAndMeasuredFromTheUtterancesInCloseOrder() throws Exception {
        try (SegmonDriver d = new SegmonDriver(config())) {
            MonitorConfig c = d.config;
            DetectorSeries single = new DetectorSeries(false, c.detector());
            DetectorSeries paired = new DetectorSeries(true, c.detector());
            DetectorSeries steady = new DetectorSeries(false, c.detector());
            Integer calledAt = null;
            for (int i = 0; i < UTTERANCES; i++) {
                String u = "u" + i;
                long t = i * STEP_MS;
                d.ref(u, ref(u), t);
                d.hyp(u, hyp(u, "b", 11 - (i + 1) % 3), t + 1);
                d.hyp(u, hyp(u, "a", 11 - missed(i)), t + 2);
                // By hand: a has h = y = 11 - missed, r = 11; b misses 1, 2, 0 in turn. Each closes
                // at its end mark: the feed sends b's, then a's and the pair's.
                BoundaryCounts a = BoundaryCounts.oneToOne(11, 11 - missed(i), 11 - missed(i));
                BoundaryCounts b = BoundaryCounts.oneToOne(11, 11 - (i + 1) % 3, 11 - (i + 1) % 3);
                long at = SegmonDriver.START.toEpochMilli() + t;
                steady.observe(Observation.single(b, -1, -1), at + 1);
                single.observe(Observation.single(a, -1, -1), at + 2);
                paired.observe(Observation.paired(a, b), at + 2);
                if (calledAt == null && detectors(d, new SeriesKey("a", "", "word")).detectors().get(DetectedMeasure.RECALL).called()) {
                    calledAt = i;
                }
            }
            // The stored detectors are exactly the ones fed by hand, byte for byte.
            assertArrayEquals(single.encode(), store(d).get(new SeriesKey("a", "", "word")));
            assertArrayEquals(paired.encode(), store(d).get(new SeriesKey("a", "b", "word")));
            assertArrayEquals(steady.encode(), store(d).get(new SeriesKey("b", "", "word")));

            // Before the change a's recall is 10/11 on average (misses 0, 1, 2); from utterance 60
            // it is 7/11 (misses 3, 4, 5): -3/11 = -0.2727, about 3.7 standard deviations of one
            // utterance's value (sd of (1 - missed)/11 over 0, 1, 2: sqrt(2/3)/11 = 0.074).
            MeasureDetector recall = detectors(d, new SeriesKey("a", "", "word")).detectors().get(DetectedMeasure.RECALL);
            assertNotNull(calledAt, "the drop is called");
            assertTrue(calledAt >= CHANGE_AT && calledAt < CHANGE_AT + 10, "called at utterance " + calledAt);
            assertTrue(recall.called());
            assertEquals(-3.0 / 11, recall.estimate(), 0.03, "size of the drop");
            long start = recall.since() - SegmonDriver.START.toEpochMilli();
            assertTrue(Math.abs(start - (CHANGE_AT * STEP_MS + 2)) <= 3 * STEP_MS, "start " + start);
            MeasureDetector pairedRecall = detectors(d, new SeriesKey("a", "b", "word")).detectors().get(DetectedMeasure.RECALL);
            assertTrue(pairedRecall.called());
            // The comparison's difference a - b: 0 on average before (both miss 1 on average), -3/11 after.
            assertEquals(-3.0 / 11, pairedRecall.estimate(), 0.03);
            // b never changed: nothing is called.
            assertFalse(detectors(d, new SeriesKey("b", "", "word")).detectors().get(DetectedMeasure.RECALL).called());

            String s = d.scrape();
            assertEquals(1.0, LiveIntervalsTest.gauge(s, "segmon_change_called", "measure=\"recall\",model=\"a\",tier=\"word\""));
            assertEquals(1.0, LiveIntervalsTest.gauge(s, "segmon_paired_change_called",
                    "baseline=\"b\",candidate=\"a\",measure=\"recall\",tier=\"word\""));
            assertEquals(0.0, LiveIntervalsTest.gauge(s, "segmon_change_learning", "measure=\"recall\",model=\"a\",tier=\"word\""));
        }
    }

    @Test
    void aDetectorLearnsBeforeItWatches() throws Exception {
        try (SegmonDriver d = new SegmonDriver(config())) {
            for (int i = 0; i < 20; i++) {
                String u = "u" + i;
                d.ref(u, ref(u), i * STEP_MS);
                d.hyp(u, hyp(u, "a", 11 - i % 3), i * STEP_MS + 1);
            }
            // 20 of the 21 utterances to learn from: still learning, no statistic exported.
            String s = d.scrape();
            assertEquals(1.0, LiveIntervalsTest.gauge(s, "segmon_change_learning", "measure=\"recall\",model=\"a\",tier=\"word\""));
            assertFalse(s.contains("segmon_change_called{"), "no call while learning");
        }
    }

    private static KeyValueStore<SeriesKey, byte[]> store(SegmonDriver d) {
        return d.driver.getKeyValueStore(DetectorProcessor.DETECTORS.name());
    }

    private static DetectorSeries detectors(SegmonDriver d, SeriesKey k) {
        return d.changes.series().get(k);
    }
}
