package dev.segmon.tools.bench;

import dev.segmon.app.Monitor;
import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.metrics.PrometheusText;
import dev.segmon.app.topology.SegmonTopology;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;

/**
 * The bench's throughput runs: the pass-through application and the monitor in turn, each timed
 * from offset 0 of the same pre-filled topics to their last record ({@link Progress}). Warm-up
 * runs come first (JIT), alternating like the measured ones; logged, not counted: at least
 * {@code --warmup} of them, then up to {@code --warmup-settle} more until the JIT settled
 * ({@link ThroughputWarmupPlan}). The last monitor keeps running for the latency phases.
 */
final class ThroughputRuns implements AutoCloseable {
    private static final long CATCH_UP_TIMEOUT_MS = 30 * 60_000L;
    /** How often a run's progress is read (its client's consumer metrics, in memory): 20 ms of a run of seconds. */
    private static final long RATE_POLL_MS = 20;
    /** How often a run's whole client metrics map is searched for its consumers' counts (RecordsConsumed.counter). */
    private static final long RESCAN_MS = 500;

    /** The measured runs' figures in run order; the pass-through's lists are empty without it. */
    record Figures(List<Double> passThroughRates, List<Double> monitorRates, List<Double> passThroughCpu, List<Double> monitorCpu,
                   List<Double> passThroughStreamCpu, List<Double> monitorStreamCpu, List<Double> passThroughCompiling,
                   List<Double> monitorCompiling, CloseTimes close, long scoredPerModel, String processingGuarantee,
                   SliceBooking slices, Bench.ThroughputWarmup warmup) {
    }

    private final BenchCluster cluster;
    private final Progress progress;
    private final long total;
    private final long referenced;
    private final Bench.Options options;
    private final Consumer<String> note;
    private final ThroughputWarmupPlan plan;
    private final List<Double> pass = new ArrayList<>();
    private final List<Double> mon = new ArrayList<>();
    private final List<Double> passCpu = new ArrayList<>();
    private final List<Double> monCpu = new ArrayList<>();
    private final List<Double> passStream = new ArrayList<>();
    private final List<Double> monStream = new ArrayList<>();
    private final List<Double> passJit = new ArrayList<>();
    private final List<Double> monJit = new ArrayList<>();
    private CloseTimes close;
    private Monitor last;
    private long scored;
    private String guarantee;
    private SliceBooking slices = SliceBooking.NONE;

    /** {@code total}: the records of the input topics; {@code referenced}: the utterances each monitor must score per model. */
    ThroughputRuns(BenchCluster cluster, Progress progress, long total, long referenced, Bench.Options options, Consumer<String> note) {
        this.cluster = cluster;
        this.progress = progress;
        this.total = total;
        this.referenced = referenced;
        this.options = options;
        this.note = note;
        this.plan = new ThroughputWarmupPlan(options.warmup(), options.warmupSettle());
    }

    /** Runs both applications until the monitor has {@code --repeat} measured runs; the last monitor keeps running. */
    Figures run() {
        for (int r = 1; mon.size() < options.repeat(); r++) {
            boolean counted = plan.measuring();
            double passCompiling = Double.NaN;
            if (options.passThrough()) {
                double[] rateAndCpu = passThrough(r, counted);
                passCompiling = rateAndCpu[3];
                if (counted) {
                    pass.add(rateAndCpu[0]);
                    passCpu.add(rateAndCpu[1]);
                    passStream.add(rateAndCpu[2]);
                    passJit.add(passCompiling);
                }
            }
            closeMonitor();
            monitor(r, counted, passCompiling);
        }
        return new Figures(pass, mon, passCpu, monCpu, passStream, monStream, passJit, monJit, close, scored, guarantee, slices, plan.result());
    }

    /** The monitor of the last run, still running. */
    Monitor monitor() {
        return last;
    }

    /** Stops the last run's monitor, if it still runs. */
    void closeMonitor() {
        if (last != null) {
            last.close();
            last = null;
        }
    }

    @Override
    public void close() {
        closeMonitor();
    }

