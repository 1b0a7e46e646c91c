package dev.segmon.app.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.JsonNode;
import dev.segmon.app.cli.CliRun;
import dev.segmon.app.config.Comparison;
import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.processors.EstimateBook;
import dev.segmon.app.processors.SeriesAggregates;
import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.SeriesFigures;
import dev.segmon.app.state.Slice;
import dev.segmon.app.state.Totals;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Labels on the reference side (docs/slices.md): a key the hypothesis did not carry takes the
 * reference's value, whichever side came first; a hypothesis' value beats the reference's. Every
 * expected number is worked out by hand in a comment.
 */
class ReferenceLabelsTopologyTest {
    /** Reference word tier [0, 0.5] [0.5, 1]: boundaries {0, 0.5, 1}, r = 3; {@code labels} null: none. */
    static String ref(String u, String labels) {
        return "{\"utterance\":\"" + u + "\",\"tier\":\"word\",\"segments\":"
                + "[{\"start\":0.0,\"end\":0.5,\"label\":\"a\"},{\"start\":0.5,\"end\":1.0,\"label\":\"b\"}],\"final\":true"
                + (labels == null ? "" : ",\"labels\":{" + labels + "}") + "}";
    }

    static String hyp(String u, String model, String times, String labels) {
        return SlicesTopologyTest.hyp(u, model, times, labels, true);
    }

    /**
     * Five utterances of model m, tolerance 0.02, r = 3 each (hits, n_hyp):
     * u1 reference first, lang=de on the reference only: 0,0.5,1 -> 3, 3 in de;
     * u2 hypothesis first, lang=de on the reference only: 0,0.5 -> 2, 2 in de;
     * u3 hypothesis en first, reference de after it: the hypothesis' en wins, 0,0.3 -> 1, 2 in en;
     * u4 reference de first, hypothesis en after it: en wins still, 0,0.5,0.8,1 -> 3, 4 in en;
     * u5 no label on either side: 0 -> 1, 1 in none.
     * de: hits 3+2 = 5, r 6, n_hyp 3+2 = 5; en: hits 1+3 = 4, r 6, n_hyp 2+4 = 6; none: 1, 3, 1.
     * Pooled: hits 10, r 15, n_hyp 12 = each key's slices summed.
     */
    private static void fiveUtterances(SegmonDriver d) {
        d.ref("u1", ref("u1", "\"lang\":\"de\""), 0);
        d.hyp("u1", hyp("u1", "m", "0.0,0.5,1.0", null), 1);
        d.hyp("u2", hyp("u2", "m", "0.0,0.5", null), 2);
        d.ref("u2", ref("u2", "\"lang\":\"de\""), 3);
        d.hyp("u3", hyp("u3", "m", "0.0,0.3", "\"lang\":\"en\""), 4);
        d.ref("u3", ref("u3", "\"lang\":\"de\""), 5);
        d.ref("u4", ref("u4", "\"lang\":\"de\""), 6);
        d.hyp("u4", hyp("u4", "m", "0.0,0.5,0.8,1.0", "\"lang\":\"en\""), 7);
        d.hyp("u5", hyp("u5", "m", "0.0", null), 8);
        d.ref("u5", ref("u5", null), 9);
    }

    @Test
    void aKeyOnlyTheReferenceCarriesSlicesTheUtterancesInEitherArrivalOrderAndTheHypothesisValueWins() throws Exception {
        try (SegmonDriver d = new SegmonDriver(MonitorConfig.builder().sliceKeys(List.of("lang")))) {
            fiveUtterances(d);
            assertCounts(5, 6, 5, 2, SlicesTopologyTest.sliceTotals(d, "lang", "de"));
            assertCounts(4, 6, 6, 2, SlicesTopologyTest.sliceTotals(d, "lang", "en"));
            assertCounts(1, 3, 1, 1, SlicesTopologyTest.sliceTotals(d, "lang", "none"));
            assertCounts(10, 15, 12, 5, d.totals("m", "word"));
            // en: precision 4/6, recall 4/6, F1 = 2*4/(6+6) = 2/3.
            assertEquals(2.0 / 3, LiveIntervalsTest.gauge(d.scrape(), "segmon_boundary_f1_ratio",
                    "lang=\"en\",model=\"m\",slice=\"lang\",tier=\"word\",window=\"cumulative\""), 1e-12);
        }
    }

