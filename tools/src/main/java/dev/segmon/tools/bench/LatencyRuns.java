package dev.segmon.tools.bench;

import java.util.List;

/**
 * The measured latency phases of one application: each phase's figures, and every sample of
 * them together ({@code pooled}).
 */
public record LatencyRuns(List<Latency> runs, Latency pooled) {
    public LatencyRuns {
        runs = List.copyOf(runs);
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("no latency phase");
        }
    }

    static LatencyRuns of(List<Percentiles> phases) {
        return new LatencyRuns(phases.stream().map(Latency::of).toList(), Latency.of(Percentiles.of(phases)));
    }

    /**
     * The figures the bench reports: the median over the phases of each phase's p50 and p99, as
     * a rate is the median over the runs, the maximum and the count over all of them. A
     * stretch in which the machine slowed moves its own phase and the pooled figures, not the
     * median (docs/performance.md, "Three latency phases").
     */
    public Latency summary() {
        return new Latency(pooled.samples(), Percentiles.median(runs.stream().mapToDouble(Latency::p50).toArray()),
                Percentiles.median(runs.stream().mapToDouble(Latency::p99).toArray()), pooled.max());
    }
}
