package dev.segmon.app.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.app.cli.CliRun;
import dev.segmon.model.boundary.BoundaryCounts;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fault 3 (docs/faults.md): two {@code segmon run} processes share a 4-partition topic; one is
 * killed with SIGKILL mid-stream. The other takes its partitions over (restoring their stores from
 * the changelogs) and the sum of both instances' scraped counters (the dead one contributes
 * nothing) ends equal to {@code eval boundaries}.
 */
class InstanceKillFaultTest {
    @TempDir
    Path tmp;

    @Test
    void survivorTakesOverAndTheSumOverInstancesStaysExact() throws Exception {
        long events = Long.getLong("segmon.faults.pair-events", 20_000);
        String bootstrap = SegmonProcess.sharedBroker().bootstrapServers();
        String app = "pair-kill";
        MonitorIntegrationTest.createTopics(bootstrap, app, 4);
        FaultCorpus corpus = FaultCorpus.write(tmp.resolve("corpus"), "p", events, 11);
        FaultCorpus.Offline offline = corpus.offline();
        Map<String, BoundaryCounts> expected = Map.of("m", offline.counts());
        try (SegmonProcess one = SegmonProcess.monitor(tmp.resolve("one.log"), bootstrap, app, tmp.resolve("one"));
             SegmonProcess two = SegmonProcess.monitor(tmp.resolve("two.log"), bootstrap, app, tmp.resolve("two"))) {
            int onePort = one.metricsPort();
            int twoPort = two.metricsPort();
            Scrapes.awaitReady(onePort);
            Scrapes.awaitReady(twoPort);
            // Paced over about 10 s so that the kill falls in the middle of the stream.
            CompletableFuture<CliRun> replay = CompletableFuture.supplyAsync(
                    () -> corpus.replay(bootstrap, app, "m", "--rate", Long.toString(events / 10)));
            // Kill `two` once it has counted some of its own and both together a quarter of the corpus.
            long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
            BoundaryCounts twoBefore = BoundaryCounts.ZERO;
            long quarter = expected.get("m").hypothesis() / 4;
            while ((twoBefore.hypothesis() == 0 || twoBefore.plus(Scrapes.counts(onePort)).hypothesis() < quarter)
                    && System.nanoTime() < deadline) {
                Thread.sleep(100);
                twoBefore = Scrapes.counts(twoPort);
            }
            Thread.sleep(new Random(11).nextInt(2_000));
            twoBefore = Scrapes.counts(twoPort);
            two.kill();
            assertTrue(twoBefore.hypothesis() > 0, "the killed instance had counted boundaries of its own");
            CliRun sent = replay.get();
            assertEquals(0, sent.exit(), sent.err());
            long killed = System.nanoTime();
            Map<String, BoundaryCounts> sum = MonitorIntegrationTest.awaitTotals(Duration.ofMinutes(3), expected, onePort, twoPort);
            System.out.printf("killed instance had %d of %d hypothesis boundaries; survivor exact after %d ms: %s%n",
                    twoBefore.hypothesis(), expected.get("m").hypothesis(), (System.nanoTime() - killed) / 1_000_000, sum);
            assertEquals(expected, sum, "sum over both instances (the killed one exports nothing)");
            assertEquals(expected, MonitorIntegrationTest.totals(List.of(MonitorIntegrationTest.scrape(onePort))), "all of it on the survivor");
            String text = MonitorIntegrationTest.scrape(onePort);
            assertEquals(offline.utterances(), Scrapes.sum(text, "segmon_utterances_total", "outcome", "scored"), "every utterance scored once");
            assertEquals(0, Scrapes.sum(text, "segmon_dead_letters_total", null, null), "no record processed twice (it would be refused)");
            assertEquals(200, MonitorIntegrationTest.status(onePort, "/ready"));
        }
    }
}
