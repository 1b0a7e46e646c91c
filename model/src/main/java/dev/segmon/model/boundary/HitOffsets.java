package dev.segmon.model.boundary;

import java.util.Arrays;
import java.util.function.LongConsumer;

/**
 * The signed offsets hyp − ref (negative: early) of the hits of a one-to-one matching, in buckets
 * cut at fractions of the tolerance so that every bucket can fill whatever the tolerance, and
 * their sum: the bias and the signed histogram that {@code eval boundaries} reports and the
 * monitor exports (docs/contract.md 2.1 and appendix C), one definition for both. Adds up across
 * utterances like {@link BoundaryCounts}.
 *
 * @param buckets         hits per bucket (not cumulative): upper bounds {@link #FRACTIONS} x tolerance, then +Inf
 * @param sumMicros       sum of hyp − ref over the hits
 * @param toleranceMicros the tolerance the buckets were cut with
 */
public record HitOffsets(long[] buckets, long sumMicros, long toleranceMicros) {
    /** Upper bounds of the buckets as fractions of the tolerance (+Inf follows): quarters of the window either side. */
    private static final double[] FRACTIONS = {-1, -0.75, -0.5, -0.25, 0, 0.25, 0.5, 0.75, 1};
    /** Buckets, +Inf included. */
    public static final int BUCKETS = FRACTIONS.length + 1;

    public HitOffsets {
        if (buckets.length != BUCKETS) {
            throw new IllegalArgumentException("hit offsets need " + BUCKETS + " buckets, not " + buckets.length);
        }
        buckets = buckets.clone();
    }

    /** No hit yet, at tolerance {@code toleranceMicros}. */
    public static HitOffsets none(long toleranceMicros) {
        return new HitOffsets(new long[BUCKETS], 0, toleranceMicros);
    }

    /** The fractions of the tolerance the finite bounds lie at, in order. */
    public static double[] fractions() {
        return FRACTIONS.clone();
    }

    /** The bucket of a hit {@code offset} microseconds off at tolerance {@code tolerance}: exact on the integer grid. */
    public static int bucket(long offset, long tolerance) {
        for (int i = 0; i < FRACTIONS.length; i++) {
            // offset <= (i - 4) / 4 * tolerance, in integers
            if (4 * offset <= (long) (i - 4) * tolerance) {
                return i;
            }
        }
        return FRACTIONS.length;
    }

    /** The buckets' upper bounds in seconds at tolerance {@code toleranceMicros}, +Inf last. */
    public static double[] boundsSeconds(long toleranceMicros) {
        double[] b = new double[BUCKETS];
        for (int i = 0; i < FRACTIONS.length; i++) {
            b[i] = FRACTIONS[i] * toleranceMicros / 1e6;
        }
        b[FRACTIONS.length] = Double.POSITIVE_INFINITY;
        return b;
    }

    /** Hits booked. */
    public long hits() {
        return Arrays.stream(buckets).sum();
    }

    /** The mean signed offset in seconds (the bias), or null without a hit. */
    public Double meanSeconds() {
        long n = hits();
        return n == 0 ? null : sumMicros / 1e6 / n;
    }

    /** Hits with an offset at or below each bound (Prometheus' {@code le} counts), +Inf last. */
    public long[] cumulative() {
        long[] c = new long[BUCKETS];
        long n = 0;
        for (int i = 0; i < BUCKETS; i++) {
            n += buckets[i];
            c[i] = n;
        }
        return c;
    }

    public HitOffsets plus(HitOffsets o) {
        long[] b = buckets.clone();
        for (int i = 0; i < b.length; i++) {
            b[i] += o.buckets[i];
        }
        return new HitOffsets(b, sumMicros + o.sumMicros, o.toleranceMicros != 0 ? o.toleranceMicros : toleranceMicros);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof HitOffsets h && Arrays.equals(buckets, h.buckets) && sumMicros == h.sumMicros
                && toleranceMicros == h.toleranceMicros;
    }

    @Override
    public int hashCode() {
        return (Arrays.hashCode(buckets) * 31 + Long.hashCode(sumMicros)) * 31 + Long.hashCode(toleranceMicros);
    }

    @Override
    public String toString() {
        return "HitOffsets" + Arrays.toString(buckets) + " sum=" + sumMicros + "us tolerance=" + toleranceMicros + "us";
    }

    /** Books hits one at a time ({@link #accept}: hyp − ref in microseconds) without building a value per hit. */
    public static final class Tally implements LongConsumer {
        private final long[] buckets = new long[BUCKETS];
        private final long toleranceMicros;
        private long sumMicros;

        public Tally(long toleranceMicros) {
            this.toleranceMicros = toleranceMicros;
        }

        @Override
        public void accept(long offset) {
            buckets[bucket(offset, toleranceMicros)]++;
            sumMicros += offset;
        }

        /** {@code rule}, booking here the offset of every pair it calls a hit. */
        public PairRule recording(PairRule rule) {
            return (h, r) -> {
                boolean hit = rule.hit(h, r);
                if (hit) {
                    accept(h - r);
                }
                return hit;
            };
        }

        public HitOffsets result() {
            return new HitOffsets(buckets, sumMicros, toleranceMicros);
        }
    }
}
