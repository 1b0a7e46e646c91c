package dev.segmon.app.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

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
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.streams.KafkaStreams;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fault 2 (docs/faults.md): the broker (a forked {@code segmon broker} with a kept data directory)
 * is stopped for 20 s in the middle of a replay and started again on the same port. The replay's
 * producer and the monitor ride it out by themselves: no record lost, none counted twice (totals
 * equal {@code eval boundaries}, every utterance scored once, no dead letter), {@code /ready} 200.
 *
 * <p>Every wait has a bound and says what it waited for; a failure adds the end of the broker's
 * log, the monitor's state and its last totals. The class-level timeout is a last resort only.
 */
class BrokerRestartFaultTest {
    /** How long the monitor may take to show the exact totals once the broker is back. */
    private static final Duration EXACT_WITHIN = Duration.ofMinutes(3);
    /** How long the replay may still take once the broker is back (its producer waits up to 300 s). */
    private static final Duration REPLAY_WITHIN = Duration.ofMinutes(5);
    /** A probe while the broker is down must not stretch the outage. */
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(2);

    @TempDir
    Path tmp;

    @Test
    @Timeout(value = 12, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void monitorRecoversByItselfWhenTheBrokerIsDownFor20sMidStream() throws Exception {
        long events = Long.getLong("segmon.faults.outage-events", 20_000);
        long downMs = Long.getLong("segmon.faults.outage-ms", 20_000);
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Path brokerLog = tmp.resolve("broker.log");
        List<String> brokerArgs = List.of("broker", "--port", Integer.toString(port), "--data-dir", tmp.resolve("broker").toString());
        SegmonProcess broker = SegmonProcess.start(brokerLog, brokerArgs);
        Monitor monitor = null;
        CompletableFuture<CliRun> replay = null;
        String phase = "starting";
        try {
            String bootstrap = broker.bootstrapServers();
            assertEquals("127.0.0.1:" + port, bootstrap);
            String app = "outage";
            MonitorIntegrationTest.createTopics(bootstrap, app, 2);
            FaultCorpus corpus = FaultCorpus.write(tmp.resolve("corpus"), "o", events, 5);
            FaultCorpus.Offline offline = corpus.offline();
            Map<String, BoundaryCounts> expected = Map.of("m", offline.counts());
            monitor = Monitor.start(MonitorIntegrationTest.config(bootstrap, app, tmp.resolve("state")).build());
            phase = "waiting for the monitor to be RUNNING";
            assertTrue(monitor.awaitRunning(Duration.ofSeconds(60)), "the monitor RUNNING within 60 s");
            int metrics = monitor.metricsPort();
            // Paced over about 20 s: records are sent before the outage, during it (buffered and
            // retried by the idempotent producer) and after it. The producer may block on metadata
            // for the whole outage plus the broker's restart, which on a loaded machine exceeded
            // the default max.block.ms of 60 s; this is the test's sender, not the monitor.
            replay = CompletableFuture.supplyAsync(
                    () -> corpus.replay(bootstrap, app, "m", "--rate", Long.toString(events / 20),
                            "--producer-property", "max.block.ms=300000",
                            "--producer-property", "delivery.timeout.ms=300000"));
            // Stop the broker once the monitor is visibly scoring (mid-stream on both sides). With
            // -Dsegmon.faults.outage-at=first-fetch: as soon as it has fetched input, so that its
            // first commit falls into the outage (with -Dsegmon.faults.outage-ms=70000, longer than
            // max.block.ms, that commit times out and Kafka Streams re-initialises the task).
            boolean firstFetch = "first-fetch".equals(System.getProperty("segmon.faults.outage-at"));
            phase = firstFetch ? "waiting for the monitor's first fetched records" : "waiting for the monitor's first counts";
            BoundaryCounts before = BoundaryCounts.ZERO;
            for (long t = System.nanoTime(); System.nanoTime() - t < 60_000_000_000L; ) {
                Thread.sleep(firstFetch ? 20 : 200);
                String text = MonitorIntegrationTest.scrape(metrics);
                before = Scrapes.counts(text);
                if (firstFetch ? Scrapes.sum(text, "kafka_consumer_fetch_manager_records_consumed_total", null, null) > 0
                        : before.hypothesis() > 0) {
                    break;
                }
            }
            assertTrue(firstFetch || before.hypothesis() > 0, "the monitor was scoring within 60 s of the replay's start");
            assertTrue(!replay.isDone(), "the replay was still sending when the broker stopped");
            // SIGTERM (a clean broker shutdown) by default; SIGKILL with -Dsegmon.faults.broker-kill=true.
            boolean hard = Boolean.getBoolean("segmon.faults.broker-kill");
            phase = "stopping the broker";
            // The outage starts with the signal (the broker closes its listeners first); the
            // restart still waits until the old process is gone (it holds the data directory).
            long down = System.nanoTime();
            if (hard) {
                broker.kill();
            } else {
                broker.stop();
            }
            long stopMs = (System.nanoTime() - down) / 1_000_000;
            phase = "the broker is down";
            // Probes with a short timeout, so that a slow answer cannot stretch the outage.
            Map<String, Integer> readyWhileDown = new TreeMap<>();
            while (System.nanoTime() - down < downMs * 1_000_000) {
                readyWhileDown.merge(probeReady(metrics), 1, Integer::sum);
                Thread.sleep(Math.max(0, Math.min(1_000, downMs - (System.nanoTime() - down) / 1_000_000)));
            }
            String duringText = MonitorIntegrationTest.scrape(metrics, PROBE_TIMEOUT);
            String during = duringText.isEmpty() ? "no answer within " + PROBE_TIMEOUT.toSeconds() + " s"
                    : Long.toString(Scrapes.counts(duringText).hypothesis());
            long downFor = (System.nanoTime() - down) / 1_000_000;
            phase = "restarting the broker";
            long starting = System.nanoTime();
            broker = SegmonProcess.start(brokerLog, brokerArgs);
            assertEquals(bootstrap, broker.bootstrapServers(), "same port after the restart");
            long restarted = System.nanoTime();
            long startMs = (restarted - starting) / 1_000_000;
            phase = "waiting for the replay to finish";
            CliRun sent;
            try {
                sent = replay.get(REPLAY_WITHIN.toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                throw new AssertionError("the replay had not finished " + REPLAY_WITHIN.toMinutes() + " min after the broker restarted");
            }
            assertEquals(0, sent.exit(), sent.err());
            phase = "waiting for the exact totals";
            Map<String, BoundaryCounts> seen = awaitTotals(monitor, expected, metrics);
            long exactMs = (System.nanoTime() - restarted) / 1_000_000;
            long readyMs = Scrapes.awaitReady(metrics);
            System.out.printf("broker %s (gone after %d ms), down %d ms, restarted in %d ms; counted before %d, while down %s (of %d hypothesis boundaries); "
                    + "/ready while down %s; exact %d ms after the restart: %s%n", hard ? "killed" : "stopped", stopMs, downFor, startMs, before.hypothesis(), during,
                    offline.counts().hypothesis(), readyWhileDown, exactMs, seen);
            phase = "checking that the totals stay exact";
            Thread.sleep(2_000);
            String text = MonitorIntegrationTest.scrape(metrics);
            assertEquals(expected, MonitorIntegrationTest.totals(List.of(text)), "and it stays exact");
            assertEquals(offline.utterances(), Scrapes.sum(text, "segmon_utterances_total", "outcome", "scored"));
            assertEquals(0, Scrapes.sum(text, "segmon_dead_letters_total", null, null), "no record refused (e.g. as a duplicate)");
            assertTrue(readyMs < 120_000, "/ready back to 200 within 120 s");
            assertEquals(200, MonitorIntegrationTest.status(metrics, "/ready"));
            assertEquals(KafkaStreams.State.RUNNING, monitor.state());
        } catch (Throwable t) {
            t.addSuppressed(new AssertionError(diagnostics(phase, monitor, replay, brokerLog)));
            throw t;
        } finally {
            if (monitor != null) {
                monitor.close();
            }
            broker.stop();
        }
    }

    /** {@code /ready}'s status, or the exception's name when it gives no answer in time. */
    private static String probeReady(int port) {
        try {
            return Integer.toString(MonitorIntegrationTest.status(port, "/ready", PROBE_TIMEOUT));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        } catch (Exception e) {
            return e.getClass().getSimpleName();
        }
    }

    /**
     * Scrapes until the totals equal {@code expected}; fails at once when the monitor stopped for
     * good (it is not restarted by anybody, so waiting on would only hide the cause), and after
     * {@link #EXACT_WITHIN} otherwise.
     */
    private static Map<String, BoundaryCounts> awaitTotals(Monitor monitor, Map<String, BoundaryCounts> expected, int metrics)
            throws InterruptedException {
        long deadline = System.nanoTime() + EXACT_WITHIN.toNanos();
        Map<String, BoundaryCounts> seen = Map.of();
        while (System.nanoTime() < deadline) {
            if (monitor.hasFailed() || monitor.state() == KafkaStreams.State.NOT_RUNNING) {
                fail("the monitor stopped (state " + monitor.state() + ") instead of riding out the outage; last totals " + seen);
            }
            seen = MonitorIntegrationTest.totals(List.of(MonitorIntegrationTest.scrape(metrics)));
            if (seen.equals(expected)) {
                return seen;
            }
            Thread.sleep(250);
        }
        assertEquals(expected, seen, "nothing lost, nothing counted twice: totals not exact within "
                + EXACT_WITHIN.toMinutes() + " min of the restart (monitor state " + monitor.state() + ")");
        return seen;
    }

    private static String diagnostics(String phase, Monitor monitor, CompletableFuture<CliRun> replay, Path brokerLog) {
        StringBuilder b = new StringBuilder("failed while ").append(phase).append('\n');
        if (monitor != null) {
            b.append("monitor state ").append(monitor.state()).append("; totals ")
                    .append(MonitorIntegrationTest.totals(List.of(MonitorIntegrationTest.scrape(monitor.metricsPort(), PROBE_TIMEOUT)))).append('\n');
        }
        if (replay != null) {
            b.append("replay ").append(!replay.isDone() ? "still running"
                    : replay.isCompletedExceptionally() ? "failed" : "exit " + replay.join().exit() + " " + replay.join().err()).append('\n');
        }
        b.append("the end of ").append(brokerLog).append(":\n").append(SegmonProcess.tail(brokerLog, 40));
        return b.toString();
    }
}
