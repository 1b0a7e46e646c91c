package dev.segmon.app.topology;

import dev.segmon.app.wire.Outcome;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.state.Totals;
import dev.segmon.app.web.MinuteTotals;
import dev.segmon.app.web.StateWindows;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.boundary.BoundaryScorer;
import dev.segmon.model.boundary.CorpusBoundaryResult;
import dev.segmon.model.boundary.Unreferenced;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The contract of docs/contract.md 3.1: whatever the interleaving of the two sides (within the
 * disorder bound), duplicates and references arriving after the hypotheses, once everything is
 * ended/final (and unreferenced hypotheses have expired), the totals read from the stores equal
 * {@link BoundaryScorer} (what {@code eval boundaries} runs) on the same data. The expected
 * numbers come from the offline scorer, a separate code path (Matching.ONE_TO_ONE on whole
 * utterances), never from the streaming code.
 */
class StreamingEqualsOfflineTest {
    private static final String[] MODELS = {"asr-a", "asr-b"};

    @Test
    void totalsEqualOfflineScoringForRandomCorporaAndInterleavings() throws Exception {
        Random rnd = new Random(7_2026);
        for (int trial = 0; trial < 30; trial++) {
            double tolerance = new double[] {0.0, 0.02, 0.05}[rnd.nextInt(3)];
            double disorder = new double[] {0.0, 0.01, 0.03, 0.1, 1.0}[rnd.nextInt(5)];
            Unreferenced choice = trial % 2 == 0 ? Unreferenced.SKIP : Unreferenced.SCORE_EMPTY;
            runTrial(RandomBoundaryCorpus.generate(rnd, trial, MODELS, tolerance, disorder), rnd, choice, trial, 10);
        }
    }

    /**
     * A deployment where references come for a sample: 400 utterances, each referenced with
     * probability 5 %, hypotheses close to the reference ({@link RandomBoundaryCorpus#nearTimes}). After the hold, each model's totals equal {@code eval boundaries} on the
     * same corpus: with {@code skip} (the default) the referenced utterances alone, with
     * {@code score-empty} every utterance, the unreferenced ones against an empty reference; so do
     * the ratio gauges, cumulative and 5m.
     */
    @Test
    void aFivePercentReferencedSampleTotalsWhatEvalBoundariesGivesUnderEitherSetting() throws Exception {
        for (Unreferenced choice : Unreferenced.values()) {
            Random rnd = new Random(5_2026);
            runTrial(sampled(rnd), rnd, choice, 0, 10, 0, true);
        }
    }

    /** 400 utterances, each referenced with probability 5 %, hypotheses close to the reference; records 10 ms apart span under a minute. */
    private static RandomBoundaryCorpus.Corpus sampled(Random rnd) {
        return RandomBoundaryCorpus.generate(rnd, 0, MODELS, 0.02, 0.01, 400, () -> rnd.nextInt(100) < 5,
                segments -> RandomBoundaryCorpus.nearTimes(rnd, segments));
    }

    /**
     * The same sampled deployment with declarations on the hypothesis ends: the referenced
     * utterances declare {@code "expected"}, two in a hundred of the others too (their reference
     * never comes: {@code reference_missing}), the rest {@code "none"} (closed at their end). Each
     * model's totals, minutes and ratio gauges (cumulative and 5m) equal {@code eval boundaries} on
     * the same corpus under either setting: the referenced utterances alone, or every utterance.
     * Its records, 10 ms apart, span under a minute: the 5m window holds them all.
     */
    @Test
    void aDeclaredFivePercentSampleTotalsWhatEvalBoundariesGivesUnderEitherSetting() throws Exception {
        for (Unreferenced choice : Unreferenced.values()) {
            Random rnd = new Random(5_2026);
            RandomBoundaryCorpus.Corpus sampled = sampled(rnd);
            Random pick = new Random(33);
            boolean[] expectedButMissing = new boolean[sampled.utterances()];
            for (int u = 0; u < expectedButMissing.length; u++) {
                expectedButMissing[u] = !sampled.referenced().get(u) && pick.nextInt(100) < 2;
            }
            long missing = java.util.stream.IntStream.range(0, expectedButMissing.length).filter(u -> expectedButMissing[u]).count();
            assertTrue(missing > 0, "the corpus has some expected references that never come");
            RandomBoundaryCorpus.Corpus corpus = RandomBoundaryCorpus.declared(sampled,
                    u -> sampled.referenced().get(u) || expectedButMissing[u] ? "expected" : "none");
            runTrial(corpus, rnd, choice, 0, 10, missing, true);
        }
    }

    /**
     * The per-minute counts /api/v1/windows serves, summed over the run, equal the offline totals
     * too: records a few seconds apart, so that a run spans several minutes of record time.
     */
    @Test
    void minuteWindowsSumToTheOfflineTotals() throws Exception {
        Random rnd = new Random(12);
        for (int trial = 0; trial < 10; trial++) {
            runTrial(RandomBoundaryCorpus.generate(rnd, trial, MODELS, 0.02, 0.01), rnd, Unreferenced.SKIP, trial, 3_000);
        }
    }

    /**
     * One corpus in a random interleaving, its records {@code stepMs} of record time apart, run
     * with {@code --unreferenced choice}; the expected totals are {@code eval boundaries}' with the
     * same choice.
     */
    private void runTrial(RandomBoundaryCorpus.Corpus corpus, Random rnd, Unreferenced choice, int trial, long stepMs) throws Exception {
        runTrial(corpus, rnd, choice, trial, stepMs, 0, false);
    }

