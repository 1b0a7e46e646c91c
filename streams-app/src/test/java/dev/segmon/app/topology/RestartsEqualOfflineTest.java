package dev.segmon.app.topology;

import dev.segmon.model.boundary.CorpusBoundaryResult;
import dev.segmon.model.boundary.Unreferenced;
import java.util.Map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.app.config.Comparison;
import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.metrics.EstimateMetrics;
import dev.segmon.app.view.EstimateView;
import dev.segmon.app.view.IntervalView;
import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.Keys.PairTier;
import dev.segmon.app.state.MinuteCounts;
import dev.segmon.app.state.Totals;
import dev.segmon.app.view.WordView;
import dev.segmon.app.wire.MinuteWindow;
import dev.segmon.app.wire.Outcome;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.interval.PairedMoments;
import dev.segmon.model.interval.UtteranceMoments;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.SortedMap;
import org.junit.jupiter.api.Test;

/**
 * docs/contract.md 3.1: once every utterance is decided, the totals equal the offline scorer's
 * "whatever the interleaving of the two sides and however often the application was restarted".
 * Random corpora in random interleavings go through a {@link RestartingProcessor}, restarted at
 * random points (at least twice per trial while an utterance is open) and punctuated at random;
 * the stores must then hold what the offline scorers give on the same data:
 * {@code BoundaryScorer} for the boundary totals and minutes, {@code EditScorer} for the word
 * totals, and for the intervals the moments of the offline per-utterance counts (and their
 * intervals as {@code BoundaryIntervals} gives them, and the paired differences by hand, as
 * {@link LiveIntervalsTest} checks them); and for the early estimate of docs/contract.md 3.2, the
 * scrape of its stores equals 3.2's formula computed from the corpus alone ({@link EstimateCorpus}).
 */
class RestartsEqualOfflineTest {
    private static final String A = "asr-a";
    private static final String B = "asr-b";
    private static final String[] MODELS = {A, B};
    /** Per message, the chance of a restart and, apart, of a punctuation. */
    private static final double CHANCE = 0.2;

    @Test
    void boundaryTotalsMinutesAndIntervalsEqualOfflineThroughRestarts() {
        Random rnd = new Random(31_2026);
        int restartsWhileOpen = 0;
        for (int trial = 0; trial < 40; trial++) {
            double tolerance = new double[] {0.0, 0.02, 0.05}[rnd.nextInt(3)];
            double disorder = new double[] {0.0, 0.01, 0.03, 0.1, 1.0}[rnd.nextInt(5)];
            String where = "trial " + trial + " tolerance " + tolerance + " disorder " + disorder;
            RandomBoundaryCorpus.Corpus corpus = RandomBoundaryCorpus.generate(rnd, trial, MODELS, tolerance, disorder);
            // Both settings of --unreferenced: what is booked follows eval boundaries with the same choice.
            Unreferenced choice = trial % 2 == 0 ? Unreferenced.SKIP : Unreferenced.SCORE_EMPTY;
            where += " " + choice;
            RestartingProcessor p = new RestartingProcessor(MonitorConfig.builder().tolerance(tolerance).maxDisorder(disorder)
                    .referenceMaxDelay(Duration.ofHours(1)).expiryInterval(Duration.ofMinutes(1)).compare(new Comparison(A, B))
                    .unreferenced(choice));
            Map<String, CorpusBoundaryResult> offline = corpus.offline(choice);
            long scoredUtterances = choice == Unreferenced.SKIP ? corpus.referencedCount() : corpus.utterances();
            long last = p.play(rnd, corpus.streams(), 1 + rnd.nextInt(20_000), CHANCE);
            p.expireAll(rnd, last);
            assertTrue(p.restartsWhileOpen() >= 2, where + ": " + p.restartsWhileOpen() + " restarts while open");
            restartsWhileOpen += p.restartsWhileOpen();

            SortedMap<ModelTier, SortedMap<Long, MinuteCounts>> minutes = p.state().minutes(0, Long.MAX_VALUE);
            for (String model : MODELS) {
                ModelTier series = new ModelTier(model, "word");
                Totals t = p.state().totals().getOrDefault(series, Totals.ZERO);
                assertEquals(offline.get(model).counts(), t.counts(), where + " model " + model);
                assertEquals(0, t.open(), where + " model " + model);
                assertEquals(corpus.referencedCount(), t.outcomes().getOrDefault(Outcome.SCORED, 0L), where);
                assertEquals(corpus.utterances() - corpus.referencedCount(), t.outcomes().getOrDefault(Outcome.UNREFERENCED, 0L), where);
                List<MinuteCounts> ofModel = List.copyOf(minutes.get(series).values());
                assertEquals(offline.get(model).counts(), ofModel.stream().map(MinuteCounts::counts)
                        .reduce(BoundaryCounts.ZERO, BoundaryCounts::plus), where + " minutes of " + model);
                assertEquals(scoredUtterances, ofModel.stream().mapToLong(MinuteCounts::utterances).sum(), where);
            }
            checkIntervals(corpus, choice, new IntervalView(p.state()), where);
            // Every minute whose counts changed was emitted (the dirty list is rebuilt from the
            // store's flags at init), its last record the stored minute. A minute that only
            // closed utterances with no boundary has nothing to emit (its counts stay zero).
            java.util.Map<String, String> stored = new java.util.TreeMap<>();
            minutes.forEach((series, byMinute) -> byMinute.forEach((start, c) -> {
                if (c.counts().equals(BoundaryCounts.ZERO)) {
                    return;
                }
                MinuteWindow w = new MinuteWindow(series.model(), series.tier(), start, c.counts());
                stored.put(w.key(), w.toJson());
            }));
            assertEquals(stored, p.emittedMinutes, where);
        }
        // 40 trials, at least two each by construction, more at random.
        assertTrue(restartsWhileOpen > 100, restartsWhileOpen + " restarts while open");
    }