    @Test
    void theReferencesLabelsOutliveARestartBetweenTheTwoSides() {
        RestartingProcessor p = new RestartingProcessor(MonitorConfig.builder().sliceKeys(List.of("lang")));
        // u1: reference de, restart, hypothesis 0,0.5,1 (hits 3, n_hyp 3); u2: hypothesis 0,0.5,
        // restart, reference de (hits 2, n_hyp 2). Both in de: hits 5, r 3 + 3 = 6, n_hyp 5.
        p.send(new String[] {"ref", "u1", ref("u1", "\"lang\":\"de\"")}, 0);
        p.restart();
        p.send(new String[] {"hyp", "u1", hyp("u1", "m", "0.0,0.5,1.0", null)}, 1);
        p.send(new String[] {"hyp", "u2", hyp("u2", "m", "0.0,0.5", null)}, 2);
        p.restart();
        p.send(new String[] {"ref", "u2", ref("u2", "\"lang\":\"de\"")}, 3);
        assertCounts(5, 6, 5, 2, p.state().slice(new Slice("lang", "de")).totals().get(new ModelTier("m", "word")));
        assertNull(p.state().slice(new Slice("lang", "none")).totals().get(new ModelTier("m", "word")));
    }

    @Test
    void liveSlicesWithReferenceLabelsEqualEvalSliceByWithBothLabelFiles(@TempDir Path tmp) throws Exception {
        // The same five utterances as files, their labels spread over every offline source: the
        // hypothesis line (u3 en), --labels (u4 en), the reference line (u4 de) and --reference-labels
        // (u1, u2, u3 de). The rule is the live one: hypothesis side first, reference side for the rest.
        String seg = "\"segments\":[{\"start\":0.0,\"end\":0.5,\"label\":\"a\"},{\"start\":0.5,\"end\":1.0,\"label\":\"b\"}]";
        Path ref = tmp.resolve("ref.jsonl");
        Path hyp = tmp.resolve("hyp.jsonl");
        Path hypLabels = tmp.resolve("hyp-labels.tsv");
        Path refLabels = tmp.resolve("ref-labels.tsv");
        Files.writeString(ref, String.join("\n", "{\"id\":\"u1\"," + seg + "}", "{\"id\":\"u2\"," + seg + "}", "{\"id\":\"u3\"," + seg + "}",
                "{\"id\":\"u4\"," + seg + ",\"labels\":{\"lang\":\"de\"}}", "{\"id\":\"u5\"," + seg + "}") + "\n");
        Files.writeString(hyp, String.join("\n", "{\"id\":\"u1\",\"boundaries\":[0.0,0.5,1.0]}", "{\"id\":\"u2\",\"boundaries\":[0.0,0.5]}",
                "{\"id\":\"u3\",\"boundaries\":[0.0,0.3],\"labels\":{\"lang\":\"en\"}}", "{\"id\":\"u4\",\"boundaries\":[0.0,0.5,0.8,1.0]}",
                "{\"id\":\"u5\",\"boundaries\":[0.0]}") + "\n");
        Files.writeString(hypLabels, "u4\tlang=en\n");
        Files.writeString(refLabels, "# annotator's languages\nu1\tlang=de\nu2\tlang=de\nu3\tlang=de\n");
        CliRun run = CliRun.of("eval", "boundaries", "--ref", ref.toString(), "--hyp", hyp.toString(), "--slice-by", "lang",
                "--labels", hypLabels.toString(), "--reference-labels", refLabels.toString(), "--json");
        assertEquals(0, run.exit(), run.err());
        JsonNode offline = run.json().get("slices").get("lang");
        Set<String> values = new TreeSet<>();
        offline.fieldNames().forEachRemaining(values::add);
        assertEquals(Set.of("de", "en", "none"), values);
        // By hand (fiveUtterances): de hits 5 of r 6, n_hyp 5.
        assertEquals(5, offline.get("de").get("hits").asLong());
        assertEquals(5, offline.get("de").get("n_hyp").asLong());
        try (SegmonDriver d = new SegmonDriver(MonitorConfig.builder().sliceKeys(List.of("lang")))) {
            fiveUtterances(d);
            for (String v : values) {
                Totals live = SlicesTopologyTest.sliceTotals(d, "lang", v);
                assertEquals(offline.get(v).get("hits").asLong(), live.counts().hits(), v);
                assertEquals(offline.get(v).get("n_ref").asLong(), live.counts().reference(), v);
                assertEquals(offline.get(v).get("n_hyp").asLong(), live.counts().hypothesis(), v);
                assertEquals(offline.get(v).get("utterances").asLong(), live.outcomes().values().stream().mapToLong(Long::longValue).sum(), v);
            }
        }
    }

