package dev.segmon.model.timing;

/**
 * The fixed buckets a live monitor keeps word offsets in, in place of the offsets themselves
 * ({@link OffsetSample}): bucket counts add, so they form a monoid, and Prometheus'
 * {@code histogram_quantile} estimates a median from them (docs/timing.md, "Live"). Edges are
 * upper bounds, the edge included (Prometheus' {@code le}), compared exactly on the microsecond grid.
 */
public final class OffsetBuckets {
    /** Upper bounds of the signed offset (hypothesis - reference), in microseconds; a last bucket holds the rest. */
    private static final long[] SIGNED = {-500_000, -200_000, -100_000, -50_000, -20_000, -10_000, 0,
        10_000, 20_000, 50_000, 100_000, 200_000, 500_000};
    /** Upper bounds of the absolute offset; 20, 50, 100 and 200 ms are the collars of {@link Collar}. */
    private static final long[] ABSOLUTE = {10_000, 20_000, 50_000, 100_000, 200_000, 500_000};

    /** Buckets of a signed histogram, the overflow bucket included. */
    public static final int SIGNED_BUCKETS = SIGNED.length + 1;
    /** Buckets of an absolute histogram, the overflow bucket included. */
    public static final int ABSOLUTE_BUCKETS = ABSOLUTE.length + 1;

    private OffsetBuckets() {
    }

    /** The bucket of a signed offset: the first whose upper bound it does not exceed. */
    public static int signed(long offsetMicros) {
        return bucket(SIGNED, offsetMicros);
    }

    /** The bucket of an absolute offset. */
    public static int absolute(long offsetMicros) {
        return bucket(ABSOLUTE, Math.abs(offsetMicros));
    }

    /** The signed upper bounds in seconds, +Inf last: a Prometheus histogram's {@code le} values. */
    public static double[] signedBoundsSeconds() {
        return seconds(SIGNED);
    }

    /** The absolute upper bounds in seconds, +Inf last. */
    public static double[] absoluteBoundsSeconds() {
        return seconds(ABSOLUTE);
    }

    private static int bucket(long[] bounds, long v) {
        int i = 0;
        while (i < bounds.length && v > bounds[i]) {
            i++;
        }
        return i;
    }

    private static double[] seconds(long[] bounds) {
        double[] out = new double[bounds.length + 1];
        for (int i = 0; i < bounds.length; i++) {
            out[i] = bounds[i] / 1e6;
        }
        out[bounds.length] = Double.POSITIVE_INFINITY;
        return out;
    }
}
