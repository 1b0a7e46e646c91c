package dev.segmon.app.bench;

import dev.segmon.app.Monitor;
import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.replay.KafkaTrafficSink;
import dev.segmon.app.topology.SegmonTopology;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;

/**
 * {@code segmon bench}: the monitor's throughput against a plain pass-through Kafka Streams
 * application on the same pre-filled topics, then its latency under paced traffic at half its
 * measured maximum rate. See docs/performance.md for what is measured and how.
 */
public final class Bench {
    static final String PASS_THROUGH_OUTPUT = "segmon-bench.passthrough";
    private static final long CATCH_UP_TIMEOUT_MS = 30 * 60_000L;
    /** How often a run's progress is read (its client's consumer metrics, in memory): 20 ms of a run of seconds. */
    private static final long RATE_POLL_MS = 20;
    /** How often a run's whole client metrics map is searched for its consumers' counts (Progress.consumedCounter). */
    private static final long RESCAN_MS = 500;
    private static final long POLL_PAUSE_NANOS = 5_000_000L;
    private static final int FULL_SCRAPES = 10;

    /**
     * What to run. {@code latencyRate}: records/s of the latency run, null for half of the
     * monitor's median rate; {@code latencyWarmupSeconds}: paced traffic at that rate before the
     * measured latency run, not counted (0: none); {@code latencyTrace}: a CSV file that receives
     * every measured utterance's send time and latency (null: none). {@code kafka}: extra Kafka Streams settings for both applications.
     * {@code sendWords}: every hypothesis message carries a word instead of a bare time (the
     * default: a deployment that reports word error rates sends its words).
     */
    public record Options(long events, int partitions, int words, int warmup, int repeat, double latencySeconds, Double latencyRate, long seed,
                          Map<String, String> kafka, String brokerHeap, boolean passThrough, boolean sendWords,
                          double latencyWarmupSeconds, java.nio.file.Path latencyTrace) {
    }

    /** Figures of one run; rates are medians over the repeats. */
    public record Result(long events, long utterances, int partitions, int warmupRuns, double produceRecordsPerSecond,
                         List<Double> passThroughRates, List<Double> monitorRates, long scoredPerModel,
                         double latencyRate, int latencySamples, double latencyP50, double latencyP99, double latencyMax,
                         double fullScrapeSeconds, String processingGuarantee, boolean sendWords,
                         List<Double> passThroughCpu, List<Double> monitorCpu, CloseTimes close, int words,
                         List<Double> passThroughStreamCpu, List<Double> monitorStreamCpu) {
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
    }

    /**
     * How long the monitor took to close an utterance in the last measured run, from its
     * {@code close-latency-avg} / {@code -max} sensors (ms of wall time; the max over the client's
     * sample window, about the last minute), over its tasks: the mean weighted by closes, and the
     * max; and the same of the stream thread's CPU time on one close in 16 ({@code close-cpu-latency-avg|max}), which
     * leaves out the pauses of the whole JVM that fall inside a close.
     */
    public record CloseTimes(double meanMs, double maxMs, long closes, double cpuMeanMs, double cpuMaxMs) {
        static CloseTimes of(Map<org.apache.kafka.common.MetricName, ? extends org.apache.kafka.common.Metric> metrics) {
            double[] wall = meanAndMax(metrics, "close-latency", "close-total");
            double[] cpu = meanAndMax(metrics, "close-cpu-latency", "close-cpu-total");
            return new CloseTimes(wall[0], wall[1], (long) wall[2], cpu[0], cpu[1]);
        }

