package dev.segmon.tools.cli;

import dev.segmon.app.cli.SegmonCommand;
import dev.segmon.app.cli.support.JsonOutput;
import dev.segmon.app.cli.support.UsageException;
import dev.segmon.tools.bench.Bench;
import dev.segmon.tools.bench.BenchLabels;
import dev.segmon.tools.bench.BenchResult;
import dev.segmon.tools.bench.Latency;
import dev.segmon.tools.bench.LatencyRuns;
import dev.segmon.tools.bench.Soak;
import dev.segmon.app.broker.KafkaLogging;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code segmon bench}: throughput of the monitor against a pass-through Kafka Streams application,
 * and its latency at half its maximum rate; {@code --soak}: a long steady run watching heap and
 * state. Both on a broker of their own in a child JVM (docs/performance.md).
 */
@Command(name = "bench",
        mixinStandardHelpOptions = true,
        description = {
            "Measures the monitor on a broker started in a child JVM: records/s of the monitor (exactly_once_v2)",
            "and of a pass-through Kafka Streams app on the same pre-filled topics, their ratio, and the latency",
            "from a reference's send to its score on /metrics at half the monitor's rate, beside the pass-through's",
            "send-to-output latency at the same rate. --reference-share and --declare: references for a sample.",
            "--slice-keys lang,domain: the utterances carry labels and the monitor books every figure per slice too.",
            "--soak: a steady-rate run reporting heap after GC and state size at start and end."})
