package dev.segmon.app.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.model.boundary.BoundaryCounts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * Operations scenario "state lost" (docs/faults.md): one {@code segmon run} instance (the fleet's
 * settings) scores a corpus sent at the scenario rate; once exact, it is stopped (SIGTERM), its
 * state directory deleted, and started again on the empty directory. It rebuilds every store from
 * the changelog topics; asserted: the totals equal {@code eval boundaries} again. Printed: the time
 * from the start to {@code /ready}, the changelog records restored, the utterances the state held.
 *
 * <p>Opt-in ({@code -Dsegmon.ops=true}); {@code -Dsegmon.ops.state-seconds} (default 120) sets how
 * many seconds of traffic build the state.
 */
@EnabledIfSystemProperty(named = OpsHarness.ENABLED, matches = "true")
class StateLossOpsTest {
    @TempDir
    Path tmp;

    @Test
    @Timeout(value = 60, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void anInstanceOnAnEmptyStateDirectoryRebuildsItFromTheChangelogs() throws Exception {
        long rate = Long.getLong("segmon.ops.rate", 10_500);
        long seconds = Long.getLong("segmon.ops.state-seconds", 120);
        try (OpsHarness.Scenario sc = new OpsHarness.Scenario(tmp, "lost", rate, seconds, 20)) {
            OpsHarness.Fleet fleet = sc.fleet;
            System.out.printf("segmon-0: first start, ready after %d ms%n", fleet.start("segmon-0"));
            sc.begin();
            sc.endAndCheck();
            OpsHarness.Instance i = fleet.all.get("segmon-0");
            fleet.stop("segmon-0");
            try (Stream<Path> files = Files.walk(i.stateDir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
            fleet.spawn("segmon-0");
            long readyMs = fleet.awaitReady(i);
            Map<String, BoundaryCounts> seen = MonitorIntegrationTest.awaitTotals(OpsHarness.EXACT_WITHIN, sc.expected, i.port);
            List<Long> restored = OpsHarness.restoredPerStart(i.log);
            System.out.printf("state lost: %d utterances closed; restarted on an empty state directory, ready %d ms after the start, "
                    + "%d changelog records restored; totals %s%n", sc.offline.utterances(), readyMs, restored.get(restored.size() - 1), seen);
            assertEquals(sc.expected, seen, "exact after the rebuild");
            String text = MonitorIntegrationTest.scrape(i.port);
            assertEquals(sc.offline.utterances(), Scrapes.sum(text, "segmon_utterances_total", "outcome", "scored"));
            assertEquals(0, Scrapes.sum(text, "segmon_dead_letters_total", null, null));
        }
    }
}