        /** The mean over the tasks weighted by their counts, the max, and the count, of one sensor. */
        private static double[] meanAndMax(Map<org.apache.kafka.common.MetricName, ? extends org.apache.kafka.common.Metric> metrics,
                                           String latency, String total) {
            double weighted = 0;
            double max = Double.NaN;
            long closes = 0;
            Map<String, double[]> byTask = new java.util.HashMap<>();
            metrics.forEach((name, metric) -> {
                if (!name.group().equals("stream-segmon-metrics") || !(metric.metricValue() instanceof Double v)) {
                    return;
                }
                double[] avgMaxTotal = byTask.computeIfAbsent(name.tags().toString(), k -> new double[] {Double.NaN, Double.NaN, 0});
                if (name.name().equals(latency + "-avg")) {
                    avgMaxTotal[0] = v;
                } else if (name.name().equals(latency + "-max")) {
                    avgMaxTotal[1] = v;
                } else if (name.name().equals(total)) {
                    avgMaxTotal[2] = v;
                }
            });
            for (double[] t : byTask.values()) {
                if (t[2] > 0 && !Double.isNaN(t[0])) {
                    weighted += t[0] * t[2];
                    closes += (long) t[2];
                }
                if (!Double.isNaN(t[1])) {
                    max = Double.isNaN(max) ? t[1] : Math.max(max, t[1]);
                }
            }
            return new double[] {closes == 0 ? Double.NaN : weighted / closes, max, closes};
        }
    }

    private final Options options;
    private final PrintWriter log;
    private final BenchCorpus corpus;
    private Percentiles fullScrape;

    public Bench(Options options, PrintWriter log) {
        this.options = options;
        this.log = log;
        this.corpus = new BenchCorpus(options.words(), options.seed(), options.sendWords());
    }

