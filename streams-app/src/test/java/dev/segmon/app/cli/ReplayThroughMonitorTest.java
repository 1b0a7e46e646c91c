package dev.segmon.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.app.Monitor;
import dev.segmon.app.broker.EmbeddedBroker;
import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.it.MonitorTotals;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.boundary.BoundaryScorer;
import dev.segmon.model.io.ReadOptions;
import dev.segmon.model.io.UtteranceReader;
import dev.segmon.model.io.UtteranceReaders;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/contract.md 3.1's promise end to end: a corpus sent by {@code segmon replay} (boundaries
 * shuffled within the max-disorder bound) into a real broker and scored by the real monitor
 * ends with the totals that the offline scorer ({@code eval boundaries}) gives on the same files.
 */
class ReplayThroughMonitorTest {
    // Real data shipped in examples/ (licence in examples/mandarin/LICENSE.md): gold words of two
    // Mandarin files and a term-discovery system's fragments on them.
    static final Path GOLD = Path.of("..", "examples", "mandarin", "gold.wrd");
    static final Path FRAGMENTS = Path.of("..", "examples", "mandarin", "kamper.ali");

    @Test
    void shuffledReplayScoredLiveEqualsOfflineTotals(@TempDir Path state) throws Exception {
        BoundaryCounts offline;
        try (UtteranceReader ref = UtteranceReaders.open(GOLD, ReadOptions.DEFAULT);
             UtteranceReader hyp = UtteranceReaders.open(FRAGMENTS, ReadOptions.DEFAULT)) {
            offline = BoundaryScorer.builder().tolerance(0.02).build().score(ref, hyp).counts();
        }
        try (EmbeddedBroker broker = EmbeddedBroker.builder().start();
             Monitor monitor = Monitor.start(MonitorConfig.builder().bootstrapServers(broker.bootstrapServers())
                     .applicationId("replay-through-monitor").metricsPort(0).stateDir(state).build())) {
            assertEquals(true, monitor.awaitRunning(Duration.ofMinutes(1)));
            int rc = SegmonCommand.execute("replay", "--bootstrap-servers", broker.bootstrapServers(),
                    "--ref", GOLD.toString(), "--hyp", FRAGMENTS.toString(), "--model", "kamper",
                    "--shuffle-within", "1.0", "--seed", "3");
            assertEquals(0, rc);

            // Both utterances (A33, A36) closed as scored, then compare the decided totals.
            MonitorTotals.assertEqualOffline(monitor, "kamper", 2, offline);
        }
    }

    /**
     * A reference for one of the two utterances (A33's gold lines only) and {@code --declare auto}:
     * A33 declared expected and scored, A36 declared none and closed unreferenced at its end (no
     * wait for the 24 h hold). The live totals equal {@code eval boundaries} on the same files,
     * which leaves out the hypothesis-only A36 (default skip): A33's counts alone.
     */
    @Test
    void declaredReplayOfASampleScoredLiveEqualsOfflineTotals(@TempDir Path state) throws Exception {
        Path sample = java.nio.file.Files.createTempFile("gold-a33", ".wrd");
        try {
            java.nio.file.Files.write(sample, java.nio.file.Files.readAllLines(GOLD).stream().filter(l -> l.startsWith("A33 ")).toList());
            BoundaryCounts offline;
            try (UtteranceReader ref = UtteranceReaders.open(sample, ReadOptions.DEFAULT);
                 UtteranceReader hyp = UtteranceReaders.open(FRAGMENTS, ReadOptions.DEFAULT)) {
                offline = BoundaryScorer.builder().tolerance(0.02).build().score(ref, hyp).counts();
            }
            try (EmbeddedBroker broker = EmbeddedBroker.builder().start();
                 Monitor monitor = Monitor.start(MonitorConfig.builder().bootstrapServers(broker.bootstrapServers())
                         .applicationId("declared-replay-through-monitor").metricsPort(0).stateDir(state).build())) {
                assertEquals(true, monitor.awaitRunning(Duration.ofMinutes(1)));
                assertEquals(0, SegmonCommand.execute("replay", "--bootstrap-servers", broker.bootstrapServers(),
                        "--ref", sample.toString(), "--hyp", FRAGMENTS.toString(), "--model", "kamper", "--declare", "auto"));
                // Both closed (A33 scored, A36 unreferenced at its end), the totals A33's alone.
                MonitorTotals.assertEqualOffline(monitor, "kamper", 2, offline);
                org.junit.jupiter.api.Assertions.assertTrue(monitor.scrape().contains(
                        "segmon_utterances_total{model=\"kamper\",outcome=\"unreferenced\",tier=\"word\"} 1.0"), monitor.scrape());
            }
        } finally {
            java.nio.file.Files.deleteIfExists(sample);
        }
    }
}
