package dev.segmon.tools.bench;

import dev.segmon.app.replay.KafkaTrafficSink;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * The bench's latency phase: paced traffic against a running application, each referenced
 * utterance timed from its reference's send to the moment a {@link Probe} sees it: the monitor's
 * score on {@code /metrics} ({@link MonitorProbe}), or the pass-through's copy of the reference on
 * its output topic ({@link PassThroughLatency}). docs/performance.md says how.
 */
final class PacedLatency {
    /** At least this many referenced utterances per phase, whatever the share. */
    static final int MIN_REFERENCED = 20;

    /**
     * The utterances of one phase: ids {@code prefix-i}; {@code order[k]} is the index of the k-th
     * referenced utterance, {@code ordinal[i]} the k of utterance i (-1: no reference).
     */
    record Plan(String prefix, ReferenceSample sample, int[] order, int[] ordinal) {
        static Plan of(String prefix, ReferenceSample sample) {
            int n = (int) sample.utterances();
            int[] order = new int[(int) sample.referenced()];
            int[] ordinal = new int[n];
            int k = 0;
            for (int i = 0; i < n; i++) {
                ordinal[i] = sample.referenced(i) ? k : -1;
                if (ordinal[i] >= 0) {
                    order[k++] = i;
                }
            }
            return new Plan(prefix, sample, order, ordinal);
        }
    }

    /** Sees referenced utterances become visible. */
    interface Probe {
        /**
         * Waits a few milliseconds at most, sets {@code visible[k]} (System.nanoTime) of every
         * referenced utterance k of the plan seen since the last call, and returns how many of
         * them are set in all; throws if the application failed.
         */
        int poll(Plan plan, long[] visible);
    }

    private final BenchCluster cluster;
    private final BenchCorpus corpus;
    private final Bench.Options options;
    private final Consumer<String> note;
    /** The paced utterances' records, rendered before the first phase (see {@link RenderedCorpus}). */
    private RenderedCorpus rendered;

    PacedLatency(BenchCluster cluster, BenchCorpus corpus, Bench.Options options, Consumer<String> note) {
        this.cluster = cluster;
        this.corpus = corpus;
        this.options = options;
        this.note = note;
    }

    /** The broker's process, whose CPU a phase's figures include. */
    long brokerPid() {
        return cluster.broker.pid();
    }

    /**
     * One paced phase: the latency of every referenced utterance, in seconds, and the sender's CPU
     * per 1 000 records sent (its thread and its producer's network thread): fixed work whose cost
     * moves only with the machine, the control a p99 is read against (docs/performance.md, "The
     * paced sender as the machine's control").
     */
    record Phase(Percentiles latency, double senderCpuPerThousand) {
    }

