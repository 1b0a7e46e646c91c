package dev.segmon.app.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.app.Monitor;
import dev.segmon.app.metrics.PrometheusText;
import dev.segmon.model.boundary.BoundaryCounts;
import java.time.Duration;
import java.util.List;

/** The monitor's boundary totals of one model, from its /metrics text, against the offline scorer's. */
public final class MonitorTotals {
    private MonitorTotals() {
    }

    /**
     * Waits (90 s at most) until the monitor has closed {@code utterances} utterances of
     * {@code model}, then asserts that its hits and reference and hypothesis boundaries equal
     * {@code offline}.
     */
    public static void assertEqualOffline(Monitor monitor, String model, long utterances, BoundaryCounts offline) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        List<PrometheusText.Sample> samples = List.of();
        while (System.nanoTime() < deadline && total(samples, model, "segmon_utterances_total") < utterances) {
            Thread.sleep(250);
            samples = PrometheusText.parse(monitor.scrape());
        }
        assertEquals(utterances, total(samples, model, "segmon_utterances_total"), monitor.scrape());
        assertEquals(offline.hits(), total(samples, model, "segmon_boundary_hits_total"));
        assertEquals(offline.reference(), total(samples, model, "segmon_reference_boundaries_total"));
        assertEquals(offline.hypothesis(), total(samples, model, "segmon_hypothesis_boundaries_total"));
    }

    private static long total(List<PrometheusText.Sample> samples, String model, String name) {
        return Math.round(samples.stream().filter(s -> s.name().equals(name) && model.equals(s.label("model")))
                .mapToDouble(PrometheusText.Sample::value).sum());
    }
}
