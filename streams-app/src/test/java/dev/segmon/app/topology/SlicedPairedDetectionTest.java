package dev.segmon.app.topology;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.app.config.Comparison;
import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.processors.DetectorProcessor;
import dev.segmon.app.state.DetectorSeries;
import dev.segmon.app.state.Keys.SeriesKey;
import dev.segmon.app.state.Observation;
import dev.segmon.app.state.Slice;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.detection.DetectedMeasure;
import java.time.Duration;
import java.util.List;
import java.util.StringJoiner;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.Test;

/**
 * A comparison per slice (docs/slices.md): a candidate that regresses on one language only is
 * called on that language's paired detector, whose state equals one fed that language's pairs by
 * hand; the other language's is not called. A model's own detectors per slice likewise, fed from
 * one detection record per close.
 */
class SlicedPairedDetectionTest {
    /** Utterances per language; the change on de from its CHANGE_AT-th utterance. */
    private static final int PER_LANGUAGE = 90;
    private static final int CHANGE_AT = 60;
    private static final long STEP_MS = 10_000;

    private static String ref(String u) {
        StringJoiner j = new StringJoiner(",");
        for (int k = 0; k < 10; k++) {
            j.add("{\"start\":" + k + ".0,\"end\":" + (k + 1) + ".0,\"label\":\"w" + k + "\"}");
        }
        return "{\"utterance\":\"" + u + "\",\"tier\":\"word\",\"segments\":[" + j + "],\"final\":true}";
    }

    /** The first n of the 11 reference boundaries exactly: n hits of n. */
    private static String hyp(String u, String model, int n, String lang) {
        StringJoiner j = new StringJoiner(",");
        for (int k = 0; k < n; k++) {
            j.add(k + ".0");
        }
        return "{\"utterance\":\"" + u + "\",\"model\":\"" + model + "\",\"tier\":\"word\",\"times\":[" + j + "],"
                + "\"labels\":{\"lang\":\"" + lang + "\"},\"end\":true}";
    }

    @Test
    void aCandidatesRegressionOnOneLanguageIsCalledOnThatLanguagesComparison() throws Exception {
        MonitorConfig.Builder config = MonitorConfig.builder().referenceMaxDelay(Duration.ofMinutes(10)).expiryInterval(Duration.ofMinutes(1))
                .compare(new Comparison("a", "b")).detectorLearn(21).detectorPairedLearn(21).sliceKeys(List.of("lang"));
        try (SegmonDriver d = new SegmonDriver(config)) {
            DetectorSeries de = new DetectorSeries(true, d.config.detector());
            DetectorSeries en = new DetectorSeries(true, d.config.detector());
            // Utterance j of each language: b misses (j + 1) % 3 of 11 boundaries, a misses j % 3,
            // and on de from j = 60 three more: a - b in recall is 0 on average before, -3/11 after
            // on de (as ChangeDetectionTopologyTest's drop), 0 throughout on en.
            for (int j = 0; j < PER_LANGUAGE; j++) {
                for (String lang : new String[] {"de", "en"}) {
                    String u = lang + j;
                    long t = (2L * j + (lang.equals("de") ? 0 : 1)) * STEP_MS;
                    int missA = j % 3 + (lang.equals("de") && j >= CHANGE_AT ? 3 : 0);
                    int missB = (j + 1) % 3;
                    d.ref(u, ref(u), t);
                    d.hyp(u, hyp(u, "b", 11 - missB, lang), t + 1);
                    d.hyp(u, hyp(u, "a", 11 - missA, lang), t + 2);
                    BoundaryCounts a = BoundaryCounts.oneToOne(11, 11 - missA, 11 - missA);
                    BoundaryCounts b = BoundaryCounts.oneToOne(11, 11 - missB, 11 - missB);
                    (lang.equals("de") ? de : en).observe(Observation.paired(a, b), SegmonDriver.START.toEpochMilli() + t + 2);
                }
            }
            SeriesKey deKey = new SeriesKey("a", "b", "word", new Slice("lang", "de"));
            SeriesKey enKey = new SeriesKey("a", "b", "word", new Slice("lang", "en"));
            assertArrayEquals(de.encode(), store(d).get(deKey));
            assertArrayEquals(en.encode(), store(d).get(enKey));
            assertTrue(de.detectors().get(DetectedMeasure.RECALL).called(), "de's drop is called");
            assertFalse(en.detectors().get(DetectedMeasure.RECALL).called(), "en did not change");
            String s = d.scrape();
            assertEquals(1.0, LiveIntervalsTest.gauge(s, "segmon_paired_change_called",
                    "baseline=\"b\",candidate=\"a\",lang=\"de\",measure=\"recall\",slice=\"lang\",tier=\"word\""));
            assertEquals(0.0, LiveIntervalsTest.gauge(s, "segmon_paired_change_called",
                    "baseline=\"b\",candidate=\"a\",lang=\"en\",measure=\"recall\",slice=\"lang\",tier=\"word\""));
        }
    }

