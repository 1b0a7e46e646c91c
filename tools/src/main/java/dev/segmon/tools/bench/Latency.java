package dev.segmon.tools.bench;

/** Nearest-rank latency figures of one paced phase, in seconds. */
public record Latency(int samples, double p50, double p99, double max) {
    static Latency of(Percentiles p) {
        return new Latency(p.count(), p.percentile(50), p.percentile(99), p.max());
    }
}