    /**
     * Paced traffic of fresh utterances at {@code rate} records/s, a share of them referenced (each
     * reference closes its utterance), for {@code lengthSeconds}; the latency of every referenced
     * one is appended to {@code trace} (null: none) as measured phase {@code run}.
     */
    Phase run(double rate, String phase, String prefix, double lengthSeconds, Trace trace, int run, Probe probe) {
        double share = options.referenceShare();
        long fromRate = Math.round(rate * lengthSeconds / corpus.meanRecordsPerUtterance(share));
        int count = (int) Math.max(fromRate, (long) Math.ceil(MIN_REFERENCED / share));
        Plan plan = Plan.of(prefix, ReferenceSample.of(count, share, options.seed(), prefix));
        note.accept(String.format(Locale.ROOT, "%s: %d utterances (%d referenced) at %.0f records/s (%s)", phase, count, plan.order().length, rate,
                options.latencyRate() != null ? "--latency-rate" : "half the monitor's median rate"));
        long[] sent = new long[count];
        long[] visible = new long[plan.order().length];
        if (rendered == null) {
            rendered = new RenderedCorpus(corpus, share, options.declare(), RenderedCorpus.TEMPLATES);
        }
        AtomicReference<Throwable> senderFailure = new AtomicReference<>();
        java.util.concurrent.atomic.AtomicLong senderNanos = new java.util.concurrent.atomic.AtomicLong();
        java.util.concurrent.atomic.AtomicLong records = new java.util.concurrent.atomic.AtomicLong();
        Thread sender = new Thread(() -> {
            try (KafkaTrafficSink sink = cluster.producer()) {
                new PacedTraffic(rendered, sink::send, rate, share).run(prefix, plan.sample(), sent, (i, n) -> records.lazySet(n));
                sink.flush();
                senderNanos.set(CpuClock.senderNanos(BenchCluster.PRODUCER_CLIENT_ID));
            } catch (Throwable t) {
                senderFailure.set(t);
            }
        }, "segmon-bench-paced");
        sender.start();
        long deadline = System.nanoTime() + Math.round((options.latencySeconds() + 120) * 1e9);
        int seen = 0;
        long polls = 0;
        long pollStart = System.nanoTime();
        while (seen < visible.length) {
            Bench.failIf(System.nanoTime() > deadline, "only " + seen + " of " + visible.length + " paced utterances became visible");
            Bench.failIf(senderFailure.get() != null, "the paced producer failed: " + senderFailure.get());
            seen = probe.poll(plan, visible);
            polls++;
        }
        double pollSeconds = (System.nanoTime() - pollStart) / 1e9;
        try {
            sender.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        double senderPerThousand = senderNanos.get() / 1e6 / records.get() * 1000;
        note.accept(String.format(Locale.ROOT, "%s: %d polls, one every %.1f ms on average; the paced sender used %.2f cores (%.3f ms per 1000 records)",
                phase, polls, pollSeconds * 1e3 / polls, senderNanos.get() / 1e9 / pollSeconds, senderPerThousand));
        double[] seconds = new double[visible.length];
        for (int k = 0; k < visible.length; k++) {
            seconds[k] = (visible[k] - sent[plan.order()[k]]) / 1e9;
        }
        if (trace != null) {
            trace.add(run, plan, sent, seconds, corpus.meanRecordsPerUtterance(options.referenceShare()) / rate);
        }
        return new Phase(new Percentiles(seconds), senderPerThousand);
    }

    /**
     * The {@code --latency-trace} file: one line per referenced paced utterance of the measured
     * phases, its index, when its reference was sent (seconds after the phase's first), how far
     * behind its schedule that was (the sender stalled), its latency and its phase (1, 2, ...).
     * Read by second of a phase, it tells a tail made of a few stretches where the machine fell
     * behind from one spread over the phase (docs/performance.md).
     */
    static final class Trace implements java.io.Closeable {
        private final Path path;
        private final PrintWriter out;

        private Trace(Path path, PrintWriter out) {
            this.path = path;
            this.out = out;
        }

        static Trace open(Path path) {
            try {
                PrintWriter out = new PrintWriter(Files.newBufferedWriter(path));
                out.println("utterance,sent_s,behind_schedule_s,latency_s,phase");
                return new Trace(path, out);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write " + path + ": " + e.getMessage(), e);
            }
        }

        Path path() {
            return path;
        }

        /** Utterance i was due {@code period} x i seconds after the phase's first. */
        void add(int phase, Plan plan, long[] sent, double[] seconds, double period) {
            long first = sent[plan.order()[0]];
            for (int k = 0; k < seconds.length; k++) {
                int i = plan.order()[k];
                double at = (sent[i] - first) / 1e9;
                out.printf(Locale.ROOT, "%d,%.4f,%.4f,%.4f,%d%n", i, at, at - i * period, seconds[k], phase);
            }
        }

        @Override
        public void close() {
            out.close();
            if (out.checkError()) {
                throw new UncheckedIOException(new IOException("cannot write " + path));
            }
        }
    }
}