    @Test
    void aReferencesLabelPairsBothModelsInItsSlice() throws Exception {
        MonitorConfig.Builder config = MonitorConfig.builder().compare(new Comparison("a", "b")).sliceKeys(List.of("lang"));
        try (SegmonDriver d = new SegmonDriver(config)) {
            // u1: reference de between the two models' hypotheses, neither of which carries lang:
            // both close in de, so the pair is booked in de (and pooled), not in none.
            d.hyp("u1", hyp("u1", "b", "0.0,0.5", null), 0);
            d.ref("u1", ref("u1", "\"lang\":\"de\""), 1);
            d.hyp("u1", hyp("u1", "a", "0.0,0.5,1.0", null), 2);
            // u2: a carries en, b nothing, the reference de: a closes in en, b in de, and the pair is
            // in no slice of lang (as for two hypotheses with different values).
            d.ref("u2", ref("u2", "\"lang\":\"de\""), 3);
            d.hyp("u2", hyp("u2", "a", "0.0,0.5,1.0", "\"lang\":\"en\""), 4);
            d.hyp("u2", hyp("u2", "b", "0.0,0.5", null), 5);
            assertEquals(2, pairs(d, Slice.NONE));
            assertEquals(1, pairs(d, new Slice("lang", "de")));
            assertEquals(0, pairs(d, new Slice("lang", "en")));
            assertEquals(0, pairs(d, new Slice("lang", "none")));
        }
    }

