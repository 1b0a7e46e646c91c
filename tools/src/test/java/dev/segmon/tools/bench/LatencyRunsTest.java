package dev.segmon.tools.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The bench's latency over several measured phases: the median phase and all of them together. */
class LatencyRunsTest {

    @Test
    void aStretchOfSlowSecondsInOnePhaseMovesThePooledP99AndNotTheMedian() {
        // Phase 1: 0.001, 0.002, ..., 0.100 s: p50 the 50th, 0.050; p99 the 99th, 0.099.
        double[] steady = new double[100];
        for (int i = 0; i < 100; i++) {
            steady[i] = (i + 1) / 1000.0;
        }
        // Phase 2: 95 at 0.010 s and 5 at 0.500 s (a slow second): p50 0.010, p99 the 99th, 0.500.
        double[] slowed = new double[100];
        Arrays.fill(slowed, 0.010);
        Arrays.fill(slowed, 95, 100, 0.500);
        // Phase 3: 100 at 0.020 s.
        double[] flat = new double[100];
        Arrays.fill(flat, 0.020);
        LatencyRuns runs = LatencyRuns.of(List.of(new Percentiles(steady), new Percentiles(slowed), new Percentiles(flat)));

        assertEquals(List.of(0.099, 0.5, 0.02), runs.runs().stream().map(Latency::p99).toList());
        Latency summary = runs.summary();
        assertEquals(0.099, summary.p99()); // median of 0.099, 0.500, 0.020
        assertEquals(0.020, summary.p50()); // median of 0.050, 0.010, 0.020
        assertEquals(0.5, summary.max());
        assertEquals(300, summary.samples());
        // All 300 together: the p99 is the 297th smallest; the five 0.500 s are the 296th-300th.
        assertEquals(0.5, runs.pooled().p99());
    }

    @Test
    void oneEvenNumberOfPhasesTakesTheMeanOfTheMiddleTwo() {
        LatencyRuns runs = LatencyRuns.of(List.of(new Percentiles(new double[] {0.1}), new Percentiles(new double[] {0.3})));
        assertEquals(0.2, runs.summary().p99(), 1e-12);
    }

    @Test
    void noPhaseIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new LatencyRuns(List.of(), new Latency(0, 0, 0, 0)));
    }
}