    /** One monitor run, started on the input topics' first offsets and timed to its last record. */
    private void monitor(int r, boolean counted, double passCompiling) {
        MonitorConfig config = cluster.monitorConfig("segmon-bench-" + r, options.kafka(), options.sliceKeys()).build();
        guarantee = SegmonTopology.streamsProperties(config).getProperty(StreamsConfig.PROCESSING_GUARANTEE_CONFIG);
        CpuClock cpu = CpuClock.start(cluster.broker.pid());
        CpuClock.Window busy = new CpuClock.Window(cluster.broker.pid());
        long start = System.nanoTime();
        last = Monitor.start(config);
        Monitor m = last;
        Progress.CatchUp c = progress.awaitCaughtUp(config.applicationId(), total, start, RATE_POLL_MS, CATCH_UP_TIMEOUT_MS,
                () -> Bench.failIf(m.hasFailed(), "the monitor failed"), RecordsConsumed.counter(m::clientMetrics, progress.topics(), total, RESCAN_MS, System::nanoTime),
                busy);
        CpuClock.PerThousand used = cpu.perRecords(total, config.applicationId());
        MetricsClient metrics = new MetricsClient(m.metricsPort());
        List<PrometheusText.Sample> scrape = metrics.scrape();
        scored = MetricsClient.scoredForEveryModel(scrape);
        note.accept(String.format(Locale.ROOT, "monitor #%d%s: %.0f records/s (%.1f s from start, %d utterances scored per model of %d; %s%s)",
                r, counted ? "" : " (warm-up)", c.recordsPerSecond(), c.wallSeconds(), scored, referenced, used, busy.summary()));
        // Every record processed: each referenced utterance's reference closed it. An
        // unreferenced one is still held (undeclared) or closed unscored (declared none).
        Bench.failIf(scored != referenced, "the monitor scored " + scored + " utterances per model, expected " + referenced);
        slices = SliceBooking.of(scrape, options.sliceKeys());
        if (!options.sliceKeys().isEmpty()) {
            note.accept("monitor #" + r + ": per slice key the slices' hits sum to the pooled hits; values booked " + slices.valuesBooked());
        }
        if (!counted) {
            String verdict = plan.warmedUp(passCompiling, busy.compiling());
            if (!verdict.isEmpty()) {
                note.accept("warm-up #" + r + ": " + verdict);
            }
        }
        if (counted) {
            mon.add(c.recordsPerSecond());
            monCpu.add(used.app());
            monStream.add(used.stream());
            monJit.add(busy.compiling());
            close = CloseTimes.of(m.clientMetrics());
            note.accept(String.format(Locale.ROOT, "monitor #%d: a close took %.3f ms on average, %.3f ms at most (%d closes);"
                    + " CPU (one close in 16) %.3f ms on average, %.3f ms at most",
                    r, close.meanMs(), close.maxMs(), close.closes(), close.cpuMeanMs(), close.cpuMaxMs()));
        }
    }

    /** One pass-through run: its records/s and its JVM's CPU ms per 1 000 records. */
    private double[] passThrough(int run, boolean counted) {
        String appId = "segmon-bench-passthrough-" + run;
        AtomicReference<Throwable> failure = new AtomicReference<>();
        try (KafkaStreams streams = PassThrough.create(cluster, appId, options.kafka(), failure)) {
            CpuClock cpu = CpuClock.start(cluster.broker.pid());
            CpuClock.Window busy = new CpuClock.Window(cluster.broker.pid());
            long start = System.nanoTime();
            streams.start();
            Progress.CatchUp c = progress.awaitCaughtUp(appId, total, start, RATE_POLL_MS, CATCH_UP_TIMEOUT_MS,
                    () -> Bench.failIf(failure.get() != null, "the pass-through application failed: " + failure.get()),
                    RecordsConsumed.counter(streams::metrics, progress.topics(), total, RESCAN_MS, System::nanoTime), busy);
            CpuClock.PerThousand used = cpu.perRecords(total, appId);
            note.accept(String.format(Locale.ROOT, "pass-through #%d%s: %.0f records/s (%.1f s from start; %s%s)", run, counted ? "" : " (warm-up)", c.recordsPerSecond(),
                    c.wallSeconds(), used, busy.summary()));
            streams.close(Duration.ofSeconds(30));
            return new double[] {c.recordsPerSecond(), used.app(), used.stream(), busy.compiling()};
        }
    }
}