    /**
     * Each model's moments, cumulative and summed over its minutes, equal the moments of the
     * offline per-utterance counts of every scored utterance (unreferenced ones only with
     * {@code score-empty}); the pair's,
     * those of the utterances scored for both (the referenced ones); and their intervals equal the
     * offline ones.
     */
    private static void checkIntervals(RandomBoundaryCorpus.Corpus corpus, Unreferenced choice, IntervalView intervals, String where) {
        List<LiveIntervalsTest.Scored> scored = new ArrayList<>();
        PairedMoments pairs = PairedMoments.ZERO;
        Map<String, List<BoundaryCounts>> counted = new java.util.TreeMap<>();
        for (int u = 0; u < corpus.utterances(); u++) {
            if (!corpus.referenced().get(u) && choice == Unreferenced.SKIP) {
                continue;
            }
            for (String model : MODELS) {
                counted.computeIfAbsent(model, m -> new ArrayList<>()).add(corpus.perUtterance().get(model).get(u));
            }
            BoundaryCounts a = corpus.perUtterance().get(A).get(u);
            BoundaryCounts b = corpus.perUtterance().get(B).get(u);
            scored.add(new LiveIntervalsTest.Scored(a, b, corpus.referenced().get(u)));
            if (corpus.referenced().get(u)) {
                pairs = pairs.plus(PairedMoments.of(a, b));
            }
        }
        for (String model : MODELS) {
            ModelTier series = new ModelTier(model, "word");
            UtteranceMoments offline = counted.getOrDefault(model, List.of()).stream().map(UtteranceMoments::of)
                    .reduce(UtteranceMoments.ZERO, UtteranceMoments::plus);
            UtteranceMoments live = intervals.moments().getOrDefault(series, UtteranceMoments.ZERO);
            assertEquals(offline, live, where + " moments of " + model);
            assertEquals(offline, intervals.momentMinutes(0, Long.MAX_VALUE).getOrDefault(series, java.util.Collections.emptySortedMap()).values().stream()
                    .reduce(UtteranceMoments.ZERO, UtteranceMoments::plus), where + " moment minutes of " + model);
            LiveIntervalsTest.checkModel(scored, model.equals(A), live, where + " " + model);
        }
        PairTier pair = new PairTier(A, B, "word");
        PairedMoments live = intervals.paired().getOrDefault(pair, PairedMoments.ZERO);
        assertEquals(pairs, live, where + " paired moments");
        SortedMap<Long, PairedMoments> pairedMinutes = intervals.pairedMinutes(0, Long.MAX_VALUE).get(pair);
        assertEquals(pairs, pairedMinutes == null ? PairedMoments.ZERO
                : pairedMinutes.values().stream().reduce(PairedMoments.ZERO, PairedMoments::plus), where + " paired minutes");
        LiveIntervalsTest.checkPaired(scored, live, where);
    }