    public Result run() {
        long utterances = corpus.utterancesFor(options.events());
        note("starting a broker in a child JVM");
        try (BenchCluster cluster = BenchCluster.start(options.brokerHeap(), options.partitions(),
                List.of(dev.segmon.app.wire.DefaultTopics.HYPOTHESES, dev.segmon.app.wire.DefaultTopics.REFERENCES,
                        PASS_THROUGH_OUTPUT))) {
            note("broker at " + cluster.bootstrapServers() + " (pid " + cluster.broker.pid() + "); producing "
                    + utterances * corpus.recordsPerUtterance() + " records");
            long t0 = System.nanoTime();
            try (KafkaTrafficSink sink = cluster.producer()) {
                for (long i = 0; i < utterances; i++) {
                    corpus.send(sink, "u", i);
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
                try {
                    // Warm-up runs first (JIT), alternating like the measured ones; logged, not counted.
                    for (int r = 1; r <= options.warmup() + options.repeat(); r++) {
                        boolean counted = r > options.warmup();
                        if (options.passThrough()) {
                            double[] rateAndCpu = passThrough(cluster, progress, total, r, counted);
                            if (counted) {
                                pass.add(rateAndCpu[0]);
                                passCpu.add(rateAndCpu[1]);
                                passStream.add(rateAndCpu[2]);
                            }
                        }
                        if (last != null) {
                            last.close();
                            last = null;
                        }
                        MonitorConfig config = cluster.monitorConfig("segmon-bench-" + r, options.kafka()).build();
                        guarantee = SegmonTopology.streamsProperties(config).getProperty(StreamsConfig.PROCESSING_GUARANTEE_CONFIG);
                        CpuClock cpu = CpuClock.start(cluster.broker.pid());
                        long start = System.nanoTime();
                        last = Monitor.start(config);
                        Monitor m = last;
                        Progress.CatchUp c = progress.awaitCaughtUp(config.applicationId(), total, start, RATE_POLL_MS, CATCH_UP_TIMEOUT_MS,
                                () -> failIf(m.hasFailed(), "the monitor failed"), Progress.consumedCounter(m::clientMetrics, progress.topics(), total, RESCAN_MS, System::nanoTime));
                        CpuClock.PerThousand used = cpu.perRecords(total, config.applicationId());
                        MetricsClient metrics = new MetricsClient(m.metricsPort());
                        scored = MetricsClient.scoredForEveryModel(metrics.scrape());
                        note(String.format(Locale.ROOT, "monitor #%d%s: %.0f records/s (%.1f s from start, %d utterances scored per model of %d; %s)",
                                r, counted ? "" : " (warm-up)", c.recordsPerSecond(), c.wallSeconds(), scored, utterances, used));
                        failIf(scored != utterances, "the monitor scored " + scored + " utterances per model, expected " + utterances);
                        if (counted) {
                            mon.add(c.recordsPerSecond());
                            monCpu.add(used.app());
                            monStream.add(used.stream());
                            close = CloseTimes.of(m.clientMetrics());
                            note(String.format(Locale.ROOT, "monitor #%d: a close took %.3f ms on average, %.3f ms at most (%d closes);"
                                    + " CPU (one close in 16) %.3f ms on average, %.3f ms at most",
                                    r, close.meanMs(), close.maxMs(), close.closes(), close.cpuMeanMs(), close.cpuMaxMs()));
                        }
                    }
                    double rate = options.latencyRate() != null ? options.latencyRate() : Percentiles.median(toArray(mon)) / 2;
                    long already = utterances;
                    if (options.latencyWarmupSeconds() > 0) {
                        // The paced phase runs code the throughput runs do not (the paced producer, the
                        // poller, the selected scrape): the JIT compiled it during the measured run,
                        // on the cores the monitor shares (docs/performance.md). Logged, not counted.
                        Percentiles warm = latency(cluster, last, rate, already, "latency warm-up", "latw", options.latencyWarmupSeconds(), null);
                        note(String.format(Locale.ROOT, "latency warm-up: p50 %.3f s, p99 %.3f s, max %.3f s (not counted)",
                                warm.percentile(50), warm.percentile(99), warm.max()));
                        already += warm.count();
                    }
                    Percentiles latency = latency(cluster, last, rate, already, "latency", "lat", options.latencySeconds(), options.latencyTrace());
                    return new Result(total, utterances, options.partitions(), options.warmup(), total / produceSeconds, pass, mon, scored,
                            rate, latency.count(), latency.percentile(50), latency.percentile(99), latency.max(), fullScrape.percentile(50), guarantee,
                            options.sendWords(), passCpu, monCpu, close, options.words(), passStream, monStream);
                } finally {
                    if (last != null) {
                        last.close();
                    }
                }
            }
        }
    }

    /** One pass-through run: its records/s and its JVM's CPU ms per 1 000 records. */
    private double[] passThrough(BenchCluster cluster, Progress progress, long total, int run, boolean counted) {
        String appId = "segmon-bench-passthrough-" + run;
        // The monitor's own Kafka Streams settings (guarantee, commit interval, producer tuning), so
        // that the ratio measures what the monitor's topology costs and nothing else.
        Properties props = SegmonTopology.streamsProperties(cluster.monitorConfig(appId, options.kafka()).build());
        AtomicReference<Throwable> failure = new AtomicReference<>();
        try (KafkaStreams streams = new KafkaStreams(PassThrough.topology(dev.segmon.app.wire.DefaultTopics.HYPOTHESES, dev.segmon.app.wire.DefaultTopics.REFERENCES, PASS_THROUGH_OUTPUT), props)) {
            streams.setUncaughtExceptionHandler(ex -> {
                failure.set(ex);
                return org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
            });
            CpuClock cpu = CpuClock.start(cluster.broker.pid());
            long start = System.nanoTime();
            streams.start();
            Progress.CatchUp c = progress.awaitCaughtUp(appId, total, start, RATE_POLL_MS, CATCH_UP_TIMEOUT_MS,
                    () -> failIf(failure.get() != null, "the pass-through application failed: " + failure.get()),
                    Progress.consumedCounter(streams::metrics, progress.topics(), total, RESCAN_MS, System::nanoTime));
            CpuClock.PerThousand used = cpu.perRecords(total, appId);
            note(String.format(Locale.ROOT, "pass-through #%d%s: %.0f records/s (%.1f s from start; %s)", run, counted ? "" : " (warm-up)", c.recordsPerSecond(),
                    c.wallSeconds(), used));
            streams.close(Duration.ofSeconds(30));
            return new double[] {c.recordsPerSecond(), used.app(), used.stream()};
        }
    }

    /**
     * Paced traffic of fresh utterances at {@code rate} records/s; each utterance's reference
     * closes it. Polls {@code /metrics} back to back; the k-th utterance counts as visible at the
     * first scrape whose scored count (for both models) has grown by k. See docs/performance.md.
     */
    private Percentiles latency(BenchCluster cluster, Monitor monitor, double rate, long already, String phase, String prefix, double lengthSeconds,
                                java.nio.file.Path trace) {
        int count = (int) Math.max(20, Math.round(rate * lengthSeconds / corpus.recordsPerUtterance()));
        note(String.format(Locale.ROOT, "%s: %d utterances at %.0f records/s (%s)", phase, count, rate,
                options.latencyRate() != null ? "--latency-rate" : "half the monitor's median rate"));
        long[] sent = new long[count];
        long[] visible = new long[count];
        AtomicReference<Throwable> senderFailure = new AtomicReference<>();
        Thread sender = new Thread(() -> {
            try (KafkaTrafficSink sink = cluster.producer()) {
                new PacedTraffic(corpus, sink, rate).run(prefix, count, sent, null);
                sink.flush();
            } catch (Throwable t) {
                senderFailure.set(t);
            }
        }, "segmon-bench-paced");
        note("monitor metrics at http://127.0.0.1:" + monitor.metricsPort() + "/metrics");
        // The scored counter alone (name[] selector): the poll then costs what that family costs, not
        // the ~2 800 Kafka client series of a full scrape, whose duration is measured apart below.
        MetricsClient metrics = new MetricsClient(monitor.metricsPort(), "segmon_utterances_total");
        long base = MetricsClient.scoredForEveryModel(metrics.scrape());
        failIf(base != already, "the monitor had scored " + base + " utterances before the latency run, expected " + already);
        sender.start();
        long deadline = System.nanoTime() + Math.round((options.latencySeconds() + 120) * 1e9);
        int seen = 0;
        long scrapes = 0;
        long pollStart = System.nanoTime();
        while (seen < count) {
            failIf(System.nanoTime() > deadline, "only " + seen + " of " + count + " paced utterances became visible on /metrics");
            failIf(senderFailure.get() != null, "the paced producer failed: " + senderFailure.get());
            failIf(monitor.hasFailed(), "the monitor failed");
            long n = MetricsClient.scoredForEveryModel(metrics.scrape()) - base;
            long now = System.nanoTime();
            scrapes++;
            while (seen < Math.min(n, count)) {
                visible[seen++] = now;
            }
            // A scrape every few milliseconds: fine enough for the figures, without the poller
            // taking a core away from the monitor it measures.
            LockSupport.parkNanos(POLL_PAUSE_NANOS);
        }
        double pollMs = (System.nanoTime() - pollStart) / 1e6 / scrapes;
        note(String.format(Locale.ROOT, "%s: %d scrapes of /metrics, one every %.1f ms on average", phase, scrapes, pollMs));
        try {
            sender.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        MetricsClient full = new MetricsClient(monitor.metricsPort());
        double[] scrapeSeconds = new double[FULL_SCRAPES];
        for (int i = 0; i < FULL_SCRAPES; i++) {
            long t = System.nanoTime();
            full.scrape();
            scrapeSeconds[i] = (System.nanoTime() - t) / 1e9;
        }
        fullScrape = new Percentiles(scrapeSeconds);
        note(String.format(Locale.ROOT, "a full scrape of /metrics takes %.3f s (median of %d)", fullScrape.percentile(50), FULL_SCRAPES));
        double[] seconds = new double[count];
        for (int k = 0; k < count; k++) {
            seconds[k] = (visible[k] - sent[k]) / 1e9;
        }
        if (trace != null) {
            writeTrace(trace, sent, seconds, rate);
        }
        return new Percentiles(seconds);
    }

    /**
     * One line per paced utterance: its index, when its reference was sent (seconds after the
     * first), how far behind its schedule that was (the sender stalled), and its latency. Read
     * by second of the run, it tells a tail made of a few stretches where the machine fell behind
     * from one spread over the run (docs/performance.md).
     */
    private void writeTrace(java.nio.file.Path trace, long[] sent, double[] seconds, double rate) {
        double period = corpus.recordsPerUtterance() / rate;
        try (PrintWriter w = new PrintWriter(java.nio.file.Files.newBufferedWriter(trace))) {
            w.println("utterance,sent_s,behind_schedule_s,latency_s");
            for (int k = 0; k < sent.length; k++) {
                double at = (sent[k] - sent[0]) / 1e9;
                w.printf(Locale.ROOT, "%d,%.4f,%.4f,%.4f%n", k, at, at - k * period, seconds[k]);
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot write " + trace + ": " + e.getMessage(), e);
        }
        note("latency: every utterance's send time and latency written to " + trace);
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
