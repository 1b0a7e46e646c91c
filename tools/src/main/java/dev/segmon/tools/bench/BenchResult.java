package dev.segmon.tools.bench;

import java.util.List;
import java.util.Map;

/** The figures of one bench ({@link Bench#run}); rates are medians over the repeats. */
public record BenchResult(long events, long utterances, int partitions, double produceRecordsPerSecond,
                          List<Double> passThroughRates, List<Double> monitorRates, long scoredPerModel,
                          double latencyRate, LatencyRuns latency,
                          double fullScrapeSeconds, String processingGuarantee, boolean sendWords,
                          List<Double> passThroughCpu, List<Double> monitorCpu, CloseTimes close, int words,
                          List<Double> passThroughStreamCpu, List<Double> monitorStreamCpu,
                          Bench.References references, LatencyRuns passThroughLatency, Map<String, Long> outcomes,
                          SliceBooking slices, Bench.Warmup latencyWarmup, Bench.Warmup passThroughWarmup,
                          Bench.ThroughputWarmup throughputWarmup, List<Double> passThroughCompiling, List<Double> monitorCompiling,
                          double latencySenderCpuPerThousand, double latencyStreamCpuPerThousand,
                          List<Double> latencyConcurrentGcCores) {
    /** Median CPU ms of the pass-through's JVM per 1 000 records over the measured runs (NaN without). */
    public double passThroughCpuPerThousand() {
        return passThroughCpu.isEmpty() ? Double.NaN : Percentiles.median(Bench.toArray(passThroughCpu));
    }

    /** Median CPU ms of the monitor's JVM per 1 000 records over the measured runs. */
    public double monitorCpuPerThousand() {
        return Percentiles.median(Bench.toArray(monitorCpu));
    }

    /** Median CPU ms of the pass-through's stream threads per 1 000 records (NaN without). */
    public double passThroughStreamCpuPerThousand() {
        return passThroughStreamCpu.isEmpty() ? Double.NaN : Percentiles.median(Bench.toArray(passThroughStreamCpu));
    }

    /** Median CPU ms of the monitor's stream threads per 1 000 records. */
    public double monitorStreamCpuPerThousand() {
        return Percentiles.median(Bench.toArray(monitorStreamCpu));
    }

    public double passThroughRecordsPerSecond() {
        return passThroughRates.isEmpty() ? Double.NaN : Percentiles.median(Bench.toArray(passThroughRates));
    }

    public double monitorRecordsPerSecond() {
        return Percentiles.median(Bench.toArray(monitorRates));
    }

    public double ratio() {
        return monitorRecordsPerSecond() / passThroughRecordsPerSecond();
    }

    /**
     * The median over the measured pairs of the monitor's rate over the rate of the
     * pass-through run just before it (NaN without the pass-through). A pair runs within
     * about 15 s, on the machine in one state; the medians of {@link #ratio()} may come from
     * runs a minute apart, across a change of the machine's speed (docs/performance.md, "The
     * ratio of each pair").
     */
    public double pairedRatio() {
        if (passThroughRates.isEmpty()) {
            return Double.NaN;
        }
        double[] ratios = new double[monitorRates.size()];
        for (int i = 0; i < ratios.length; i++) {
            ratios[i] = monitorRates.get(i) / passThroughRates.get(i);
        }
        return Percentiles.median(ratios);
    }

    /**
     * The monitor's stream-thread CPU per record in its measured latency phases over the same
     * in its measured throughput runs: near 1 where the machine ran at one speed throughout,
     * above where it had slowed after the runs that set the half rate, which then leaves less
     * idle time than half (docs/performance.md, "The paced sender as the machine's control").
     */
    public double latencyToThroughputStreamCpu() {
        return latencyStreamCpuPerThousand / monitorStreamCpuPerThousand();
    }

    /** Warm-up runs of each application before the measured ones. */
    public int warmupRuns() {
        return throughputWarmup.runs();
    }

    /** The monitor's p99 latency (the median over its phases) over the pass-through's at the same paced rate (NaN without the pass-through). */
    public double latencyP99Ratio() {
        return passThroughLatency == null ? Double.NaN : latencyP99() / passThroughLatency.summary().p99();
    }

    /** Referenced utterances timed over the monitor's measured phases. */
    public int latencySamples() {
        return latency.pooled().samples();
    }

    /** The median over the monitor's measured phases of each phase's p50. */
    public double latencyP50() {
        return latency.summary().p50();
    }

    /** The median over the monitor's measured phases of each phase's p99: the figure of the engine's latency target. */
    public double latencyP99() {
        return latency.summary().p99();
    }

    /** The longest latency of all the monitor's measured phases. */
    public double latencyMax() {
        return latency.pooled().max();
    }
}
