package dev.segmon.tools.bench;

import dev.segmon.app.Monitor;
import dev.segmon.app.replay.KafkaTrafficSink;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code segmon bench}: the monitor's throughput against a plain pass-through Kafka Streams
 * application on the same pre-filled topics, then its latency under paced traffic at half its
 * measured maximum rate, and the pass-through's own latency at that rate. A share of the
 * utterances may get a reference ({@link ReferenceSample}). See docs/performance.md for what is
 * measured and how. The runs are {@link ThroughputRuns}, the paced phases {@link LatencyPhases},
 * the figures a {@link BenchResult}.
 */
public final class Bench {
    static final String PASS_THROUGH_OUTPUT = "segmon-bench.passthrough";
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
     * traffic, in steps of {@link LatencyPhases#SETTLE_STEP_SECONDS}, until the JIT compilers have settled (0: none).
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

    /**
     * The paced traffic an application got before its measured latency phase: seconds of it, the
     * nearest-rank p99 over all of it, the cores its compilers used in its last step (NaN where not
     * read) and whether they had settled by then (null: not asked for, or not readable).
     */
    public record Warmup(double seconds, double p99, double compilerCores, Boolean settled) {
        public static final Warmup NONE = new Warmup(0, Double.NaN, Double.NaN, null);
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

    private final Options options;
    private final PrintWriter log;
    private final BenchCorpus corpus;

    public Bench(Options options, PrintWriter log) {
        this.options = options;
        this.log = log;
        this.corpus = new BenchCorpus(options.words(), options.seed(), options.sendWords(), !options.sliceKeys().isEmpty());
    }

    /** Starts the broker, fills the topics, runs the throughput runs and the latency phases, and stops everything. */
    public BenchResult run() {
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
                try (ThroughputRuns throughput = new ThroughputRuns(cluster, progress, total, sample.referenced(), options, this::note)) {
                    ThroughputRuns.Figures runs = throughput.run();
                    double rate = options.latencyRate() != null ? options.latencyRate() : Percentiles.median(toArray(runs.monitorRates())) / 2;
                    PacedLatency paced = new PacedLatency(cluster, corpus, options, this::note);
                    LatencyPhases phases = new LatencyPhases(paced, options, this::note);
                    Monitor m = throughput.monitor();
                    LatencyPhases.Figures latency;
                    try (PacedLatency.Trace trace = options.latencyTrace() == null ? null : PacedLatency.Trace.open(options.latencyTrace())) {
                        latency = phases.run(rate, "", "lat", sample.referenced(), before -> new MonitorProbe(m, before), trace);
                        if (trace != null) {
                            note("latency: every utterance's send time and latency written to " + trace.path());
                        }
                    }
                    Percentiles fullScrape = MonitorProbe.fullScrapes(m.metricsPort(), FULL_SCRAPES);
                    note(String.format(Locale.ROOT, "a full scrape of /metrics takes %.3f s (median of %d)", fullScrape.percentile(50), FULL_SCRAPES));
                    Map<String, Long> outcomes = MetricsClient.outcomes(new MetricsClient(m.metricsPort(), "segmon_utterances_total").scrape());
                    throughput.closeMonitor();
                    LatencyRuns passLatency = null;
                    Warmup passWarmup = Warmup.NONE;
                    if (options.passThrough()) {
                        // Alone, at the monitor's paced rate: the floor its latency is compared with.
                        try (PassThroughLatency probe = PassThroughLatency.start(cluster, progress, options.kafka(), this::note)) {
                            LatencyPhases.Figures pt = phases.run(rate, "pass-through ", "pt", 0, before -> probe, null);
                            passLatency = pt.measured();
                            passWarmup = pt.warmup();
                        }
                    }
                    return new BenchResult(total, utterances, options.partitions(), total / produceSeconds, runs.passThroughRates(),
                            runs.monitorRates(), runs.scoredPerModel(), rate, latency.measured(), fullScrape.percentile(50),
                            runs.processingGuarantee(), options.sendWords(), runs.passThroughCpu(), runs.monitorCpu(), runs.close(),
                            options.words(), runs.passThroughStreamCpu(), runs.monitorStreamCpu(),
                            new References(options.referenceShare(), sample.referenced(), options.declare()), passLatency, outcomes,
                            runs.slices(), latency.warmup(), passWarmup, runs.warmup(), runs.passThroughCompiling(), runs.monitorCompiling(),
                            latency.senderCpuPerThousand(), latency.streamCpuPerThousand(), latency.concurrentGcCores());
                }
            }
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
