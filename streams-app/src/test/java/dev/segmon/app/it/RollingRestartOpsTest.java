package dev.segmon.app.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * Operations scenario "rolling restart" (docs/faults.md): three {@code segmon run} instances as
 * the Kubernetes manifest runs them (static membership, {@code num.standby.replicas=1}, shipped
 * defaults otherwise, the classic rebalance protocol) on 6 partitions, under steady traffic from
 * {@code segmon replay}. Each instance in turn gets SIGTERM, stays down 20 s and comes back on its
 * own state directory and port; three rounds. Asserted: the summed counters equal {@code eval
 * boundaries}, every utterance scored exactly once (scores topic and counter), no dead letter,
 * every probe answered within 2 s, the page and {@code /api/v1/windows} answered by some live
 * instance every second. Printed: each start's time to {@code /ready}, the group as the Admin
 * client describes it around each restart, the generations each instance's consumer joined, the
 * time from a reference's send to its score, the probes' p99 and max.
 *
 * <p>Opt-in ({@code -Dsegmon.ops=true}): about 7 minutes.
 */
@EnabledIfSystemProperty(named = OpsHarness.ENABLED, matches = "true")
class RollingRestartOpsTest {
    @TempDir
    Path tmp;

    @Test
    @Timeout(value = 30, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void threeRoundsOfRollingRestartsUnderTrafficKeepTheTotalsExact() throws Exception {
        long rate = Long.getLong("segmon.ops.rate", 10_500);
        int rounds = Integer.getInteger("segmon.ops.rounds", 3);
        long downMs = Long.getLong("segmon.ops.down-ms", 20_000);
        long settleMs = Long.getLong("segmon.ops.settle-ms", 5_000);
        List<String> names = List.of("segmon-0", "segmon-1", "segmon-2");
        // Traffic for the whole roll: 30 s before it, about (down + 35 s) per restart, 10 % spare.
        long seconds = (long) ((30 + rounds * names.size() * (downMs / 1000.0 + 35)) * 1.1);
        try (OpsHarness.Scenario sc = new OpsHarness.Scenario(tmp, "roll", rate, seconds, 18)) {
            OpsHarness.Fleet fleet = sc.fleet;
            for (String n : names) {
                fleet.spawn(n);
            }
            for (String n : names) {
                System.out.printf("%s: first start, ready after %d ms%n", n, fleet.awaitReady(fleet.all.get(n)));
            }
            sc.begin();
            Thread.sleep(30_000);
            long rollStart = System.currentTimeMillis();
            for (int round = 1; round <= rounds; round++) {
                for (String n : names) {
                    String before = OpsHarness.describeGroup(sc.bootstrap, sc.app);
                    long signal = System.nanoTime();
                    fleet.stop(n);
                    long goneMs = (System.nanoTime() - signal) / 1_000_000;
                    Thread.sleep(Math.max(0, downMs - (System.nanoTime() - signal) / 1_000_000));
                    String during = OpsHarness.describeGroup(sc.bootstrap, sc.app);
                    fleet.spawn(n);
                    long readyMs = fleet.awaitReady(fleet.all.get(n));
                    String after = OpsHarness.describeGroup(sc.bootstrap, sc.app);
                    System.out.printf("round %d %s: gone %d ms after SIGTERM, down %d ms, ready %d ms after the start;%n"
                                    + "  group before: %s%n  while down:   %s%n  after ready:  %s%n", round, n, goneMs,
                            (System.nanoTime() - signal) / 1_000_000 - readyMs, readyMs, before, during, after);
                    Thread.sleep(settleMs);
                    assertTrue(!sc.traffic.run.isDone(), "the traffic still running after " + n + "'s restart in round " + round);
                }
            }
            long rollEnd = System.currentTimeMillis();
            System.out.println("the roll took " + (rollEnd - rollStart) / 1000 + " s; " + sc.input.between(rollStart, rollEnd)
                    + "; reference sent -> score read during it: " + OpsHarness.ScoreWatcher.describe(sc.scores.between(rollStart, rollEnd)));
            sc.endAndCheck();
        }
    }
}