    @Test
    void aModelsOwnDetectorsPerSliceObserveTheSlicesUtterancesFromOneRecordPerClose() throws Exception {
        MonitorConfig.Builder config = MonitorConfig.builder().referenceMaxDelay(Duration.ofMinutes(10)).expiryInterval(Duration.ofMinutes(1))
                .detectorLearn(21).sliceKeys(List.of("lang", "domain"));
        try (SegmonDriver d = new SegmonDriver(config)) {
            var detection = d.driver.createOutputTopic(d.config.detectionTopic(), SeriesKey.SERDE.deserializer(), Observation.SERDE.deserializer());
            DetectorSeries pooled = new DetectorSeries(false, d.config.detector());
            DetectorSeries de = new DetectorSeries(false, d.config.detector());
            DetectorSeries en = new DetectorSeries(false, d.config.detector());
            DetectorSeries unlabelled = new DetectorSeries(false, d.config.detector());
            // Utterance j of each language: a misses j % 3 of 11 boundaries, and on de from j = 60
            // three more; no domain label, so every utterance is in domain=none too.
            for (int j = 0; j < PER_LANGUAGE; j++) {
                for (String lang : new String[] {"de", "en"}) {
                    String u = lang + j;
                    long t = (2L * j + (lang.equals("de") ? 0 : 1)) * STEP_MS;
                    int miss = j % 3 + (lang.equals("de") && j >= CHANGE_AT ? 3 : 0);
                    d.ref(u, ref(u), t);
                    d.hyp(u, hyp(u, "a", 11 - miss, lang), t + 1);
                    Observation o = Observation.single(BoundaryCounts.oneToOne(11, 11 - miss, 11 - miss), -1, -1);
                    long at = SegmonDriver.START.toEpochMilli() + t + 1;
                    pooled.observe(o, at);
                    (lang.equals("de") ? de : en).observe(o, at);
                    unlabelled.observe(o, at);
                }
            }
            // One record per close (180), each naming the two slices it closed in.
            var records = detection.readRecordsToList();
            assertEquals(2 * PER_LANGUAGE, records.size());
            assertEquals(List.of(new Slice("lang", "de"), new Slice("domain", "none")), records.get(0).value().slices());
            assertEquals(new SeriesKey("a", "", "word"), records.get(0).key());
            assertArrayEquals(pooled.encode(), store(d).get(new SeriesKey("a", "", "word")));
            assertArrayEquals(de.encode(), store(d).get(new SeriesKey("a", "", "word", new Slice("lang", "de"))));
            assertArrayEquals(en.encode(), store(d).get(new SeriesKey("a", "", "word", new Slice("lang", "en"))));
            assertArrayEquals(unlabelled.encode(), store(d).get(new SeriesKey("a", "", "word", new Slice("domain", "none"))));
            assertTrue(de.detectors().get(DetectedMeasure.RECALL).called(), "de's drop is called");
            assertFalse(en.detectors().get(DetectedMeasure.RECALL).called(), "en did not change");
        }
    }

    private static KeyValueStore<SeriesKey, byte[]> store(SegmonDriver d) {
        return d.driver.getKeyValueStore(DetectorProcessor.DETECTORS.name());
    }
}
