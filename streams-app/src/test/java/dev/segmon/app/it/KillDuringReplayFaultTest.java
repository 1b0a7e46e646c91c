package dev.segmon.app.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.segmon.app.cli.CliRun;
import dev.segmon.model.boundary.BoundaryCounts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.state.DetectorSeries;
import dev.segmon.app.state.Keys.SeriesKey;
import dev.segmon.model.detection.DetectedMeasure;
import dev.segmon.model.detection.DetectorSettings;
import dev.segmon.model.detection.MeasureDetector;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fault 1 (docs/faults.md): {@code segmon run} in a child JVM is killed with SIGKILL at random
 * moments while {@code segmon replay} sends a seeded corpus, and restarted on the same state
 * directory each time; once everything is processed the scraped counters equal {@code segmon eval
 * boundaries} on the same files, exactly, and stay there; and the change detectors equal
 * detectors fed the committed detection topic in order (each scored utterance once).
 *
 * <p>Sizes come from system properties so that the default build runs a small case and
 * {@code mvn -B verify -Pfaults} the full one: {@code segmon.faults.events} (replay messages,
 * default 30 000), {@code segmon.faults.kills} (default 2), {@code segmon.faults.seed}.
 */
class KillDuringReplayFaultTest {
    /** Model detectors that watch after 50 utterances, so that the run's statistics move. */
    private static final String[] DETECTOR_LEARN = {"--detector-learn", "50"};
    /** replay's default tier. */
    private static final String TIER = "word";

    @TempDir
    Path tmp;

    @Test
    void totalsEqualEvalBoundariesAfterEveryKillNineAndRestart() throws Exception {
        long events = Long.getLong("segmon.faults.events", 30_000);
        int kills = Integer.getInteger("segmon.faults.kills", 2);
        long seed = Long.getLong("segmon.faults.seed", 20261122L);
        // A forked `segmon broker`: the monitor children and this JVM are its clients.
        String bootstrap = SegmonProcess.sharedBroker().bootstrapServers();
        String app = "kill" + seed;
        MonitorIntegrationTest.createTopics(bootstrap, app, 2);
        FaultCorpus corpus = FaultCorpus.write(tmp.resolve("corpus"), "k", events, seed);
        FaultCorpus.Offline offline = corpus.offline();
        Map<String, BoundaryCounts> expected = Map.of("m", offline.counts());
        Path state = Files.createDirectories(tmp.resolve("state"));

        long started = System.nanoTime();
        // Paced (segmon.faults.rate messages/s, default 1 000) so that the kills fall during the replay.
        long rate = Long.getLong("segmon.faults.rate", 1_000);
        CompletableFuture<CliRun> replay = CompletableFuture.supplyAsync(
                () -> corpus.replay(bootstrap, app, "m", "--shuffle-within", "0.5", "--rate", Long.toString(rate)));
        Random rnd = new Random(seed);
        // Kill points spread over the whole stream: at random fractions of the corpus counted,
        // each plus a random 0-2 s (so some fall while restoring or rejoining, most mid-processing).
        double[] at = new double[kills];
        for (int k = 0; k < kills; k++) {
            at[k] = 0.02 + 0.93 * rnd.nextDouble();
        }
        java.util.Arrays.sort(at);
        List<String> log = new ArrayList<>();
        long total = offline.counts().hypothesis();
        for (int k = 1; k <= kills; k++) {
            try (SegmonProcess child = SegmonProcess.monitor(tmp.resolve("monitor.log"), bootstrap, app, state, DETECTOR_LEARN)) {
                long readyMs = Scrapes.awaitReady(child.metricsPort());
                long target = (long) (at[k - 1] * total);
                long waitStart = System.nanoTime();
                while (child.isAlive() && Scrapes.counts(child.metricsPort()).hypothesis() < target
                        && System.nanoTime() - waitStart < 3_600_000_000_000L) {
                    Thread.sleep(100);
                }
                long extraMs = rnd.nextInt(2_000);
                Thread.sleep(extraMs);
                BoundaryCounts before = Scrapes.counts(child.metricsPort());
                child.kill();
                log.add(String.format("kill %d: ready after %d ms, killed %d ms after reaching %.0f %%: %d of %d hypothesis boundaries counted, replay %s",
                        k, readyMs, extraMs, 100 * at[k - 1], before.hypothesis(), total, replay.isDone() ? "done" : "running"));
                System.out.println(log.get(log.size() - 1));
            }
        }
        try (SegmonProcess last = SegmonProcess.monitor(tmp.resolve("monitor.log"), bootstrap, app, state, DETECTOR_LEARN)) {
            CliRun sent = replay.get();
            assertEquals(0, sent.exit(), sent.err());
            Map<String, BoundaryCounts> seen = MonitorIntegrationTest.awaitTotals(Duration.ofMinutes(60), expected, last.metricsPort());
            long seconds = (System.nanoTime() - started) / 1_000_000_000L;
            System.out.printf("%d kills; replay at %d/s %s; exact totals %s after %d s%n", kills, rate, sent.out().strip(), seen, seconds);
            assertEquals(expected, seen, "totals after " + kills + " kills:\n" + String.join("\n", log));
            Thread.sleep(2_000); // and they stay there: nothing is counted twice later
            String text = MonitorIntegrationTest.scrape(last.metricsPort());
            assertEquals(expected, MonitorIntegrationTest.totals(List.of(text)));
            assertEquals(offline.utterances(), Scrapes.sum(text, "segmon_utterances_total", "outcome", "scored"),
                    "every utterance scored once");
            // A record processed twice would be refused the second time (duplicate, after_end).
            assertEquals(0, Scrapes.sum(text, "segmon_dead_letters_total", null, null), "no record refused");
            // The change detectors equal detectors fed the committed detection topic in order: each
            // closed utterance seen once, through every kill (docs/detection.md).
            DetectorSettings settings = DetectorSettings.DEFAULTS.withLearnUtterances(50);
            Map<SeriesKey, DetectorSeries> folded = DetectionTopic.fold(bootstrap, app + MonitorConfig.DETECTION_TOPIC_SUFFIX, settings);
            DetectorSeries m = folded.get(new SeriesKey("m", "", TIER));
            assertEquals(offline.utterances(), m.detectors().get(DetectedMeasure.RECALL).utterances(), "every scored utterance fed once");
            assertFalse(m.detectors().get(DetectedMeasure.RECALL).learning(), "the detectors watch: their statistics are compared");
            for (Map.Entry<DetectedMeasure, MeasureDetector> e : m.detectors().entrySet()) {
                String labels = "measure=\"" + e.getKey().key() + "\",model=\"m\",tier=\"" + TIER + "\"";
                MeasureDetector d = e.getValue();
                assertEquals(d.learning() ? 1.0 : 0.0, Scrapes.gauge(text, "segmon_change_learning", labels), labels);
                if (!d.learning()) {
                    assertEquals(d.logStatistic(), Scrapes.gauge(text, "segmon_change_log_statistic", labels), 0, labels);
                    assertEquals(d.estimate(), Scrapes.gauge(text, "segmon_change_shift_ratio", labels), 0, labels);
                }
            }
        }
    }
}
