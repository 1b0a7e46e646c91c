package dev.segmon.app.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.app.Monitor;
import dev.segmon.app.cli.CliRun;
import dev.segmon.model.boundary.BoundaryCounts;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.streams.KafkaStreams;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fault 2 (docs/faults.md): the broker (a forked {@code segmon broker} with a kept data directory)
 * is stopped for 20 s in the middle of a replay and started again on the same port. The replay's
 * producer and the monitor ride it out by themselves: no record lost, none counted twice (totals
 * equal {@code eval boundaries}, every utterance scored once, no dead letter), {@code /ready} 200.
 */
class BrokerRestartFaultTest {
    @TempDir
    Path tmp;

    @Test
    void monitorRecoversByItselfWhenTheBrokerIsDownFor20sMidStream() throws Exception {
        long events = Long.getLong("segmon.faults.outage-events", 20_000);
        long downMs = Long.getLong("segmon.faults.outage-ms", 20_000);
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        List<String> brokerArgs = List.of("broker", "--port", Integer.toString(port), "--data-dir", tmp.resolve("broker").toString());
        SegmonProcess broker = SegmonProcess.start(tmp.resolve("broker.log"), brokerArgs);
        String bootstrap = broker.bootstrapServers();
        assertEquals("127.0.0.1:" + port, bootstrap);
        String app = "outage";
        MonitorIntegrationTest.createTopics(bootstrap, app, 2);
        FaultCorpus corpus = FaultCorpus.write(tmp.resolve("corpus"), "o", events, 5);
        FaultCorpus.Offline offline = corpus.offline();
        Map<String, BoundaryCounts> expected = Map.of("m", offline.counts());
        var config = MonitorIntegrationTest.config(bootstrap, app, tmp.resolve("state")).build();
        try (Monitor monitor = Monitor.start(config)) {
            assertTrue(monitor.awaitRunning(Duration.ofSeconds(60)));
            int metrics = monitor.metricsPort();
            // Paced over about 20 s: records are sent before the outage, during it (buffered and
            // retried by the idempotent producer) and after it. The producer may block on metadata
            // for the whole outage plus the broker's restart, which on a loaded machine exceeded
            // the default max.block.ms of 60 s; this is the test's sender, not the monitor.
            CompletableFuture<CliRun> replay = CompletableFuture.supplyAsync(
                    () -> corpus.replay(bootstrap, app, "m", "--rate", Long.toString(events / 20),
                            "--producer-property", "max.block.ms=300000",
                            "--producer-property", "delivery.timeout.ms=300000"));
            // Stop the broker once the monitor is visibly scoring (mid-stream on both sides).
            BoundaryCounts before = BoundaryCounts.ZERO;
            for (long t = System.nanoTime(); before.hypothesis() == 0 && System.nanoTime() - t < 60_000_000_000L; ) {
                Thread.sleep(200);
                before = Scrapes.counts(metrics);
            }
            assertTrue(before.hypothesis() > 0, "the monitor was scoring before the outage");
            assertTrue(!replay.isDone(), "the replay was still sending when the broker stopped");
            // SIGTERM (a clean broker shutdown) by default; SIGKILL with -Dsegmon.faults.broker-kill=true.
            boolean hard = Boolean.getBoolean("segmon.faults.broker-kill");
            if (hard) {
                broker.kill();
            } else {
                broker.stop();
            }
            long down = System.nanoTime();
            Map<String, Integer> readyWhileDown = new TreeMap<>();
            while (System.nanoTime() - down < downMs * 1_000_000) {
                readyWhileDown.merge(Integer.toString(MonitorIntegrationTest.status(metrics, "/ready")), 1, Integer::sum);
                Thread.sleep(1_000);
            }
            BoundaryCounts during = Scrapes.counts(metrics);
            broker = SegmonProcess.start(tmp.resolve("broker.log"), brokerArgs);
            try {
                assertEquals(bootstrap, broker.bootstrapServers(), "same port after the restart");
                long restarted = System.nanoTime();
                CliRun sent = replay.get();
                assertEquals(0, sent.exit(), sent.err());
                Map<String, BoundaryCounts> seen = MonitorIntegrationTest.awaitTotals(Duration.ofMinutes(5), expected, metrics);
                long exactMs = (System.nanoTime() - restarted) / 1_000_000;
                long readyMs = Scrapes.awaitReady(metrics);
                System.out.printf("broker %s, down %d ms; counted before %d, while down %d (of %d hypothesis boundaries); "
                        + "/ready while down %s; exact %d ms after the restart: %s%n", hard ? "killed" : "stopped", downMs, before.hypothesis(), during.hypothesis(),
                        offline.counts().hypothesis(), readyWhileDown, exactMs, seen);
                assertEquals(expected, seen, "nothing lost, nothing counted twice");
                Thread.sleep(2_000);
                String text = MonitorIntegrationTest.scrape(metrics);
                assertEquals(expected, MonitorIntegrationTest.totals(List.of(text)), "and it stays exact");
                assertEquals(offline.utterances(), Scrapes.sum(text, "segmon_utterances_total", "outcome", "scored"));
                assertEquals(0, Scrapes.sum(text, "segmon_dead_letters_total", null, null), "no record refused (e.g. as a duplicate)");
                assertTrue(readyMs < 120_000, "/ready back to 200");
                assertEquals(200, MonitorIntegrationTest.status(metrics, "/ready"));
                assertEquals(KafkaStreams.State.RUNNING, monitor.state());
            } finally {
                monitor.close();
                broker.stop();
            }
        }
    }
}
