package dev.segmon.app.topology;

import dev.segmon.app.wire.Outcome;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.state.Totals;
import dev.segmon.app.web.MinuteTotals;
import dev.segmon.app.web.StateWindows;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.boundary.BoundaryScorer;
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
            runTrial(rnd, tolerance, disorder, trial, 10);
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
            runTrial(rnd, 0.02, 0.01, trial, 3_000);
        }
    }

    /** One random corpus, its records {@code stepMs} of record time apart. */
    private void runTrial(Random rnd, double tolerance, double disorder, int trial, long stepMs) throws Exception {
        RandomBoundaryCorpus.Corpus corpus = RandomBoundaryCorpus.generate(rnd, trial, MODELS, tolerance, disorder);
        Map<String, BoundaryCounts> expected = corpus.expected();
        int utterances = corpus.utterances();
        long referenced = corpus.referencedCount();
        try (SegmonDriver d = new SegmonDriver(MonitorConfig.builder().tolerance(tolerance).maxDisorder(disorder)
                .referenceMaxDelay(Duration.ofHours(1)).expiryInterval(Duration.ofMinutes(1)))) {
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
            for (String model : MODELS) {
                Totals t = d.totals(model, "word");
                assertEquals(expected.get(model), t.counts(), "trial " + trial + " model " + model
                        + " tolerance " + tolerance + " disorder " + disorder);
                assertEquals(0, t.open());
                assertEquals(referenced, t.outcomes().getOrDefault(Outcome.SCORED, 0L));
                assertEquals((long) (utterances - referenced), t.outcomes().getOrDefault(Outcome.UNREFERENCED, 0L));
                List<MinuteTotals> minutes = new StateWindows(d.state, d.intervals, d.words).local(model, "word", 0, Long.MAX_VALUE);
                assertEquals(expected.get(model), minutes.stream().map(MinuteTotals::counts).reduce(BoundaryCounts.ZERO, BoundaryCounts::plus),
                        "trial " + trial + " model " + model + ": the minutes of " + minutes);
                // Every utterance is closed in some minute: the minutes count them all.
                assertEquals((long) utterances, minutes.stream().mapToLong(MinuteTotals::utterances).sum());
                // The minutes' moment sums, read from the moment minute store, add up to the cumulative moment store.
                assertEquals(d.intervals.moments().get(new dev.segmon.app.state.Keys.ModelTier(model, "word")),
                        minutes.stream().map(MinuteTotals::moments).reduce(dev.segmon.model.interval.UtteranceMoments.ZERO,
                                dev.segmon.model.interval.UtteranceMoments::plus), "trial " + trial + " model " + model);
            }
        }
    }
}
