package dev.segmon.tools.cli;

import dev.segmon.app.broker.KafkaLogging;
import dev.segmon.app.cli.SegmonCommand;
import dev.segmon.app.cli.support.JsonOutput;
import dev.segmon.app.cli.support.UsageException;
import dev.segmon.tools.bench.Bench;
import dev.segmon.tools.bench.BenchLabels;
import dev.segmon.tools.bench.BenchResult;
import dev.segmon.tools.bench.Soak;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

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
            JsonOutput.print(out, BenchReport.toJson(r));
        } else {
            BenchReport.print(out, r);
        }
        return SegmonCommand.EXIT_OK;
    }
}
