package dev.segmon.app.bench;

import dev.segmon.app.Monitor;
import dev.segmon.app.replay.KafkaTrafficSink;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * The bench's latency phase: paced traffic against a running monitor, each utterance timed from
 * its reference's send to its first appearance on {@code /metrics} (docs/performance.md).
 */
final class PacedLatency {
    private static final long POLL_PAUSE_NANOS = 5_000_000L;
    private static final int FULL_SCRAPES = 10;

    /** Each utterance's latency in seconds, and the durations of full scrapes taken after the phase. */
    record Figures(Percentiles latency, Percentiles fullScrape) {
    }

    private final BenchCluster cluster;
    private final BenchCorpus corpus;
    private final Bench.Options options;
    private final Consumer<String> note;

    PacedLatency(BenchCluster cluster, BenchCorpus corpus, Bench.Options options, Consumer<String> note) {
        this.cluster = cluster;
        this.corpus = corpus;
        this.options = options;
        this.note = note;
    }

    /**
     * Paced traffic of fresh utterances at {@code rate} records/s; each utterance's reference
     * closes it. Polls {@code /metrics} back to back; the k-th utterance counts as visible at the
     * first scrape whose scored count (for both models) has grown by k. See docs/performance.md.
     */
    Figures run(Monitor monitor, double rate, long already, String phase, String prefix, double lengthSeconds, Path trace) {
        int count = (int) Math.max(20, Math.round(rate * lengthSeconds / corpus.recordsPerUtterance()));
        note.accept(String.format(Locale.ROOT, "%s: %d utterances at %.0f records/s (%s)", phase, count, rate,
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
        note.accept("monitor metrics at http://127.0.0.1:" + monitor.metricsPort() + "/metrics");
        // The scored counter alone (name[] selector): the poll then costs what that family costs, not
        // every Kafka client series of a full scrape, whose duration is measured apart below.
        MetricsClient metrics = new MetricsClient(monitor.metricsPort(), "segmon_utterances_total");
        long base = MetricsClient.scoredForEveryModel(metrics.scrape());
        Bench.failIf(base != already, "the monitor had scored " + base + " utterances before the latency run, expected " + already);
        sender.start();
        long deadline = System.nanoTime() + Math.round((options.latencySeconds() + 120) * 1e9);
        int seen = 0;
        long scrapes = 0;
        long pollStart = System.nanoTime();
        while (seen < count) {
            Bench.failIf(System.nanoTime() > deadline, "only " + seen + " of " + count + " paced utterances became visible on /metrics");
            Bench.failIf(senderFailure.get() != null, "the paced producer failed: " + senderFailure.get());
            Bench.failIf(monitor.hasFailed(), "the monitor failed");
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
        note.accept(String.format(Locale.ROOT, "%s: %d scrapes of /metrics, one every %.1f ms on average", phase, scrapes, pollMs));
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
        Percentiles fullScrape = new Percentiles(scrapeSeconds);
        note.accept(String.format(Locale.ROOT, "a full scrape of /metrics takes %.3f s (median of %d)", fullScrape.percentile(50), FULL_SCRAPES));
        double[] seconds = new double[count];
        for (int k = 0; k < count; k++) {
            seconds[k] = (visible[k] - sent[k]) / 1e9;
        }
        if (trace != null) {
            writeTrace(trace, sent, seconds, rate);
        }
        return new Figures(new Percentiles(seconds), fullScrape);
    }

    /**
     * One line per paced utterance: its index, when its reference was sent (seconds after the
     * first), how far behind its schedule that was (the sender stalled), and its latency. Read
     * by second of the run, it tells a tail made of a few stretches where the machine fell behind
     * from one spread over the run (docs/performance.md).
     */
    private void writeTrace(Path trace, long[] sent, double[] seconds, double rate) {
        double period = corpus.recordsPerUtterance() / rate;
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(trace))) {
            w.println("utterance,sent_s,behind_schedule_s,latency_s");
            for (int k = 0; k < sent.length; k++) {
                double at = (sent[k] - sent[0]) / 1e9;
                w.printf(Locale.ROOT, "%d,%.4f,%.4f,%.4f%n", k, at, at - k * period, seconds[k]);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + trace + ": " + e.getMessage(), e);
        }
        note.accept("latency: every utterance's send time and latency written to " + trace);
    }
}
