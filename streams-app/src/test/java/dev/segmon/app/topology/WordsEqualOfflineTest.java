package dev.segmon.app.topology;

import dev.segmon.app.state.WordCounts.Unscored;
import dev.segmon.model.boundary.Unreferenced;
import dev.segmon.app.config.MonitorConfig;
import dev.segmon.model.edit.EditScorer;
import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * docs/contract.md 3.1 and 3.2: whatever the chunking and interleaving of words and reference
 * labels (within the disorder bound), re-sent messages included, once every utterance is
 * decided the word totals in the stores equal {@link EditScorer#wer} at unit costs and
 * {@link EditScorer#ned} (what {@code eval wer} and {@code eval ned} run) over the same
 * transcripts, written here as Kaldi-text transcripts independently of the streaming code: the
 * reference's labels in time order without {@code sil}, {@code sp} and empty labels, the
 * hypothesis words by start time. Utterances whose hypothesis came as bare times, or whose
 * reference has no label, are counted as unscored and left out of both.
 */
class WordsEqualOfflineTest {
    private static final String[] MODELS = {"asr-a", "asr-b"};

    @Test
    void wordTotalsEqualEvalWerAndNedForRandomTranscriptsAndInterleavings() throws Exception {
        Random rnd = new Random(13_2026);
        for (int trial = 0; trial < 30; trial++) {
            double disorder = new double[] {0.0, 0.01, 0.1, 1.0}[rnd.nextInt(4)];
            runTrial(rnd, disorder, trial);
        }
    }

    /**
     * Hypotheses that never get a reference add nothing to the word errors under either
     * {@code --unreferenced} setting: each is counted unscored as {@code incomplete} (a transcript
     * without reference is never word-scored), the rest equals eval wer / ned as above.
     */
    @Test
    void unreferencedHypothesesAddNoWordErrorsUnderEitherSetting() throws Exception {
        for (Unreferenced choice : Unreferenced.values()) {
            Random rnd = new Random(17_2026);
            for (int trial = 0; trial < 10; trial++) {
                RandomWordCorpus.Corpus corpus = RandomWordCorpus.generate(rnd, trial, MODELS, 0.01);
                int extra = 1 + rnd.nextInt(4);
                for (int u = 0; u < extra; u++) {
                    for (String model : MODELS) {
                        corpus.streams().add(RandomWordCorpus.hypothesisMessages(rnd, "unref-" + trial + "-" + u, model,
                                RandomWordCorpus.randomSegments(rnd, true, false), true, 0.01));
                        corpus.unscored().get(model)[Unscored.INCOMPLETE.ordinal()]++;
                    }
                }
                runTrial(rnd, corpus, 0.01, trial + " " + choice, choice);
            }
        }
    }

    private void runTrial(Random rnd, double disorder, int trial) throws Exception {
        runTrial(rnd, RandomWordCorpus.generate(rnd, trial, MODELS, disorder), disorder, String.valueOf(trial), Unreferenced.SKIP);
    }

    private void runTrial(Random rnd, RandomWordCorpus.Corpus corpus, double disorder, String trial, Unreferenced choice) throws Exception {
        try (SegmonDriver d = new SegmonDriver(MonitorConfig.builder().maxDisorder(disorder).ignoreLabels(java.util.Set.of("sil", "sp"))
                .referenceMaxDelay(Duration.ofHours(1)).expiryInterval(Duration.ofMinutes(1)).unreferenced(choice))) {
            long ts = 0;
            for (Interleaving.Step step : Interleaving.merge(rnd, corpus.streams())) {
                String[] msg = step.message();
                ts += 2_000; // records 2 s of record time apart
                if (msg[0].equals("ref")) {
                    d.ref(msg[1], msg[2], ts);
                } else {
                    d.hyp(msg[1], msg[2], ts);
                }
            }
            // Hypotheses without reference close after reference-max-delay of wall clock.
            d.driver.advanceWallClockTime(Duration.ofMinutes(61));
            d.driver.advanceWallClockTime(Duration.ofMinutes(1));
            corpus.assertEqualsOffline(d.words, "trial " + trial + " disorder " + disorder);
        }
    }
}
