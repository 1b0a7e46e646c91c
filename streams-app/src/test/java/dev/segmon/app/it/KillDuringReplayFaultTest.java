package dev.segmon.app.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.app.cli.CliRun;
import dev.segmon.model.boundary.BoundaryCounts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fault 1 (docs/faults.md): {@code segmon run} in a child JVM is killed with SIGKILL at random
 * moments while {@code segmon replay} sends a seeded corpus, and restarted on the same state
 * directory each time; once everything is processed the scraped counters equal {@code segmon eval
 * boundaries} on the same files, exactly, and stay there.
 *
 * <p>Sizes come from system properties so that the default build runs a small case and
 * {@code mvn -B verify -Pfaults} the full one: {@code segmon.faults.events} (replay messages,
 * default 100 000), {@code segmon.faults.kills} (default 3), {@code segmon.faults.seed}.
 */
class KillDuringReplayFaultTest {
    @TempDir
    Path tmp;

    @Test
    void totalsEqualEvalBoundariesAfterEveryKillNineAndRestart() throws Exception {
        long events = Long.getLong("segmon.faults.events", 100_000);
        int kills = Integer.getInteger("segmon.faults.kills", 3);
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
        // Paced so that the replay lasts through the kills (about 4 s of processing each).
        long rate = Long.getLong("segmon.faults.rate", Math.max(1_000, events / (kills * 4L)));
        CompletableFuture<CliRun> replay = CompletableFuture.supplyAsync(
                () -> corpus.replay(bootstrap, app, "m", "--shuffle-within", "0.5", "--rate", Long.toString(rate)));
        Random rnd = new Random(seed);
        List<String> log = new ArrayList<>();
        for (int k = 1; k <= kills; k++) {
            try (SegmonProcess child = SegmonProcess.monitor(tmp.resolve("monitor.log"), bootstrap, app, state)) {
                // A random moment of processing: 0.2 to 6 s after the monitor is RUNNING again
                // (restoring its stores and rejoining come before that).
                long readyMs = Scrapes.awaitReady(child.metricsPort());
                long waitMs = 200 + rnd.nextInt(5_800);
                Thread.sleep(waitMs);
                BoundaryCounts before = Scrapes.counts(child.metricsPort());
                child.kill();
                log.add(String.format("kill %d: ready after %d ms, killed %d ms later, %d of %d hypothesis boundaries counted, replay %s",
                        k, readyMs, waitMs, before.hypothesis(), offline.counts().hypothesis(), replay.isDone() ? "done" : "running"));
            }
        }
        try (SegmonProcess last = SegmonProcess.monitor(tmp.resolve("monitor.log"), bootstrap, app, state)) {
            CliRun sent = replay.get();
            assertEquals(0, sent.exit(), sent.err());
            Map<String, BoundaryCounts> seen = MonitorIntegrationTest.awaitTotals(Duration.ofMinutes(15), expected, last.metricsPort());
            long seconds = (System.nanoTime() - started) / 1_000_000_000L;
            log.forEach(System.out::println);
            System.out.printf("%d kills; replay at %d/s %s; exact totals %s after %d s%n", kills, rate, sent.out().strip(), seen, seconds);
            assertEquals(expected, seen, "totals after " + kills + " kills:\n" + String.join("\n", log));
            Thread.sleep(2_000); // and they stay there: nothing is counted twice later
            String text = MonitorIntegrationTest.scrape(last.metricsPort());
            assertEquals(expected, MonitorIntegrationTest.totals(List.of(text)));
            assertEquals(offline.utterances(), Scrapes.sum(text, "segmon_utterances_total", "outcome", "scored"),
                    "every utterance scored once");
        }
    }
}
