package dev.segmon.tools.bench;

import dev.segmon.app.Monitor;
import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.metrics.PrometheusText;
import dev.segmon.app.replay.KafkaTrafficSink;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code segmon bench --soak}: the monitor under a steady rate for a long run (20 million records
 * by default), with a bounded number of open utterances (each utterance is sent whole, its
 * reference last). At regular intervals it samples the heap used after a full GC, the monitor's
 * open utterances and state-store keys (from its own {@code /metrics}) and the state directory's
 * size on disk. Closed utterances are kept for {@code --reference-max-delay} (30 s here) to refuse
 * late records, so the stores fill for that long and must stay flat afterwards. With a reference
 * share below 1, the hypotheses of the utterances without one are held for as long in case a
 * reference comes (unless their ends declare that none will): the state is then bounded by the
 * traffic x the hold x the bytes of a held hypothesis, which the result gives per open utterance.
 */
public final class Soak {
    public record Options(long events, double rate, int partitions, int words, int samples, Duration referenceMaxDelay,
                          long seed, Map<String, String> kafka, String brokerHeap, boolean sendWords, double referenceShare, boolean declare,
                          List<String> sliceKeys) {
    }

    /** One sample; {@code storeKeys} is RocksDB's estimate summed over the monitor's stores (-1 if not exported). */
    public record Sample(double seconds, long sent, long committed, long heapAfterGcBytes, long openUtterances,
                         long storeKeys, long stateDirBytes) {
    }

    public record Result(long events, long utterances, double rate, double achievedRate, Duration referenceMaxDelay,
                         long scoredPerModel, Map<String, Long> outcomes, List<Sample> samples, int firstSteady, Bench.References references,
                         SliceBooking slices) {
        public Sample start() {
            return samples.get(firstSteady);
        }

        public Sample end() {
            return samples.get(samples.size() - 1);
        }

        /**
         * What one more open utterance costs on disk: the state directory's growth over the open
         * utterances' growth from the first sample to the last (NaN when they did not grow). The
         * growth, not the ratio at the end, leaves out the files an empty store has.
         */
        public double stateDirBytesPerOpenUtterance() {
            Sample first = samples.get(0);
            long opened = end().openUtterances() - first.openUtterances();
            return opened <= 0 ? Double.NaN : (double) (end().stateDirBytes() - first.stateDirBytes()) / opened;
        }

        public Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("events", events);
            m.put("utterances", utterances);
            m.put("rate_records_per_s", Math.round(rate));
            m.put("achieved_records_per_s", Math.round(achievedRate));
            m.put("reference_max_delay_s", referenceMaxDelay.toMillis() / 1000.0);
            m.put("reference_share", references.share());
            m.put("referenced_utterances", references.referenced());
            m.put("references_declared", references.declared());
            m.put("scored_utterances_per_model", scoredPerModel);
            m.put("state_dir_bytes_per_open_utterance", Double.isNaN(stateDirBytesPerOpenUtterance()) ? null : Math.round(stateDirBytesPerOpenUtterance()));
            m.put("outcomes", outcomes);
            m.put("slice_keys", slices.keys());
            m.put("slice_values_booked", slices.keys().isEmpty() ? null : slices.valuesBooked());
            m.put("start", json(start()));
            m.put("end", json(end()));
            m.put("samples", samples.stream().map(Result::json).toList());
            return m;
        }

