package dev.segmon.tools.bench;

import dev.segmon.app.Monitor;
import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.metrics.PrometheusText;
import dev.segmon.app.replay.KafkaTrafficSink;
import dev.segmon.app.topology.SegmonTopology;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;

/**
 * {@code segmon bench}: the monitor's throughput against a plain pass-through Kafka Streams
 * application on the same pre-filled topics, then its latency under paced traffic at half its
 * measured maximum rate, and the pass-through's own latency at that rate. A share of the
 * utterances may get a reference ({@link ReferenceSample}). See docs/performance.md for what is
 * measured and how.
 */
public final class Bench {
    static final String PASS_THROUGH_OUTPUT = "segmon-bench.passthrough";
    private static final long CATCH_UP_TIMEOUT_MS = 30 * 60_000L;
    /** How often a run's progress is read (its client's consumer metrics, in memory): 20 ms of a run of seconds. */
    private static final long RATE_POLL_MS = 20;
    /** How often a run's whole client metrics map is searched for its consumers' counts (Progress.consumedCounter). */
    private static final long RESCAN_MS = 500;
    private static final int FULL_SCRAPES = 10;

    /**
     * What to run. {@code latencyRate}: records/s of the latency run, null for half of the
     * monitor's median rate; {@code latencyWarmupSeconds}: paced traffic at that rate before the
     * measured latency run, not counted (0: none); {@code latencyTrace}: a CSV file that receives
     * every measured utterance's send time and latency (null: none). {@code kafka}: extra Kafka Streams settings for both applications.
     * {@code sendWords}: every hypothesis message carries a word instead of a bare time (the
     * default: a deployment that reports word error rates sends its words). {@code referenceShare}:
     * the share of utterances that get a reference (1: all); {@code declare}: every end says
     * whether a reference follows. {@code sliceKeys}: the monitor's {@code --slice-keys} (keys of
     * {@link BenchLabels}); given any, every utterance carries its labels (none: no labels).
     * {@code latencySettleSeconds}: after the warm-up, at most this many seconds more of paced
     * traffic, in steps of {@link #SETTLE_STEP_SECONDS}, until the JIT compilers have settled (0: none).
     * {@code warmupSettle}: after the {@code warmup} throughput runs of each application, at most
     * this many more, until the JIT compiled for less than {@link #SETTLED_COMPILING_SHARE} of
     * each application's last one (0: exactly {@code warmup}). {@code latencyRepeat}: measured
     * latency phases of each application, one after the other, each {@code latencySeconds} long.
     */
    public record Options(long events, int partitions, int words, int warmup, int repeat, double latencySeconds, Double latencyRate, long seed,
                          Map<String, String> kafka, String brokerHeap, boolean passThrough, boolean sendWords,
                          double latencyWarmupSeconds, java.nio.file.Path latencyTrace, double referenceShare, boolean declare,
                          List<String> sliceKeys, double latencySettleSeconds, int warmupSettle, int latencyRepeat) {
    }

    /**
     * The throughput warm-up has settled when the JIT compiled for less than this share of each
     * application's last warm-up run: in the runs that followed two warm-ups on a 2-core machine
     * it compiled for 0.18-0.61 of the time and those runs were the slow ones (docs/performance.md,
     * "The throughput runs measured after the JIT settled").
     */
    public static final double SETTLED_COMPILING_SHARE = 0.10;

    /** One settling step of the paced warm-up: long enough that a few compilations do not decide it. */
    public static final double SETTLE_STEP_SECONDS = 10;
    /**
     * The compilers have settled when the compiler threads of the bench's JVM and its broker used
     * less than this many cores over a step: with two cores, what a running monitor's compilers
     * leave after the paced paths are compiled (docs/performance.md).
     */
    public static final double SETTLED_COMPILER_CORES = 0.05;

    /**
     * The paced traffic an application got before its measured latency phase: seconds of it, the
     * nearest-rank p99 over all of it, the cores its compilers used in its last step (NaN where not
     * read) and whether they had settled by then (null: not asked for, or not readable).
     */
    public record Warmup(double seconds, double p99, double compilerCores, Boolean settled) {
        public static final Warmup NONE = new Warmup(0, Double.NaN, Double.NaN, null);
    }

    /** Nearest-rank latency figures of one paced phase, in seconds. */
    public record Latency(int samples, double p50, double p99, double max) {
        static Latency of(Percentiles p) {
            return new Latency(p.count(), p.percentile(50), p.percentile(99), p.max());
        }
    }

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

    /** The references of the throughput corpus: its share, the utterances that got one, whether ends declared it. */
    public record References(double share, long referenced, boolean declared) {
    }

