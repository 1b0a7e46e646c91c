package dev.segmon.tools.bench;

import java.util.Locale;

/**
 * Whether the next throughput run of the pair (pass-through, monitor) is a warm-up or a measured
 * one: at least {@code minimum} warm-ups, then at most {@code extra} more until the JIT compiled
 * for less than {@link Bench#SETTLED_COMPILING_SHARE} of both runs of the last warm-up pair.
 * Once a run is measured, every later one is.
 */
final class ThroughputWarmupPlan {
    private final int minimum;
    private final int extra;
    private int warmups;
    /** Null when not asked for ({@code extra} 0). */
    private Boolean settled;

    ThroughputWarmupPlan(int minimum, int extra) {
        this.minimum = minimum;
        this.extra = extra;
        this.settled = extra > 0 ? Boolean.FALSE : null;
    }

    /** Whether the next pair is measured. */
    boolean measuring() {
        return warmups >= minimum && (settled == null || settled || warmups >= minimum + extra);
    }

    /**
     * Records a warm-up pair by the share of each run's time the JIT compiled (NaN where a run was
     * not measured: no pass-through, or a JVM that does not time its compilers) and
     * says what it decided, as a clause of a log line.
     */
    String warmedUp(double passThroughShare, double monitorShare) {
        if (measuring()) {
            throw new IllegalStateException("the warm-up is over");
        }
        warmups++;
        if (settled == null || warmups < minimum) {
            return "";
        }
        // A NaN compares false: an unmeasured run (no pass-through, or no timing) does not hold the warm-up.
        settled = !(passThroughShare >= Bench.SETTLED_COMPILING_SHARE || monitorShare >= Bench.SETTLED_COMPILING_SHARE);
        return String.format(Locale.ROOT, "the JIT compiled %s of the pass-through's run and %s of the monitor's (%s)",
                share(passThroughShare), share(monitorShare), settled ? "settled; the measured runs start"
                        : measuring() ? "not settled; the measured runs start" : "not yet settled");
    }

    private static String share(double share) {
        return Double.isNaN(share) ? "an unmeasured share" : String.format(Locale.ROOT, "%.2f", share);
    }

    Bench.ThroughputWarmup result() {
        return new Bench.ThroughputWarmup(warmups, settled);
    }
}
