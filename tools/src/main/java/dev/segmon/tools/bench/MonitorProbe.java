package dev.segmon.tools.bench;

import dev.segmon.app.Monitor;
import java.util.concurrent.locks.LockSupport;

/**
 * Sees the monitor's scores: polls its {@code /metrics} back to back; the k-th referenced utterance
 * counts as visible at the first scrape whose scored count (for both models) has grown by k.
 * Only referenced utterances are scored, so the count grows with them alone.
 */
final class MonitorProbe implements PacedLatency.Probe {
    private static final long POLL_PAUSE_NANOS = 5_000_000L;

    private final Monitor monitor;
    private final MetricsClient metrics;
    private final long base;
    private int seen;

    /** {@code already}: utterances the monitor must have scored before the phase. */
    MonitorProbe(Monitor monitor, long already) {
        this.monitor = monitor;
        // The scored counter alone (name[] selector): the poll then costs what that family costs, not
        // every Kafka client series of a full scrape, whose duration is measured apart. Its pooled
        // series alone (slice=pooled), which are what it counts: with slice keys a poll then formats
        // no slice series (reading the store still costs what it costs: docs/performance.md).
        this.metrics = new MetricsClient(monitor.metricsPort(), "segmon_utterances_total", true);
        this.base = MetricsClient.scoredForEveryModel(metrics.scrape());
        Bench.failIf(base != already, "the monitor had scored " + base + " utterances before the latency run, expected " + already);
    }

    @Override
    public int poll(PacedLatency.Plan plan, long[] visible) {
        Bench.failIf(monitor.hasFailed(), "the monitor failed");
        long n = MetricsClient.scoredForEveryModel(metrics.scrape()) - base;
        long now = System.nanoTime();
        while (seen < Math.min(n, visible.length)) {
            visible[seen++] = now;
        }
        // A scrape every few milliseconds: fine enough for the figures, without the poller
        // taking a core away from the monitor it measures.
        LockSupport.parkNanos(POLL_PAUSE_NANOS);
        return seen;
    }

    /** Durations of {@code n} full scrapes of the monitor's {@code /metrics}, as Prometheus takes them, in seconds. */
    static Percentiles fullScrapes(int metricsPort, int n) {
        MetricsClient full = new MetricsClient(metricsPort);
        double[] seconds = new double[n];
        for (int i = 0; i < n; i++) {
            long t = System.nanoTime();
            full.scrape();
            seconds[i] = (System.nanoTime() - t) / 1e9;
        }
        return new Percentiles(seconds);
    }
}
