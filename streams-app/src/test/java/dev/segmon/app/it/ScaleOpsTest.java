package dev.segmon.app.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.model.boundary.BoundaryCounts;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * Operations scenario "scale out and in" (docs/faults.md): one {@code segmon run} instance (as the
 * Kubernetes manifest runs it: static membership, {@code num.standby.replicas=1}) on 6 partitions
 * under steady traffic; two more are started (1 -> 3), later stopped with SIGTERM, highest first as
 * a StatefulSet scales down (3 -> 1). Asserted: the counters equal {@code eval boundaries}; every
 * utterance scored exactly once (scores topic, read_committed, and the counter); no dead letter;
 * and every {@code segmon_*_total} series of the remaining instance equals that of a separate
 * one-instance run (another application id) over the same input topics. The probes, the page and
 * the time from reference to score as in {@link RollingRestartOpsTest}.
 *
 * <p>Opt-in ({@code -Dsegmon.ops=true}): about 5 minutes.
 */
@EnabledIfSystemProperty(named = OpsHarness.ENABLED, matches = "true")
class ScaleOpsTest {
    @TempDir
    Path tmp;

    @Test
    @Timeout(value = 30, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void oneToThreeAndBackUnderTrafficScoresEveryUtteranceOnce() throws Exception {
        long rate = Long.getLong("segmon.ops.rate", 10_500);
        long holdMs = Long.getLong("segmon.ops.hold-ms", 60_000);
        // 30 s on one, out (about 60 s), hold, in (about 60 s: the session timeout), 30 s on one; 10 % spare.
        long seconds = (long) ((30 + 60 + holdMs / 1000.0 + 60 + 30) * 1.1);
        try (OpsHarness.Scenario sc = new OpsHarness.Scenario(tmp, "scale", rate, seconds, 19)) {
            OpsHarness.Fleet fleet = sc.fleet;
            System.out.printf("segmon-0: first start, ready after %d ms%n", fleet.start("segmon-0"));
            sc.begin();
            Thread.sleep(30_000);
            long outStart = System.currentTimeMillis();
            fleet.spawn("segmon-1");
            fleet.spawn("segmon-2");
            long r1 = fleet.awaitReady(fleet.all.get("segmon-1"));
            long r2 = fleet.awaitReady(fleet.all.get("segmon-2"));
            // All three ready at once (the new members' join rebalances the others too).
            awaitAllReady(fleet);
            long outEnd = System.currentTimeMillis();
            System.out.printf("scale out 1 -> 3: segmon-1 ready %d ms, segmon-2 ready %d ms after their start, all three ready %d ms after it; %s%n",
                    r1, r2, outEnd - outStart, OpsHarness.describeGroup(sc.bootstrap, sc.app));
            Thread.sleep(holdMs);
            long inStart = System.currentTimeMillis();
            fleet.stop("segmon-2");
            fleet.stop("segmon-1");
            long stopped = System.currentTimeMillis();
            // The stopped members leave the group only when their session times out (static membership).
            long oneMember = awaitMembers(sc.bootstrap, sc.app, 1, Duration.ofMinutes(3)); // one instance's threads
            long ready = Scrapes.awaitReady(fleet.all.get("segmon-0").port);
            long inEnd = System.currentTimeMillis();
            System.out.printf("scale in 3 -> 1: both stopped %d ms after the first SIGTERM; the group had one member %d ms after that, "
                    + "segmon-0 ready %d ms later; %s%n", stopped - inStart, oneMember, ready, OpsHarness.describeGroup(sc.bootstrap, sc.app));
            assertTrue(!sc.traffic.run.isDone(), "the traffic still running after the scale in");
            System.out.println("reference sent -> score read: scale out " + OpsHarness.ScoreWatcher.describe(sc.scores.between(outStart, outEnd))
                    + "; scale in (and 30 s after) " + OpsHarness.ScoreWatcher.describe(sc.scores.between(inStart, inEnd + 30_000)));
            Map<String, Double> counters = OpsHarness.counters(sc.endAndCheck());
            Map<String, Double> single = oneInstanceRun(sc.bootstrap, sc.app, sc.expected);
            Map<String, String> differ = new TreeMap<>();
            for (String k : union(counters, single)) {
                double a = counters.getOrDefault(k, 0.0);
                double b = single.getOrDefault(k, 0.0);
                if (Math.abs(a - b) > 1e-9 * Math.max(1, Math.abs(b))) {
                    differ.put(k, a + " vs " + b);
                }
            }
            System.out.printf("%d segmon_*_total series compared with a one-instance run; %d differ: %s%n", single.size(), differ.size(), differ);
            assertEquals(Map.of(), differ, "every counter as in a one-instance run");
        }
    }

    /** Milliseconds until every live instance answers {@code /ready} 200 at the same time. */
    private static long awaitAllReady(OpsHarness.Fleet fleet) throws Exception {
        long t = System.nanoTime();
        while (System.nanoTime() - t < 180_000_000_000L) {
            boolean all = true;
            for (int port : fleet.livePorts()) {
                all &= MonitorIntegrationTest.status(port, "/ready") == 200;
            }
            if (all) {
                break;
            }
            Thread.sleep(200);
        }
        return (System.nanoTime() - t) / 1_000_000;
    }

    /**
     * Milliseconds until the group's members belong to {@code instances} instances (Admin client),
     * polled every 500 ms. A member is a stream thread: Kafka Streams gives each thread of an
     * instance with static membership the instance id and the thread's number
     * ({@code segmon-0-1}, {@code segmon-0-2}), and an instance runs one thread per core.
     */
    private static long awaitMembers(String bootstrap, String app, int instances, Duration timeout) throws InterruptedException {
        long t = System.nanoTime();
        while (System.nanoTime() - t < timeout.toNanos()) {
            try {
                if (OpsHarness.group(bootstrap, app).members().stream()
                        .map(m -> m.groupInstanceId().orElse(m.consumerId()).replaceFirst("-\\d+$", ""))
                        .distinct().count() == instances) {
                    break;
                }
            } catch (Exception e) {
                // ask again
            }
            Thread.sleep(500);
        }
        return (System.nanoTime() - t) / 1_000_000;
    }

    /** A fresh one-instance run (its own application id) over the same input topics: its counters once exact. */
    private static Map<String, Double> oneInstanceRun(String bootstrap, String app, Map<String, BoundaryCounts> expected) throws Exception {
        Path dir = java.nio.file.Files.createTempDirectory("segmon-single");
        List<String> args = SegmonProcess.runArgs(bootstrap, app, dir.resolve("state"), 0);
        args.set(args.indexOf("--application-id") + 1, app + "-single");
        args.set(args.indexOf("--scores-topic") + 1, app + ".single.scores");
        args.set(args.indexOf("--dead-letters-topic") + 1, app + ".single.dead");
        args.set(args.indexOf("--metrics-topic") + 1, app + ".single.metrics");
        args.addAll(List.of("--detection-topic", app + ".single.detection"));
        try (SegmonProcess one = SegmonProcess.start(dir.resolve("single.log"), args)) {
            int port = one.metricsPort();
            Map<String, BoundaryCounts> seen = MonitorIntegrationTest.awaitTotals(Duration.ofMinutes(5), expected, port);
            assertEquals(expected, seen, "the one-instance run is exact too");
            Thread.sleep(2_000);
            return OpsHarness.counters(List.of(MonitorIntegrationTest.scrape(port)));
        }
    }

    private static java.util.Set<String> union(Map<String, Double> a, Map<String, Double> b) {
        java.util.Set<String> out = new java.util.TreeSet<>(a.keySet());
        out.addAll(b.keySet());
        return out;
    }
}