    /**
     * How the throughput warm-up ended: the warm-up runs of each application, and whether the JIT
     * had settled by the last of them (null: not asked for, {@code --warmup-settle 0}).
     */
    public record ThroughputWarmup(int runs, Boolean settled) {
    }

    /** Figures of one run; rates are medians over the repeats. */
    public record Result(long events, long utterances, int partitions, double produceRecordsPerSecond,
                         List<Double> passThroughRates, List<Double> monitorRates, long scoredPerModel,
                         double latencyRate, LatencyRuns latency,
                         double fullScrapeSeconds, String processingGuarantee, boolean sendWords,
                         List<Double> passThroughCpu, List<Double> monitorCpu, CloseTimes close, int words,
                         List<Double> passThroughStreamCpu, List<Double> monitorStreamCpu,
                         References references, LatencyRuns passThroughLatency, Map<String, Long> outcomes,
                         SliceBooking slices, Warmup latencyWarmup, Warmup passThroughWarmup,
                         ThroughputWarmup throughputWarmup, List<Double> passThroughCompiling, List<Double> monitorCompiling,
                         double latencySenderCpuPerThousand, double latencyStreamCpuPerThousand,
                         List<Double> latencyConcurrentGcCores) {
        /** Median CPU ms of the pass-through's JVM per 1 000 records over the measured runs (NaN without). */
        public double passThroughCpuPerThousand() {
            return passThroughCpu.isEmpty() ? Double.NaN : Percentiles.median(toArray(passThroughCpu));
        }

        /** Median CPU ms of the monitor's JVM per 1 000 records over the measured runs. */
        public double monitorCpuPerThousand() {
            return Percentiles.median(toArray(monitorCpu));
        }

        /** Median CPU ms of the pass-through's stream threads per 1 000 records (NaN without). */
        public double passThroughStreamCpuPerThousand() {
            return passThroughStreamCpu.isEmpty() ? Double.NaN : Percentiles.median(toArray(passThroughStreamCpu));
        }

        /** Median CPU ms of the monitor's stream threads per 1 000 records. */
        public double monitorStreamCpuPerThousand() {
            return Percentiles.median(toArray(monitorStreamCpu));
        }

        public double passThroughRecordsPerSecond() {
            return passThroughRates.isEmpty() ? Double.NaN : Percentiles.median(toArray(passThroughRates));
        }

        public double monitorRecordsPerSecond() {
            return Percentiles.median(toArray(monitorRates));
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

    private final Options options;
    private final PrintWriter log;
    private final BenchCorpus corpus;

    public Bench(Options options, PrintWriter log) {
        this.options = options;
        this.log = log;
        this.corpus = new BenchCorpus(options.words(), options.seed(), options.sendWords(), !options.sliceKeys().isEmpty());
    }

    public Result run() {
        long utterances = corpus.utterancesFor(options.events(), options.referenceShare());
        ReferenceSample sample = ReferenceSample.of(utterances, options.referenceShare(), options.seed(), "u");
        note("starting a broker in a child JVM");
        try (BenchCluster cluster = BenchCluster.start(options.brokerHeap(), options.partitions(),
                List.of(dev.segmon.app.wire.DefaultTopics.HYPOTHESES, dev.segmon.app.wire.DefaultTopics.REFERENCES,
                        PASS_THROUGH_OUTPUT))) {
            note("broker at " + cluster.bootstrapServers() + " (pid " + cluster.broker.pid() + "); producing "
                    + (utterances * corpus.hypothesisRecordsPerUtterance() + sample.referenced()) + " records, "
                    + sample.referenced() + " of " + utterances + " utterances referenced" + (options.declare() ? ", declared" : ""));
            long t0 = System.nanoTime();
            try (KafkaTrafficSink sink = cluster.producer()) {
                for (long i = 0; i < utterances; i++) {
                    corpus.send(sink, "u", i, sample.referenced(i), options.declare());
                }
                sink.flush();
            }
            double produceSeconds = (System.nanoTime() - t0) / 1e9;
            try (Progress progress = new Progress(cluster.bootstrapServers(), cluster.inputTopicNames())) {
                long total = progress.endOffsets().values().stream().mapToLong(Long::longValue).sum();
                note(String.format(Locale.ROOT, "produced %d records in %.1f s (%.0f records/s)", total, produceSeconds, total / produceSeconds));
                List<Double> pass = new ArrayList<>();
                List<Double> mon = new ArrayList<>();
                List<Double> passCpu = new ArrayList<>();
                List<Double> monCpu = new ArrayList<>();
                List<Double> passStream = new ArrayList<>();
                List<Double> monStream = new ArrayList<>();
                CloseTimes close = null;
                Monitor last = null;
                long scored = 0;
                String guarantee = null;
                SliceBooking slices = SliceBooking.NONE;
                List<Double> passJit = new ArrayList<>();
                List<Double> monJit = new ArrayList<>();
                ThroughputWarmupPlan plan = new ThroughputWarmupPlan(options.warmup(), options.warmupSettle());
                try {
                    // Warm-up runs first (JIT), alternating like the measured ones; logged, not counted:
                    // at least --warmup of them, then up to --warmup-settle more until the JIT settled.
                    for (int r = 1; mon.size() < options.repeat(); r++) {
                        boolean counted = plan.measuring();
                        double passCompiling = Double.NaN;
                        if (options.passThrough()) {
                            double[] rateAndCpu = passThrough(cluster, progress, total, r, counted);
                            passCompiling = rateAndCpu[3];
                            if (counted) {
                                pass.add(rateAndCpu[0]);
                                passCpu.add(rateAndCpu[1]);
                                passStream.add(rateAndCpu[2]);
                                passJit.add(passCompiling);
                            }
                        }
                        if (last != null) {
                            last.close();
                            last = null;
                        }
                        MonitorConfig config = cluster.monitorConfig("segmon-bench-" + r, options.kafka(), options.sliceKeys()).build();
                        guarantee = SegmonTopology.streamsProperties(config).getProperty(StreamsConfig.PROCESSING_GUARANTEE_CONFIG);
                        CpuClock cpu = CpuClock.start(cluster.broker.pid());
                        CpuClock.Window busy = new CpuClock.Window(cluster.broker.pid());
                        long start = System.nanoTime();
                        last = Monitor.start(config);
                        Monitor m = last;
                        Progress.CatchUp c = progress.awaitCaughtUp(config.applicationId(), total, start, RATE_POLL_MS, CATCH_UP_TIMEOUT_MS,
                                () -> failIf(m.hasFailed(), "the monitor failed"), Progress.consumedCounter(m::clientMetrics, progress.topics(), total, RESCAN_MS, System::nanoTime),
                                busy);
                        CpuClock.PerThousand used = cpu.perRecords(total, config.applicationId());
                        MetricsClient metrics = new MetricsClient(m.metricsPort());
                        List<PrometheusText.Sample> scrape = metrics.scrape();
                        scored = MetricsClient.scoredForEveryModel(scrape);
                        note(String.format(Locale.ROOT, "monitor #%d%s: %.0f records/s (%.1f s from start, %d utterances scored per model of %d; %s%s)",
                                r, counted ? "" : " (warm-up)", c.recordsPerSecond(), c.wallSeconds(), scored, sample.referenced(), used, busy.summary()));
                        // Every record processed: each referenced utterance's reference closed it. An
                        // unreferenced one is still held (undeclared) or closed unscored (declared none).
                        failIf(scored != sample.referenced(), "the monitor scored " + scored + " utterances per model, expected " + sample.referenced());
                        slices = SliceBooking.of(scrape, options.sliceKeys());
                        if (!options.sliceKeys().isEmpty()) {
                            note("monitor #" + r + ": per slice key the slices' hits sum to the pooled hits; values booked " + slices.valuesBooked());
                        }
                        if (!counted) {
                            String verdict = plan.warmedUp(passCompiling, busy.compiling());
                            if (!verdict.isEmpty()) {
                                note("warm-up #" + r + ": " + verdict);
                            }
                        }
                        if (counted) {
                            mon.add(c.recordsPerSecond());
                            monCpu.add(used.app());
                            monStream.add(used.stream());
                            monJit.add(busy.compiling());
                            close = CloseTimes.of(m.clientMetrics());
                            note(String.format(Locale.ROOT, "monitor #%d: a close took %.3f ms on average, %.3f ms at most (%d closes);"
                                    + " CPU (one close in 16) %.3f ms on average, %.3f ms at most",
                                    r, close.meanMs(), close.maxMs(), close.closes(), close.cpuMeanMs(), close.cpuMaxMs()));
                        }
                    }
                    double rate = options.latencyRate() != null ? options.latencyRate() : Percentiles.median(toArray(mon)) / 2;
                    PacedLatency paced = new PacedLatency(cluster, corpus, options, this::note);
                    Monitor m = last;
                    Phases phases;
                    try (PacedLatency.Trace trace = options.latencyTrace() == null ? null : PacedLatency.Trace.open(options.latencyTrace())) {
                        phases = latencyPhases(paced, rate, "", "lat", sample.referenced(), before -> new MonitorProbe(m, before), trace);
                        if (trace != null) {
                            note("latency: every utterance's send time and latency written to " + trace.path());
                        }
                    }
                    Percentiles fullScrape = MonitorProbe.fullScrapes(m.metricsPort(), FULL_SCRAPES);
                    note(String.format(Locale.ROOT, "a full scrape of /metrics takes %.3f s (median of %d)", fullScrape.percentile(50), FULL_SCRAPES));
                    Map<String, Long> outcomes = MetricsClient.outcomes(new MetricsClient(m.metricsPort(), "segmon_utterances_total").scrape());
                    last.close();
                    last = null;
                    LatencyRuns passLatency = null;
                    Warmup passWarmup = Warmup.NONE;
                    if (options.passThrough()) {
                        // Alone, at the monitor's paced rate: the floor its latency is compared with.
                        try (PassThroughLatency probe = PassThroughLatency.start(cluster, progress, options.kafka(), this::note)) {
                            Phases pt = latencyPhases(paced, rate, "pass-through ", "pt", 0, before -> probe, null);
                            passLatency = pt.measured();
                            passWarmup = pt.warmup();
                        }
                    }
                    return new Result(total, utterances, options.partitions(), total / produceSeconds, pass, mon, scored,
                            rate, phases.measured(), fullScrape.percentile(50), guarantee,
                            options.sendWords(), passCpu, monCpu, close, options.words(), passStream, monStream,
                            new References(options.referenceShare(), sample.referenced(), options.declare()), passLatency, outcomes, slices,
                            phases.warmup(), passWarmup, plan.result(), passJit, monJit, phases.senderCpuPerThousand(),
                            phases.streamCpuPerThousand(), phases.concurrentGcCores());
                } finally {
                    if (last != null) {
                        last.close();
                    }
                }
            }
        }
    }

    /**
     * An application's latency phases: the measured ones, the warm-up before them, the sender's
     * and the stream threads' CPU per 1 000 records in the measured ones (the medians over them),
     * and the cores G1's concurrent threads took in each measured one.
     */
    private record Phases(LatencyRuns measured, Warmup warmup, double senderCpuPerThousand, double streamCpuPerThousand,
                          List<Double> concurrentGcCores) {
    }

    /**
     * The paced warm-up (if any; logged, not counted) and the measured latency phases of one
     * application, each with a fresh probe. The paced phase runs code the throughput runs do not
     * (the paced producer, the poller, the selected scrape, the consumers' small fetches): the JIT
     * compiles it during the warm-up, on the cores the application shares. After the
     * {@code --latency-warmup} seconds the warm-up goes on, a step at a time, until the compiler
     * threads of this JVM and the broker's have settled, or for {@code --latency-settle} seconds
     * at most: the measured phase is then what a monitor that has run for minutes sees
     * (docs/performance.md, "The compilers settled before the latency is measured").
     * {@code probe} is given the referenced utterances sent to the application before its phase,
     * from {@code before}.
     */
    private Phases latencyPhases(PacedLatency paced, double rate, String who, String prefix, long before,
                                 java.util.function.LongFunction<PacedLatency.Probe> probe, PacedLatency.Trace trace) {
        long sent = before;
        List<Percentiles> warm = new ArrayList<>();
        double warmSeconds = 0;
        if (options.latencyWarmupSeconds() > 0) {
            Percentiles w = paced.run(rate, who + "latency warm-up", prefix + "w", options.latencyWarmupSeconds(), null, 0, probe.apply(sent)).latency();
            sent += w.count();
            warm.add(w);
            warmSeconds += options.latencyWarmupSeconds();
        }
        Boolean settled = null;
        double compilers = Double.NaN;
        long[] pids = {ProcessHandle.current().pid(), paced.brokerPid()};
        int steps = (int) Math.floor(options.latencySettleSeconds() / SETTLE_STEP_SECONDS + 1e-9);
        for (int step = 1; step <= steps; step++) {
            HotSpotThreads.Snapshot start = HotSpotThreads.of(HotSpotThreads.COMPILERS, pids);
            Percentiles w = paced.run(rate, who + "latency settling, step " + step, prefix + "s" + step, SETTLE_STEP_SECONDS, null, 0, probe.apply(sent)).latency();
            compilers = HotSpotThreads.of(HotSpotThreads.COMPILERS, pids).coresSince(start);
            sent += w.count();
            warm.add(w);
            warmSeconds += SETTLE_STEP_SECONDS;
            if (Double.isNaN(compilers)) {
                note(who + "latency settling: the compiler threads cannot be read from /proc; the measured phase starts");
                break;
            }
            settled = compilers < SETTLED_COMPILER_CORES;
            note(String.format(Locale.ROOT, "%slatency settling, step %d: p99 %.3f s; the JIT compilers of this JVM and the broker used %.3f cores (%s)",
                    who, step, w.percentile(99), compilers, settled ? "settled" : step < steps ? "not yet settled" : "not settled; the measured phase starts"));
            if (settled) {
                break;
            }
        }
        Warmup warmup = Warmup.NONE;
        if (!warm.isEmpty()) {
            Percentiles all = Percentiles.of(warm);
            warmup = new Warmup(warmSeconds, all.percentile(99), compilers, settled);
            note(String.format(Locale.ROOT, "%slatency warm-up: %.0f s of paced traffic; p50 %.3f s, p99 %.3f s, max %.3f s (not counted)",
                    who, warmSeconds, all.percentile(50), all.percentile(99), all.max()));
        }
        List<Percentiles> measured = new ArrayList<>();
        double[] senderCpu = new double[options.latencyRepeat()];
        double[] streamCpu = new double[options.latencyRepeat()];
        List<Double> concurrentGc = new ArrayList<>();
        for (int run = 1; run <= options.latencyRepeat(); run++) {
            String name = options.latencyRepeat() == 1 ? who + "latency" : who + "latency, phase " + run;
            CpuClock.Interval cpu = new CpuClock.Interval(paced.brokerPid());
            PacedLatency.Phase phase = paced.run(rate, name, prefix + "m" + run, options.latencySeconds(), trace, run, probe.apply(sent));
            Percentiles p = phase.latency();
            sent += p.count();
            measured.add(p);
            senderCpu[run - 1] = phase.senderCpuPerThousand();
            CpuClock.Busy busy = cpu.busy();
            // The sender keeps to its schedule (the trace's behind_schedule_s), so rate x time is the records sent.
            streamCpu[run - 1] = busy.stream() / rate * 1e6;
            concurrentGc.add(busy.concurrentGc());
            note(String.format(Locale.ROOT, "%s: p50 %.3f s, p99 %.3f s, max %.3f s (%d referenced utterances); %s; stream threads %.2f ms per 1000 records",
                    name, p.percentile(50), p.percentile(99), p.max(), p.count(), busy, streamCpu[run - 1]));
        }
        LatencyRuns runs = LatencyRuns.of(measured);
        if (runs.runs().size() > 1) {
            Latency summary = runs.summary();
            note(String.format(Locale.ROOT, "%slatency: p50 %.3f s, p99 %.3f s (medians of %d phases), max %.3f s; all %d referenced utterances together: p99 %.3f s",
                    who, summary.p50(), summary.p99(), runs.runs().size(), summary.max(), runs.pooled().samples(), runs.pooled().p99()));
        }
        return new Phases(runs, warmup, Percentiles.median(senderCpu), Percentiles.median(streamCpu), concurrentGc);
    }

    /** One pass-through run: its records/s and its JVM's CPU ms per 1 000 records. */
    private double[] passThrough(BenchCluster cluster, Progress progress, long total, int run, boolean counted) {
        String appId = "segmon-bench-passthrough-" + run;
        AtomicReference<Throwable> failure = new AtomicReference<>();
        try (KafkaStreams streams = PassThrough.create(cluster, appId, options.kafka(), failure)) {
            CpuClock cpu = CpuClock.start(cluster.broker.pid());
            CpuClock.Window busy = new CpuClock.Window(cluster.broker.pid());
            long start = System.nanoTime();
            streams.start();
            Progress.CatchUp c = progress.awaitCaughtUp(appId, total, start, RATE_POLL_MS, CATCH_UP_TIMEOUT_MS,
                    () -> failIf(failure.get() != null, "the pass-through application failed: " + failure.get()),
                    Progress.consumedCounter(streams::metrics, progress.topics(), total, RESCAN_MS, System::nanoTime), busy);
            CpuClock.PerThousand used = cpu.perRecords(total, appId);
            note(String.format(Locale.ROOT, "pass-through #%d%s: %.0f records/s (%.1f s from start; %s%s)", run, counted ? "" : " (warm-up)", c.recordsPerSecond(),
                    c.wallSeconds(), used, busy.summary()));
            streams.close(Duration.ofSeconds(30));
            return new double[] {c.recordsPerSecond(), used.app(), used.stream(), busy.compiling()};
        }
    }

    private void note(String line) {
        log.println("bench: " + line);
        log.flush();
    }

    static void failIf(boolean condition, String message) {
        if (condition) {
            throw new IllegalStateException(message);
        }
    }

    static double[] toArray(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
