package dev.segmon.app.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.Slice;
import dev.segmon.app.state.Totals;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Slices (run --slice-keys) on the real topology; every expected number is worked out by hand in a comment. */
class SlicesTopologyTest {
    // Reference word tier: [0.00, 0.50] [0.50, 1.00] -> boundaries {0.00, 0.50, 1.00}, r = 3.
    static String ref(String u) {
        return "{\"utterance\":\"" + u + "\",\"tier\":\"word\",\"segments\":"
                + "[{\"start\":0.0,\"end\":0.5,\"label\":\"a\"},{\"start\":0.5,\"end\":1.0,\"label\":\"b\"}],\"final\":true}";
    }

    static String hyp(String u, String model, String times, String labels, boolean end) {
        return "{\"utterance\":\"" + u + "\",\"model\":\"" + model + "\",\"tier\":\"word\",\"times\":[" + times + "]"
                + (labels == null ? "" : ",\"labels\":{" + labels + "}") + (end ? ",\"end\":true" : "") + "}";
    }

    /**
     * Four utterances of model m, tolerance 0.02, r = 3 each (hits, hypothesis boundaries):
     * u1 lang=de 0,0.5,1 -> 3, 3; u2 lang=en on its first message (fr on its end: the first value
     * wins) 0,0.5 -> 2, 2; u3 lang=fr, the third distinct value beyond cap 2 -> other, 0,0.3 -> 1, 2;
     * u4 no label -> none, 0,0.5,0.8,1 -> 3, 4. Pooled: hits 9, r 12, n_hyp 11.
     */
    private static void fourUtterances(SegmonDriver d) {
        d.ref("u1", ref("u1"), 0);
        d.hyp("u1", hyp("u1", "m", "0.0,0.5,1.0", "\"lang\":\"de\",\"domain\":\"call\"", true), 1);
        d.ref("u2", ref("u2"), 2);
        d.hyp("u2", hyp("u2", "m", "0.0", "\"lang\":\"en\"", false), 3);
        d.hyp("u2", hyp("u2", "m", "0.5", "\"lang\":\"fr\"", true), 4);
        d.ref("u3", ref("u3"), 5);
        d.hyp("u3", hyp("u3", "m", "0.0,0.3", "\"lang\":\"fr\"", true), 6);
        d.hyp("u4", hyp("u4", "m", "0.0,0.5,0.8,1.0", null, true), 7);
        d.ref("u4", ref("u4"), 8);
    }

    @Test
    void pooledCountsAreTheSumOfEachKeysSlicesAndAValueBeyondTheCapIsOther() throws Exception {
        try (SegmonDriver d = new SegmonDriver(MonitorConfig.builder().sliceKeys(List.of("lang")).sliceCap(2))) {
            fourUtterances(d);
            assertEquals(9, d.totals("m", "word").counts().hits());
            Map<String, long[]> bySlice = Map.of("de", new long[] {3, 3, 3}, "en", new long[] {2, 3, 2},
                    "other", new long[] {1, 3, 2}, "none", new long[] {3, 3, 4});
            long hits = 0;
            long ref = 0;
            long hyp = 0;
            for (var e : bySlice.entrySet()) {
                Totals t = sliceTotals(d, "lang", e.getKey());
                assertEquals(e.getValue()[0], t.counts().hits(), e.getKey());
                assertEquals(e.getValue()[1], t.counts().reference(), e.getKey());
                assertEquals(e.getValue()[2], t.counts().hypothesis(), e.getKey());
                hits += t.counts().hits();
                ref += t.counts().reference();
                hyp += t.counts().hypothesis();
            }
            Totals pooled = d.totals("m", "word");
            assertEquals(pooled.counts().hits(), hits);
            assertEquals(pooled.counts().reference(), ref);
            assertEquals(pooled.counts().hypothesis(), hyp);
            assertEquals(12, ref);
            assertEquals(11, hyp);
            String s = d.scrape();
            // The pooled series keeps its labels; each slice adds lang="...".
            assertEquals(9.0, LiveIntervalsTest.gauge(s, "segmon_boundary_hits_total", "model=\"m\",tier=\"word\""));
            assertEquals(2.0, LiveIntervalsTest.gauge(s, "segmon_boundary_hits_total", "lang=\"en\",model=\"m\",slice=\"lang\",tier=\"word\""));
            // en: recall 2/3, precision 2/2, F1 = 2*2/(2+3) = 0.8.
            assertEquals(0.8, LiveIntervalsTest.gauge(s, "segmon_boundary_f1_ratio", "lang=\"en\",model=\"m\",slice=\"lang\",tier=\"word\",window=\"cumulative\""), 1e-12);
            assertEquals(1.0, LiveIntervalsTest.gauge(s, "segmon_utterances_total", "lang=\"other\",model=\"m\",outcome=\"scored\",slice=\"lang\",tier=\"word\""));
            // fr was capped once (u3; u2's fr came after its en and was never admitted).
            assertEquals(1.0, LiveIntervalsTest.gauge(s, "segmon_slice_values_capped_total", "key=\"lang\""));
            assertNull(LiveIntervalsTest.gauge(s, "segmon_boundary_hits_total", "lang=\"fr\",model=\"m\",slice=\"lang\",tier=\"word\""));
            // domain is not a slice key: no series carries it.
            assertFalse(s.contains("domain="));
        }
    }