    @Test
    void wordTotalsEqualEvalWerAndNedThroughRestarts() {
        Random rnd = new Random(37_2026);
        int restartsWhileOpen = 0;
        for (int trial = 0; trial < 40; trial++) {
            double disorder = new double[] {0.0, 0.01, 0.1, 1.0}[rnd.nextInt(4)];
            RandomWordCorpus.Corpus corpus = RandomWordCorpus.generate(rnd, trial, MODELS, disorder);
            RestartingProcessor p = new RestartingProcessor(MonitorConfig.builder().maxDisorder(disorder)
                    .ignoreLabels(java.util.Set.of("sil", "sp")).referenceMaxDelay(Duration.ofHours(1)).expiryInterval(Duration.ofMinutes(1)));
            long last = p.play(rnd, corpus.streams(), 1 + rnd.nextInt(20_000), CHANCE);
            p.expireAll(rnd, last);
            String where = "trial " + trial + " disorder " + disorder;
            assertTrue(p.restartsWhileOpen() >= 2, where + ": " + p.restartsWhileOpen() + " restarts while open");
            restartsWhileOpen += p.restartsWhileOpen();
            corpus.assertEqualsOffline(new WordView(p.state()), where);
        }
        assertTrue(restartsWhileOpen > 100, restartsWhileOpen + " restarts while open");
    }

    /**
     * The estimate's sums live in stores only ({@code EstimateBook}), but what it books at an end
     * (the hypothesis' boundaries, decided and held) and at a close (rho as it stood) is read from
     * state the restarted processor rebuilds; the backtest depends on the order utterances close,
     * taken from what the processors wrote to the scores sink. The 5m window is scraped at the
     * record time of the last message, so that it holds the ends of its last minutes only.
     */
    @Test
    void estimateRhoAndBacktestEqualTheFormulaThroughRestarts() throws Exception {
        Random rnd = new Random(41_2026);
        int restartsWhileOpen = 0;
        EstimateCorpus.Compared compared = EstimateCorpus.Compared.NONE;
        for (int trial = 0; trial < 40; trial++) {
            String where = "trial " + trial;
            EstimateCorpus corpus = EstimateCorpus.generate(rnd, trial);
            RestartingProcessor p = new RestartingProcessor(EstimateEqualsFormulaTest.config());
            long stepMs = 1_000 + rnd.nextInt(6_000);
            List<Interleaving.Step> steps = Interleaving.merge(rnd, corpus.streams);
            corpus.sentAt(steps, stepMs, stepMs);
            long last = p.play(rnd, corpus.streams, steps, stepMs, CHANCE);
            p.expireAll(rnd, last);
            assertTrue(p.restartsWhileOpen() >= 2, where + ": " + p.restartsWhileOpen() + " restarts while open");
            restartsWhileOpen += p.restartsWhileOpen();

            // The 5m window: the current minute and the four before it (docs/contract.md C).
            long windowFrom = Math.floorDiv(last, 60_000L) * 60_000L - 4 * 60_000L;
            PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
            registry.getPrometheusRegistry().register(new EstimateMetrics(new EstimateView(p.state()), () -> last));
            compared = compared.plus(corpus.check(registry.scrape(), p.scores, windowFrom, where));
        }
        assertTrue(restartsWhileOpen > 100, restartsWhileOpen + " restarts while open");
        // not vacuous: the trials had estimates with intervals and backtests to compare
        assertTrue(compared.intervals() > 30 && compared.backtests() > 30, compared.toString());
    }
}
