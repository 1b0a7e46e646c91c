package dev.segmon.app.topology;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.app.config.MonitorConfig;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The early estimate of docs/contract.md 3.2 on random corpora whose hypotheses end with a
 * duration (or none, or one that must be refused), in random interleavings of the two sides,
 * through the topology. Once every utterance is decided, what the scrape exports equals 3.2's
 * formula computed from the generated data alone ({@link EstimateCorpus}); {@code
 * RestartsEqualOfflineTest} checks the same through restarts.
 */
class EstimateEqualsFormulaTest {
    /** The driver's clock for the 5m window: START + 60 s; its five minutes start 3 minutes before START. */
    private static final long WINDOW_FROM_MS = -3 * 60_000L;

    @Test
    void estimateRhoAndBacktestEqualTheFormulaForRandomCorporaAndInterleavings() throws Exception {
        Random rnd = new Random(14_2026);
        EstimateCorpus.Compared compared = EstimateCorpus.Compared.NONE;
        for (int trial = 0; trial < 25; trial++) {
            compared = compared.plus(runTrial(rnd, trial));
        }
        // not vacuous: the trials had estimates with intervals and backtests to compare
        assertTrue(compared.intervals() > 20 && compared.backtests() > 20, compared.toString());
    }

    static MonitorConfig.Builder config() {
        return MonitorConfig.builder().tolerance(0.02).maxDisorder(0.05)
                .referenceMaxDelay(Duration.ofHours(1)).expiryInterval(Duration.ofMinutes(1));
    }

    private static EstimateCorpus.Compared runTrial(Random rnd, int trial) throws Exception {
        EstimateCorpus corpus = EstimateCorpus.generate(rnd, trial);
        try (SegmonDriver d = new SegmonDriver(config())) {
            long stepMs = 1_000 + rnd.nextInt(6_000);
            long first = -8 * 60_000L + stepMs;
            List<Interleaving.Step> steps = Interleaving.merge(rnd, corpus.streams);
            corpus.sentAt(steps, first, stepMs);
            long ts = first;
            for (Interleaving.Step step : steps) {
                String[] msg = step.message();
                if (msg[0].equals("ref")) {
                    d.ref(msg[1], msg[2], ts);
                } else {
                    d.hyp(msg[1], msg[2], ts);
                }
                ts += stepMs;
            }
            // Unreferenced hypotheses close after reference-max-delay of wall clock.
            d.driver.advanceWallClockTime(Duration.ofMinutes(61));
            d.driver.advanceWallClockTime(Duration.ofMinutes(1));
            return corpus.check(d.scrape(), d.scoreValues(), WINDOW_FROM_MS, "trial " + trial);
        }
    }
}