        private static Map<String, Object> json(Sample s) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("seconds", Math.round(s.seconds() * 10) / 10.0);
            m.put("sent", s.sent());
            m.put("committed", s.committed());
            m.put("heap_after_gc_bytes", s.heapAfterGcBytes());
            m.put("open_utterances", s.openUtterances());
            m.put("store_keys", s.storeKeys());
            m.put("state_dir_bytes", s.stateDirBytes());
            return m;
        }

        public void print(PrintWriter out) {
            out.printf(Locale.ROOT, "soak: %d records (%d utterances x 2 models) at %.0f records/s (achieved %.0f), reference-max-delay %s%n",
                    events, utterances, rate, achievedRate, referenceMaxDelay);
            out.printf(Locale.ROOT, "%8s %10s %10s %14s %8s %10s %12s%n", "t (s)", "sent", "committed", "heap-after-GC", "open", "store-keys", "state-dir");
            for (int i = 0; i < samples.size(); i++) {
                Sample s = samples.get(i);
                out.printf(Locale.ROOT, "%8.1f %10d %10d %11.1f MiB %8d %10d %8.1f MiB%s%n", s.seconds(), s.sent(), s.committed(),
                        s.heapAfterGcBytes() / 1048576.0, s.openUtterances(), s.storeKeys(), s.stateDirBytes() / 1048576.0,
                        i == firstSteady ? "  <- start (retention window full)" : i == samples.size() - 1 ? "  <- end" : "");
            }
            out.printf(Locale.ROOT, "references for %d of %d utterances (share %s%s)%n", references.referenced(), utterances,
                    references.share(), references.declared() ? ", declared" : ", undeclared");
            out.printf(Locale.ROOT, "scored %d utterances per model of %d referenced; closed utterances by outcome (both models): %s%n",
                    scoredPerModel, references.referenced(), outcomes);
            if (!slices.keys().isEmpty()) {
                out.printf(Locale.ROOT, "slices: keys %s, values booked %s; per key the slices' hits sum to the pooled hits%n",
                        String.join(",", slices.keys()), slices.valuesBooked());
            }
            if (!Double.isNaN(stateDirBytesPerOpenUtterance())) {
                out.printf(Locale.ROOT, "state dir per open utterance (growth from the first sample to the last): %.0f bytes%n", stateDirBytesPerOpenUtterance());
            }
            out.flush();
        }
    }

    private final Options options;
    private final PrintWriter log;
    private final BenchCorpus corpus;

    public Soak(Options options, PrintWriter log) {
        this.options = options;
        this.log = log;
        this.corpus = new BenchCorpus(options.words(), options.seed(), options.sendWords(), !options.sliceKeys().isEmpty());
    }

    public Result run() {
        long utterances = corpus.utterancesFor(options.events(), options.referenceShare());
        ReferenceSample sample = ReferenceSample.of(utterances, options.referenceShare(), options.seed(), "s");
        long records = utterances * corpus.hypothesisRecordsPerUtterance() + sample.referenced();
        double seconds = records / options.rate();
        note("starting a broker in a child JVM");
        try (BenchCluster cluster = BenchCluster.start(options.brokerHeap(), options.partitions(), List.of(
                dev.segmon.app.wire.DefaultTopics.HYPOTHESES, dev.segmon.app.wire.DefaultTopics.REFERENCES));
             Progress progress = new Progress(cluster.bootstrapServers(), cluster.inputTopicNames())) {
            MonitorConfig.Builder b = cluster.monitorConfig("segmon-soak", options.kafka(), options.sliceKeys())
                    .referenceMaxDelay(options.referenceMaxDelay())
                    .expiryInterval(Duration.ofMillis(Math.max(1000, Math.min(10_000, options.referenceMaxDelay().toMillis() / 4))));
            MonitorConfig config = b.build();
            Path stateDir = config.stateDir();
            try (Monitor monitor = Monitor.start(config)) {
                Bench.failIf(!monitor.awaitRunning(Duration.ofMinutes(2)), "the monitor did not start");
                MetricsClient metrics = new MetricsClient(monitor.metricsPort());
                note(String.format(Locale.ROOT, "broker at %s; sending %d records at %.0f records/s (%.0f s)",
                        cluster.bootstrapServers(), records, options.rate(), seconds));
                AtomicLong sent = new AtomicLong();
                AtomicReference<Throwable> failure = new AtomicReference<>();
                // Rendered as sent: at the soak's rate the sender's CPU does not matter, and templates would add to the heap measured.
                RenderedCorpus rendered = RenderedCorpus.asSent(corpus, options.declare());
                Thread sender = new Thread(() -> {
                    try (KafkaTrafficSink sink = cluster.producer()) {
                        new PacedTraffic(rendered, sink::send, options.rate(), options.referenceShare())
                                .run("s", sample, null, (i, n) -> sent.set(n));
                        sink.flush();
                    } catch (Throwable t) {
                        failure.set(t);
                    }
                }, "segmon-soak-paced");
                long start = System.nanoTime();
                sender.start();
                List<Sample> samples = new ArrayList<>();
                samples.add(sample(start, sent.get(), progress, metrics, stateDir));
                long every = Math.round(seconds / options.samples() * 1e9);
                for (int k = 1; k < options.samples(); k++) {
                    long due = start + k * every;
                    while (System.nanoTime() < due && sender.isAlive()) {
                        Bench.failIf(monitor.hasFailed(), "the monitor failed");
                        Progress.sleep(200);
                    }
                    Bench.failIf(failure.get() != null, "the soak producer failed: " + failure.get());
                    if (!sender.isAlive()) {
                        break;
                    }
                    samples.add(sample(start, sent.get(), progress, metrics, stateDir));
                    Sample s = samples.get(samples.size() - 1);
                    note(String.format(Locale.ROOT, "t=%.0f s sent %d committed %d heap %.1f MiB open %d keys %d dir %.1f MiB",
                            s.seconds(), s.sent(), s.committed(), s.heapAfterGcBytes() / 1048576.0, s.openUtterances(), s.storeKeys(),
                            s.stateDirBytes() / 1048576.0));
                }
                join(sender);
                Bench.failIf(failure.get() != null, "the soak producer failed: " + failure.get());
                double sendSeconds = (System.nanoTime() - start) / 1e9;
                // The last sample as the traffic ends: still the steady state (nothing has expired since).
                samples.add(sample(start, sent.get(), progress, metrics, stateDir));
                progress.awaitCaughtUp(config.applicationId(), records, System.nanoTime(), 200, 10 * 60_000L,
                        () -> Bench.failIf(monitor.hasFailed(), "the monitor failed"));
                List<PrometheusText.Sample> last = metrics.scrape();
                long scored = MetricsClient.scoredForEveryModel(last);
                Map<String, Long> outcomes = MetricsClient.outcomes(last);
                SliceBooking slices = SliceBooking.of(last, options.sliceKeys());
                // The first sample taken once closed utterances have begun to expire: the start of the steady state.
                double warm = options.referenceMaxDelay().toMillis() / 1000.0 + config.expiryInterval().toMillis() / 1000.0 * 2;
                int firstSteady = samples.size() - 1;
                for (int i = 0; i < samples.size(); i++) {
                    if (samples.get(i).seconds() >= warm) {
                        firstSteady = i;
                        break;
                    }
                }
                return new Result(records, utterances, options.rate(), records / sendSeconds, options.referenceMaxDelay(), scored,
                        outcomes, samples, firstSteady, new Bench.References(options.referenceShare(), sample.referenced(), options.declare()), slices);
            }
        }
    }

    private static Sample sample(long start, long sent, Progress progress, MetricsClient metrics, Path stateDir) {
        double t = (System.nanoTime() - start) / 1e9;
        long committed = progress.committed("segmon-soak");
        System.gc();
        System.gc();
        long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        List<PrometheusText.Sample> m = metrics.scrape();
        long open = Math.round(MetricsClient.sum(m, "segmon_open_utterances"));
        boolean exported = m.stream().anyMatch(s -> s.name().equals(STORE_KEYS));
        long keys = exported ? Math.round(MetricsClient.sum(m, STORE_KEYS)) : -1;
        return new Sample(t, sent, committed, heap, open, keys, BenchCluster.sizeOnDisk(stateDir));
    }

    /** RocksDB's {@code rocksdb.estimate-num-keys} per store, as Micrometer's KafkaStreamsMetrics exports it. */
    static final String STORE_KEYS = "kafka_stream_state_estimate_num_keys";

    private void note(String line) {
        log.println("soak: " + line);
        log.flush();
    }

    private static void join(Thread t) {
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