    /**
     * As above, {@code missing} of the unreferenced utterances declared {@code "expected"}; with
     * {@code gauges}, each ratio gauge, cumulative and 5m (a run shorter than a minute), equals the
     * offline scores' too.
     */
    private void runTrial(RandomBoundaryCorpus.Corpus corpus, Random rnd, Unreferenced choice, int trial, long stepMs, long missing,
                          boolean gauges) throws Exception {
        double tolerance = corpus.tolerance();
        double disorder = corpus.disorder();
        Map<String, CorpusBoundaryResult> offline = corpus.offline(choice);
        int utterances = corpus.utterances();
        long referenced = corpus.referencedCount();
        // Only the utterances scored count in the minutes: all of them, or the referenced ones.
        long scored = choice == Unreferenced.SCORE_EMPTY ? utterances : referenced;
        MonitorConfig.Builder config = MonitorConfig.builder().tolerance(tolerance).maxDisorder(disorder)
                .referenceMaxDelay(Duration.ofHours(1)).expiryInterval(Duration.ofMinutes(1));
        if (choice == Unreferenced.SCORE_EMPTY) {
            config.unreferenced(choice); // skip is the default
        }
        try (SegmonDriver d = new SegmonDriver(config)) {
            long ts = 0;
            for (Interleaving.Step step : Interleaving.merge(rnd, corpus.streams())) {
                String[] msg = step.message();
                ts += stepMs;
                if (msg[0].equals("ref")) {
                    d.ref(msg[1], msg[2], ts);
                } else {
                    d.hyp(msg[1], msg[2], ts);
                }
            }
            // Unreferenced hypotheses close after reference-max-delay of wall clock.
            d.driver.advanceWallClockTime(Duration.ofMinutes(61));
            d.driver.advanceWallClockTime(Duration.ofMinutes(1));
            // A pass acts on 256 states at a time, one slice per 50 ms write tick (ExpirySlicesTest).
            for (int tick = 0; tick < 10; tick++) {
                d.driver.advanceWallClockTime(Duration.ofMillis(50));
            }
            for (String model : MODELS) {
                BoundaryCounts expected = offline.get(model).counts();
                if (choice == Unreferenced.SCORE_EMPTY) {
                    assertEquals(corpus.expected().get(model), expected, "score-empty is what every utterance scored alone adds up to");
                }
                Totals t = d.totals(model, "word");
                assertEquals(expected, t.counts(), "trial " + trial + " model " + model
                        + " tolerance " + tolerance + " disorder " + disorder + " " + choice);
                assertEquals(0, t.open());
                assertEquals(referenced, t.outcomes().getOrDefault(Outcome.SCORED, 0L));
                assertEquals(utterances - referenced - missing, t.outcomes().getOrDefault(Outcome.UNREFERENCED, 0L));
                assertEquals(missing, t.outcomes().getOrDefault(Outcome.REFERENCE_MISSING, 0L));
                if (gauges) {
                    assertGaugesEqual(offline.get(model).scores(), d.scrape(), model);
                }
                // The share with a reference, from the corpus: referenced / utterances.
                assertEquals(referenced / (double) utterances, LiveIntervalsTest.gauge(d.scrape(), "segmon_referenced_utterances_ratio",
                        "model=\"" + model + "\",tier=\"word\""), 1e-12);
                List<MinuteTotals> minutes = new StateWindows(d.state, d.intervals, d.words).local(model, "word", 0, Long.MAX_VALUE);
                assertEquals(expected, minutes.stream().map(MinuteTotals::counts).reduce(BoundaryCounts.ZERO, BoundaryCounts::plus),
                        "trial " + trial + " model " + model + ": the minutes of " + minutes);
                // Every scored utterance is closed in some minute: the minutes count them all.
                assertEquals(scored, minutes.stream().mapToLong(MinuteTotals::utterances).sum());
                // The minutes' moment sums, read from the moment minute store, add up to the cumulative moment store.
                assertEquals(d.intervals.moments().getOrDefault(new dev.segmon.app.state.Keys.ModelTier(model, "word"),
                                dev.segmon.model.interval.UtteranceMoments.ZERO),
                        minutes.stream().map(MinuteTotals::moments).reduce(dev.segmon.model.interval.UtteranceMoments.ZERO,
                                dev.segmon.model.interval.UtteranceMoments::plus), "trial " + trial + " model " + model);
            }
        }
    }

    /** Each ratio gauge of {@code model}, cumulative and 5m, against the offline scores (null: no sample). */
    private static void assertGaugesEqual(dev.segmon.model.boundary.BoundaryScores offline, String scrape, String model) {
        Map<String, Double> expected = new java.util.LinkedHashMap<>();
        expected.put("segmon_boundary_precision_ratio", offline.precision());
        expected.put("segmon_boundary_recall_ratio", offline.recall());
        expected.put("segmon_boundary_f1_ratio", offline.f1());
        expected.put("segmon_boundary_hit_rate_ratio", offline.hitRate());
        expected.put("segmon_boundary_over_segmentation_ratio", offline.overSegmentation());
        expected.put("segmon_boundary_r_value", offline.rValue());
        for (String window : List.of("cumulative", "5m")) {
            expected.forEach((name, value) -> assertEquals(value, LiveIntervalsTest.gauge(scrape, name,
                    "model=\"" + model + "\",tier=\"word\",window=\"" + window + "\""), name + " " + window + " " + model));
        }
    }
}