    @Test
    void theEarlyEstimateIsSlicedByTheHypothesisLabelsAloneWhicheverSideCameFirst() throws Exception {
        try (SegmonDriver d = new SegmonDriver(MonitorConfig.builder().sliceKeys(List.of("lang"))
                .referenceMaxDelay(Duration.ofMinutes(1)).expiryInterval(Duration.ofSeconds(10)))) {
            // u1: reference de first, then the hypothesis 0,0.5,1 with duration 1 s: n_hyp 3, d 1.
            // u2: the hypothesis 0,0.5 with duration 1 s first (n_hyp 2, d 1), then reference de.
            d.ref("u1", ref("u1", "\"lang\":\"de\""), 0);
            d.hyp("u1", "{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\",\"times\":[0.0,0.5,1.0],\"end\":true,\"duration\":1.0}", 1);
            d.hyp("u2", "{\"utterance\":\"u2\",\"model\":\"m\",\"tier\":\"word\",\"times\":[0.0,0.5],\"end\":true,\"duration\":1.0}", 2);
            d.ref("u2", ref("u2", "\"lang\":\"de\""), 3);
            // Both are scored in de, but neither hypothesis carried lang: both estimates are in none,
            // n_hyp 3 + 2 = 5 over 1 + 1 = 2 s, as the pooled estimate's.
            SeriesFigures none = figures(d, "m", new Slice("lang", "none"));
            assertEquals(2, none.hypothesisRates().utterances());
            assertEquals(5, none.hypothesisRates().boundaries());
            assertEquals(2.0, none.hypothesisRates().seconds(), 1e-12);
            // rho is learned where the estimate is: u1 closes first with rho still unknown (no
            // backtest), then rho = 3 / 1 s; u2's backtest: n_hyp 2, expected n_ref 3 * 1 s = 3, n_ref 3.
            // rho's sums after both: 2 utterances, 3 + 3 = 6 boundaries over 2 s.
            assertEquals(1, none.backtest().utterances());
            assertEquals(2, none.backtest().hypothesis());
            assertEquals(3.0, none.backtest().expectedReference(), 1e-12);
            assertEquals(3, none.backtest().reference());
            SeriesFigures rho = figures(d, "none", new Slice("lang", "none"));
            assertEquals(2, rho.referenceRates().utterances());
            assertEquals(6, rho.referenceRates().boundaries());
            // de has the scores (2 utterances) and no estimate: it covers none of them (coverage 0 of 2).
            SeriesFigures de = figures(d, "m", new Slice("lang", "de"));
            assertEquals(2, de.totalsOrZero().outcomes().values().stream().mapToLong(Long::longValue).sum());
            assertNull(de.hypothesisRates());
            assertNull(de.backtest());
            assertNull(de.estimatedClosed());
            assertNull(figures(d, "none", new Slice("lang", "de")));
            // Coverage: de 0 estimated of 2 closed = 0; pooled 2 of 2 = 1.
            String scrape = d.scrape();
            assertEquals(0.0, LiveIntervalsTest.gauge(scrape, "segmon_estimated_utterances_ratio", "lang=\"de\",model=\"m\",slice=\"lang\",tier=\"word\""));
            assertEquals(1.0, LiveIntervalsTest.gauge(scrape, "segmon_estimated_utterances_ratio", "model=\"m\",tier=\"word\""));
            // Pooled, as without slices: 2 estimated closes, the same backtest.
            SeriesFigures pooled = figures(d, "m", Slice.NONE);
            assertEquals(2L, pooled.estimatedClosed());
            assertEquals(1, pooled.backtest().utterances());
            // Nothing the estimate kept per utterance is left behind in none.
            assertEquals(0, count(d.driver.getKeyValueStore(EstimateBook.ENDED.name())));
            // The references' labels go with the references, reference-max-delay after their last chunk.
            assertEquals(2, count(d.driver.getKeyValueStore("segmon-slice-labels")));
            d.driver.advanceWallClockTime(Duration.ofSeconds(70));
            assertEquals(0, count(d.driver.getKeyValueStore("segmon-slice-labels")));
        }
    }

    private static void assertCounts(long hits, long ref, long hyp, long utterances, Totals t) {
        assertEquals(hits, t.counts().hits(), "hits");
        assertEquals(ref, t.counts().reference(), "n_ref");
        assertEquals(hyp, t.counts().hypothesis(), "n_hyp");
        assertEquals(utterances, t.outcomes().values().stream().mapToLong(Long::longValue).sum(), "utterances");
    }

    private static SeriesFigures figures(SegmonDriver d, String model, Slice slice) {
        KeyValueStore<ModelTier, SeriesFigures> store = d.driver.getKeyValueStore(
                (slice.isNone() ? SeriesAggregates.SERIES : SeriesAggregates.SLICE_SERIES).name());
        return store.get(new ModelTier(model, "word", slice));
    }

    /** Pairs booked for a - b in {@code slice}. */
    private static long pairs(SegmonDriver d, Slice slice) {
        SeriesFigures f = figures(d, "a", slice);
        return f == null || f.paired().get("b") == null ? 0 : f.paired().get("b").utterances();
    }

    private static long count(KeyValueStore<?, ?> store) {
        long n = 0;
        try (var it = store.all()) {
            while (it.hasNext()) {
                it.next();
                n++;
            }
        }
        return n;
    }
}