    @Test
    void anAllowListAdmitsExactlyItsValues() throws Exception {
        try (SegmonDriver d = new SegmonDriver(MonitorConfig.builder().sliceKeys(List.of("lang", "domain")).sliceCap(2)
                .sliceValues(Map.of("lang", Set.of("fr", "en"))))) {
            fourUtterances(d);
            // lang: de is not listed -> other (u1: hits 3); en (u2: 2) and fr (u3: 1) as listed, the cap
            // of 2 not reached by a list of 2; u4 none.
            assertEquals(3, sliceTotals(d, "lang", "other").counts().hits());
            assertEquals(2, sliceTotals(d, "lang", "en").counts().hits());
            assertEquals(1, sliceTotals(d, "lang", "fr").counts().hits());
            assertEquals(3, sliceTotals(d, "lang", "none").counts().hits());
            // domain: only u1 carries one; each key's slices sum to the pooled 9 on their own (no cross product).
            assertEquals(3, sliceTotals(d, "domain", "call").counts().hits());
            assertEquals(6, sliceTotals(d, "domain", "none").counts().hits());
        }
    }

    @Test
    void withoutSliceKeysNoSliceSeriesExist() throws Exception {
        try (SegmonDriver d = SegmonDriver.defaults()) {
            fourUtterances(d);
            assertEquals(9, d.totals("m", "word").counts().hits());
            assertFalse(d.scrape().contains("lang="));
            assertNull(LiveIntervalsTest.gauge(d.scrape(), "segmon_slice_values_capped_total", "key=\"lang\""));
        }
    }

    @Test
    void liveSlicesEqualEvalSliceByOnTheSameUtterances(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) throws Exception {
        // The four utterances as files: the hypothesis lines carry the labels the live messages
        // carried first (u2: en); u4 has none. The cap (20) is not reached: no value is other.
        String seg = "\"segments\":[{\"start\":0.0,\"end\":0.5,\"label\":\"a\"},{\"start\":0.5,\"end\":1.0,\"label\":\"b\"}]";
        java.nio.file.Path ref = tmp.resolve("ref.jsonl");
        java.nio.file.Path hyp = tmp.resolve("hyp.jsonl");
        java.nio.file.Files.writeString(ref, String.join("\n", "{\"id\":\"u1\"," + seg + "}", "{\"id\":\"u2\"," + seg + "}",
                "{\"id\":\"u3\"," + seg + "}", "{\"id\":\"u4\"," + seg + "}") + "\n");
        java.nio.file.Files.writeString(hyp, String.join("\n",
                "{\"id\":\"u1\",\"boundaries\":[0.0,0.5,1.0],\"labels\":{\"lang\":\"de\",\"domain\":\"call\"}}",
                "{\"id\":\"u2\",\"boundaries\":[0.0,0.5],\"labels\":{\"lang\":\"en\"}}",
                "{\"id\":\"u3\",\"boundaries\":[0.0,0.3],\"labels\":{\"lang\":\"fr\"}}",
                "{\"id\":\"u4\",\"boundaries\":[0.0,0.5,0.8,1.0]}") + "\n");
        dev.segmon.app.cli.CliRun run = dev.segmon.app.cli.CliRun.of("eval", "boundaries", "--ref", ref.toString(), "--hyp", hyp.toString(),
                "--slice-by", "lang", "--json");
        assertEquals(0, run.exit(), run.err());
        var offline = run.json().get("slices").get("lang");
        try (SegmonDriver d = new SegmonDriver(MonitorConfig.builder().sliceKeys(List.of("lang")))) {
            fourUtterances(d);
            java.util.Set<String> values = new java.util.TreeSet<>();
            offline.fieldNames().forEachRemaining(values::add);
            assertEquals(Set.of("de", "en", "fr", "none"), values);
            for (String v : values) {
                Totals live = sliceTotals(d, "lang", v);
                assertEquals(offline.get(v).get("hits").asLong(), live.counts().hits(), v);
                assertEquals(offline.get(v).get("n_ref").asLong(), live.counts().reference(), v);
                assertEquals(offline.get(v).get("n_hyp").asLong(), live.counts().hypothesis(), v);
                assertEquals(offline.get(v).get("utterances").asLong(), live.outcomes().values().stream().mapToLong(Long::longValue).sum(), v);
            }
            // And by hand (the four utterances above): fr = u3 alone, hits 1 of r 3, n_hyp 2.
            assertEquals(1, offline.get("fr").get("hits").asLong());
            assertEquals(2, offline.get("fr").get("n_hyp").asLong());
        }
    }

    static Totals sliceTotals(SegmonDriver d, String key, String value) {
        org.apache.kafka.streams.state.KeyValueStore<ModelTier, dev.segmon.app.state.SeriesFigures> store =
                d.driver.getKeyValueStore(dev.segmon.app.processors.SeriesAggregates.SLICE_SERIES.name());
        var v = store.get(new ModelTier("m", "word", new Slice(key, value)));
        return v == null ? Totals.ZERO : v.totalsOrZero();
    }
}