public final class BenchCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--events", paramLabel = "N", description = "Records to send (default 2000000; 20000000 with --soak).")
    Long events;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Option(names = "--partitions", paramLabel = "N", defaultValue = "4", description = "Partitions of each input topic (default ${DEFAULT-VALUE}).")
    int partitions;

    @Option(names = "--words", paramLabel = "W", defaultValue = "20", description = "Words per utterance: 2W+5 records each (default ${DEFAULT-VALUE}).")
    int words;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "5", description = "Throughput runs of each application; the median is reported (default ${DEFAULT-VALUE}).")
    int repeat;

    @Option(names = "--warmup", paramLabel = "N", defaultValue = "2",
            description = "Runs of each application before the measured ones, logged but not counted: the JIT compiles the hot paths (default ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--warmup-settle", paramLabel = "N", defaultValue = "4",
            description = "After the --warmup runs, at most N more of each application until the JIT compiled under 0.10 of each one's last run (default ${DEFAULT-VALUE}; 0: none).")
    int warmupSettle;

    @Option(names = "--latency-seconds", paramLabel = "S", defaultValue = "20", description = "Length of each measured paced latency phase (default ${DEFAULT-VALUE}).")
    double latencySeconds;

    @Option(names = "--latency-repeat", paramLabel = "N", defaultValue = "3",
            description = "Measured latency phases of each application, one after the other; the medians of their p50 and p99 are reported (default ${DEFAULT-VALUE}).")
    int latencyRepeat;

    @Option(names = "--latency-warmup", paramLabel = "S", defaultValue = "5",
            description = "Seconds of paced traffic at the latency run's rate before it, logged but not counted: the JIT compiles the paced path (default ${DEFAULT-VALUE}; 0: none).")
    double latencyWarmupSeconds;

    @Option(names = "--latency-settle", paramLabel = "S", defaultValue = "120",
            description = "After the warm-up, at most S seconds more of paced traffic, in 10 s steps, until the JIT compilers of the bench's JVM and its broker use under 0.05 of a core in a step (default ${DEFAULT-VALUE}; 0: none).")
    double latencySettleSeconds;

    @Option(names = "--latency-trace", paramLabel = "FILE",
            description = "Write every measured paced utterance's send time, delay behind its schedule and latency to FILE (CSV).")
    java.nio.file.Path latencyTrace;

    @Option(names = "--latency-rate", paramLabel = "RECORDS_PER_S",
            description = "Rate of the paced latency run (default: half of the monitor's median rate), e.g. to compare two builds at one rate.")
    Double latencyRate;

    @Option(names = "--no-passthrough", negatable = false, description = "Measure the monitor only (e.g. under a profiler).")
    boolean noPassThrough;

    @Option(names = "--send-words", description = "Every hypothesis message carries a word (start, end, word): 2W+3 records per utterance, and the monitor scores word errors too. The default; kept so that older command lines still run.")
    boolean sendWords;

    @Option(names = "--boundaries-only", description = "Hypothesis messages carry bare times instead of words (2W+5 records per utterance); the monitor scores boundaries only.")
    boolean boundariesOnly;

    @Option(names = "--soak", description = "Run the soak test instead.")
    boolean soak;

    @Option(names = "--rate", paramLabel = "RECORDS_PER_S", defaultValue = "50000", description = "Soak: steady send rate (default ${DEFAULT-VALUE}).")
    double rate;

    @Option(names = "--samples", paramLabel = "N", defaultValue = "10", description = "Soak: heap/state samples over the run (default ${DEFAULT-VALUE}).")
    int samples;

    @Option(names = "--reference-max-delay", paramLabel = "DURATION", defaultValue = "30s",
            description = "Soak: the monitor's retention of closed utterances (default ${DEFAULT-VALUE}).")
    java.time.Duration referenceMaxDelay;

    @Option(names = "--reference-share", paramLabel = "S", defaultValue = "1",
            description = "Share of the utterances that get a reference, 0 < S <= 1: exactly round(S x utterances) of them (at least one), chosen from --seed;"
                    + " the others send their hypotheses only (default ${DEFAULT-VALUE}: all). Bench and soak.")
    double referenceShare;

    @Option(names = {"--declare", "--declared"},
            description = "Each hypothesis end declares whether a reference follows: \"reference\": \"expected\" for the referenced utterances,"
                    + " \"none\" for the others. Without it nothing is declared. Bench and soak.")
    boolean declare;

    @Option(names = "--slice-keys", split = ",", paramLabel = "KEY",
            description = "Every utterance carries the labels lang (20 values) and domain (4 values), drawn from --seed, on its hypothesis ends,"
                    + " and the monitor runs with these slice keys (of lang, domain) and an allow-list of those values. Without it: no labels. Bench and soak.")
    java.util.List<String> sliceKeys = java.util.List.of();

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed of the synthetic corpus (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--broker-heap", paramLabel = "SIZE", defaultValue = "1g", description = "Heap of the broker JVM (default ${DEFAULT-VALUE}).")
    String brokerHeap;

    @Option(names = "--kafka", paramLabel = "KEY=VALUE", description = "Extra Kafka Streams setting for the applications (repeatable).")
    Map<String, String> kafka = new LinkedHashMap<>();

    @Override
    public Integer call() {
        if (sendWords && boundariesOnly) {
            throw new UsageException("--send-words and --boundaries-only exclude each other");
        }
        if (partitions < 1 || words < 1 || repeat < 1 || latencyRepeat < 1 || warmup < 0 || warmupSettle < 0 || samples < 2 || !(latencySeconds > 0) || !(rate > 0) || !(latencyWarmupSeconds >= 0) || !(latencySettleSeconds >= 0)) {
            throw new UsageException("--partitions, --words, --repeat, --latency-repeat must be >= 1, --warmup and --warmup-settle >= 0, --samples >= 2, --latency-seconds and --rate > 0, --latency-warmup and --latency-settle >= 0");
        }
        if (!(referenceShare > 0 && referenceShare <= 1)) {
            throw new UsageException("--reference-share must be > 0 and <= 1");
        }
        for (String key : sliceKeys) {
            if (!BenchLabels.VALUES.containsKey(key)) {
                throw new UsageException("--slice-keys: the bench's utterances carry the labels " + String.join(", ", BenchLabels.VALUES.keySet())
                        + ", not " + key);
            }
        }
        if (events != null && events < 1) {
            throw new UsageException("--events must be >= 1");
        }
        KafkaLogging.quiet();
        // Exactly-once producers log each CONCURRENT_TRANSACTIONS / OUT_OF_ORDER_SEQUENCE_NUMBER retry
        // of a transaction that starts while the previous commit completes (retried, harmless).
        System.setProperty("org.slf4j.simpleLogger.log.org.apache.kafka.clients.producer.internals.Sender",
                System.getProperty("org.slf4j.simpleLogger.log.org.apache.kafka.clients.producer.internals.Sender", "error"));
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter log = spec.commandLine().getErr();
        if (soak) {
            Soak.Result r = new Soak(new Soak.Options(events == null ? 20_000_000L : events, rate, partitions, words, samples,
                    referenceMaxDelay, seed, kafka, brokerHeap, !boundariesOnly, referenceShare, declare, sliceKeys), log).run();
            if (json) {
                JsonOutput.print(out, r.toJson());
            } else {
                r.print(out);
            }
            return SegmonCommand.EXIT_OK;
        }
        BenchResult r = new Bench(new Bench.Options(events == null ? 2_000_000L : events, partitions, words, warmup, repeat,
                latencySeconds, latencyRate, seed, kafka, brokerHeap, !noPassThrough, !boundariesOnly, latencyWarmupSeconds, latencyTrace,
                referenceShare, declare, sliceKeys, latencySettleSeconds, warmupSettle, latencyRepeat), log).run();
        if (json) {
            JsonOutput.print(out, toJson(r));
        } else {
            print(out, r);
        }
        return SegmonCommand.EXIT_OK;
    }

    static Map<String, Object> toJson(BenchResult r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("events", r.events());
        m.put("utterances", r.utterances());
        m.put("partitions", r.partitions());
        m.put("processing_guarantee", r.processingGuarantee());
        m.put("produce_records_per_s", Math.round(r.produceRecordsPerSecond()));
        m.put("passthrough_records_per_s", r.passThroughRates().isEmpty() ? null : Math.round(r.passThroughRecordsPerSecond()));
        m.put("monitor_records_per_s", Math.round(r.monitorRecordsPerSecond()));
        m.put("ratio", r.passThroughRates().isEmpty() ? null : round(r.ratio(), 3));
        m.put("paired_ratio", nullIfNaN(round(r.pairedRatio(), 3)));
        m.put("hypotheses", r.sendWords() ? "words" : "boundaries");
        m.put("passthrough_cpu_ms_per_1000_records", r.passThroughCpu().isEmpty() ? null : round(r.passThroughCpuPerThousand(), 2));
        m.put("monitor_cpu_ms_per_1000_records", round(r.monitorCpuPerThousand(), 2));
        m.put("passthrough_stream_thread_cpu_ms_per_1000_records", r.passThroughStreamCpu().isEmpty() ? null : round(r.passThroughStreamCpuPerThousand(), 2));
        m.put("monitor_stream_thread_cpu_ms_per_1000_records", round(r.monitorStreamCpuPerThousand(), 2));
        m.put("words_per_utterance", r.words());
        m.put("close_ms_mean", round(r.close().meanMs(), 4));
        m.put("close_ms_max", round(r.close().maxMs(), 4));
        m.put("close_cpu_ms_mean", round(r.close().cpuMeanMs(), 4));
        m.put("close_cpu_ms_max", round(r.close().cpuMaxMs(), 4));
        m.put("warmup_runs", r.warmupRuns());
        m.put("warmup_settled", r.throughputWarmup().settled());
        m.put("passthrough_runs_jit_share", r.passThroughCompiling().stream().map(x -> nullIfNaN(round(x, 3))).toList());
        m.put("monitor_runs_jit_share", r.monitorCompiling().stream().map(x -> nullIfNaN(round(x, 3))).toList());
        m.put("passthrough_runs", r.passThroughRates().stream().map(Math::round).toList());
        m.put("monitor_runs", r.monitorRates().stream().map(Math::round).toList());
        m.put("reference_share", r.references().share());
        m.put("referenced_utterances", r.references().referenced());
        m.put("references_declared", r.references().declared());
        m.put("scored_utterances_per_model", r.scoredPerModel());
        m.put("outcomes", r.outcomes());
        m.put("slice_keys", r.slices().keys());
        m.put("slice_values_booked", r.slices().keys().isEmpty() ? null : r.slices().valuesBooked());
        m.put("latency_rate_records_per_s", Math.round(r.latencyRate()));
        m.put("latency_samples", r.latencySamples());
        m.put("latency_p50_s", round(r.latencyP50(), 4));
        m.put("latency_p99_s", round(r.latencyP99(), 4));
        m.put("latency_max_s", round(r.latencyMax(), 4));
        m.put("latency_runs_p50_s", r.latency().runs().stream().map(l -> round(l.p50(), 4)).toList());
        m.put("latency_runs_p99_s", r.latency().runs().stream().map(l -> round(l.p99(), 4)).toList());
        m.put("latency_pooled_p99_s", round(r.latency().pooled().p99(), 4));
        m.put("latency_sender_cpu_ms_per_1000_records", nullIfNaN(round(r.latencySenderCpuPerThousand(), 4)));
        m.put("latency_stream_thread_cpu_ms_per_1000_records", nullIfNaN(round(r.latencyStreamCpuPerThousand(), 2)));
        m.put("latency_to_throughput_stream_cpu", nullIfNaN(round(r.latencyToThroughputStreamCpu(), 2)));
        List<Double> concurrentGc = new ArrayList<>(); // null where /proc could not be read: not a List.of
        r.latencyConcurrentGcCores().forEach(c -> concurrentGc.add(nullIfNaN(round(c, 3))));
        m.put("latency_runs_concurrent_gc_cores", concurrentGc);
        m.put("latency_warmup_s", r.latencyWarmup().seconds());
        m.put("latency_warmup_p99_s", nullIfNaN(round(r.latencyWarmup().p99(), 4)));
        m.put("latency_warmup_compiler_cores", nullIfNaN(round(r.latencyWarmup().compilerCores(), 3)));
        m.put("latency_warmup_settled", r.latencyWarmup().settled());
        LatencyRuns passRuns = r.passThroughLatency();
        Latency pass = passRuns == null ? null : passRuns.summary();
        m.put("passthrough_latency_samples", pass == null ? null : pass.samples());
        m.put("passthrough_latency_p50_s", pass == null ? null : round(pass.p50(), 4));
        m.put("passthrough_latency_p99_s", pass == null ? null : round(pass.p99(), 4));
        m.put("passthrough_latency_max_s", pass == null ? null : round(pass.max(), 4));
        m.put("passthrough_latency_runs_p99_s", passRuns == null ? null : passRuns.runs().stream().map(l -> round(l.p99(), 4)).toList());
        m.put("passthrough_latency_pooled_p99_s", passRuns == null ? null : round(passRuns.pooled().p99(), 4));
        m.put("passthrough_latency_warmup_s", pass == null ? null : r.passThroughWarmup().seconds());
        m.put("passthrough_latency_warmup_settled", pass == null ? null : r.passThroughWarmup().settled());
        m.put("latency_p99_ratio_to_passthrough", pass == null ? null : round(r.latencyP99Ratio(), 2));
        m.put("full_scrape_p50_s", round(r.fullScrapeSeconds(), 4));
        return m;
    }

    private static void print(PrintWriter out, BenchResult r) {
        out.printf(Locale.ROOT, "events        %d (%d utterances x 2 models, %d partitions per topic; hypotheses as %s)%n", r.events(), r.utterances(),
                r.partitions(), r.sendWords() ? "words" : "bare boundaries");
        out.printf(Locale.ROOT, "references    %d of %d utterances (share %s, %s)%n", r.references().referenced(), r.utterances(),
                r.references().share(), r.references().declared() ? "declared" : "undeclared");
        if (!r.slices().keys().isEmpty()) {
            out.printf(Locale.ROOT, "slices        %s: values booked %s; per key the slices' hits sum to the pooled hits%n",
                    String.join(",", r.slices().keys()), r.slices().valuesBooked());
        }
        out.printf(Locale.ROOT, "produce       %.0f records/s%n", r.produceRecordsPerSecond());
        Boolean settled = r.throughputWarmup().settled();
        out.printf(Locale.ROOT, "warm-up       %d run(s) of each application first, not counted%s%n", r.warmupRuns(),
                settled == null ? "" : settled ? "; the JIT had settled" : "; the JIT had not settled");
        if (!r.passThroughRates().isEmpty()) {
            out.printf(Locale.ROOT, "pass-through  %.0f records/s (median of %s)%n", r.passThroughRecordsPerSecond(), runs(r.passThroughRates()));
        }
        out.printf(Locale.ROOT, "monitor       %.0f records/s (median of %s; %s)%n", r.monitorRecordsPerSecond(), runs(r.monitorRates()), r.processingGuarantee());
        out.printf(Locale.ROOT, "close         %.3f ms mean, %.3f ms max per utterance closed (%d words each; last measured run);"
                        + " CPU %.3f ms mean, %.3f ms max%n",
                r.close().meanMs(), r.close().maxMs(), r.words(), r.close().cpuMeanMs(), r.close().cpuMaxMs());
        out.printf(Locale.ROOT, "CPU           monitor %.2f ms per 1000 records%s (median, in the application's JVM)%n", r.monitorCpuPerThousand(),
                r.passThroughCpu().isEmpty() ? "" : String.format(Locale.ROOT, ", pass-through %.2f ms", r.passThroughCpuPerThousand()));
        out.printf(Locale.ROOT, "              stream threads: monitor %.2f ms%s (median, the work per record without JIT, GC and the producer's thread)%n",
                r.monitorStreamCpuPerThousand(),
                r.passThroughStreamCpu().isEmpty() ? "" : String.format(Locale.ROOT, ", pass-through %.2f ms", r.passThroughStreamCpuPerThousand()));
        if (!r.passThroughRates().isEmpty()) {
            out.printf(Locale.ROOT, "ratio         %.2f (of the medians); %.2f paired (the median of each pair's own ratio)%n", r.ratio(), r.pairedRatio());
        }
        out.printf(Locale.ROOT, "latency       p50 %.3f s, p99 %.3f s, max %.3f s (%d references at %.0f records/s)%n",
                r.latencyP50(), r.latencyP99(), r.latencyMax(), r.latencySamples(), r.latencyRate());
        if (r.latency().runs().size() > 1) {
            out.printf(Locale.ROOT, "              medians of %d phases (p99 %s); p99 of all together %.3f s%n",
                    r.latency().runs().size(), p99s(r.latency()), r.latency().pooled().p99());
        }
        out.printf(Locale.ROOT, "              stream threads %.2f ms per 1000 records, %.2f times their CPU per record in the throughput runs%n",
                r.latencyStreamCpuPerThousand(), r.latencyToThroughputStreamCpu());
        if (r.latencyWarmup().seconds() > 0) {
            Bench.Warmup w = r.latencyWarmup();
            out.printf(Locale.ROOT, "              after %.0f s of paced warm-up (p99 %.3f s, not counted)%s%n", w.seconds(), w.p99(),
                    w.settled() == null ? "" : w.settled() ? "; the JIT compilers had settled" : "; the JIT compilers had not settled");
        }
        if (r.passThroughLatency() != null) {
            Latency pass = r.passThroughLatency().summary();
            out.printf(Locale.ROOT, "pass-through  p50 %.3f s, p99 %.3f s, max %.3f s (%d references at the same rate); monitor p99 / pass-through p99 %.2f%n",
                    pass.p50(), pass.p99(), pass.max(), pass.samples(), r.latencyP99Ratio());
        }
        out.printf(Locale.ROOT, "full scrape   %.3f s (median; all ~2 800 series of /metrics)%n", r.fullScrapeSeconds());
        out.flush();
    }

    private static String p99s(LatencyRuns runs) {
        return String.join(", ", runs.runs().stream().map(l -> String.format(Locale.ROOT, "%.3f", l.p99())).toList());
    }

    private static String runs(java.util.List<Double> rates) {
        return String.join(", ", rates.stream().map(x -> String.format(Locale.ROOT, "%.0f", x)).toList());
    }

    /** JSON has no NaN: a figure that was not measured is null. */
    private static Double nullIfNaN(double v) {
        return Double.isNaN(v) ? null : v;
    }

    /** {@code v} to {@code digits} places; NaN stays NaN (Math.round would make it 0), for nullIfNaN to see. */
    private static double round(double v, int digits) {
        if (Double.isNaN(v)) {
            return v;
        }
        double f = Math.pow(10, digits);
        return Math.round(v * f) / f;
    }
}
