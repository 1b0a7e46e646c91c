package dev.segmon.app.state;

import dev.segmon.model.boundary.HitOffsets;
import java.nio.ByteBuffer;

/**
 * Signed offsets (hyp - ref; negative = early) of the hits of one (model, tier), in buckets cut
 * at fractions of the tier's tolerance, so that every bucket can fill whatever the tolerance
 * ({@code segmon_boundary_signed_offset_seconds}, docs/contract.md appendix C). Adds up across
 * tasks and instances. The bucket rule is {@link HitOffsets}', the one {@code eval boundaries} uses.
 *
 * @param buckets         hits per bucket (not cumulative): upper bounds {@link #FRACTIONS} x
 *                        tolerance, then +Inf
 * @param sumMicros       sum of hyp - ref over the hits
 * @param toleranceMicros the tolerance the buckets were cut with (the latest booking's)
 */
public record SignedOffsets(long[] buckets, long sumMicros, long toleranceMicros) {
    /** Upper bounds of the buckets as fractions of the tolerance (+Inf follows): {@link HitOffsets#fractions()}. */
    public static final double[] FRACTIONS = HitOffsets.fractions();
    public static final SignedOffsets NONE = new SignedOffsets(new long[FRACTIONS.length + 1], 0, 0);
    /** Bytes of {@link #write}: the buckets, the sum, the tolerance. */
    static final int SIZE = 8 * (FRACTIONS.length + 1) + 16;

    /** The bucket of a hit {@code offset} microseconds off at tolerance {@code tolerance}: exact on the integer grid. */
    public static int bucket(long offset, long tolerance) {
        return HitOffsets.bucket(offset, tolerance);
    }

    /** Hits booked. */
    public long hits() {
        return model().hits();
    }

    /** The mean signed offset in seconds (the bias), or null without a hit. */
    public Double meanSeconds() {
        return model().meanSeconds();
    }

    /** The same figures as the model's value, what {@code eval boundaries} reports. */
    public HitOffsets model() {
        return new HitOffsets(buckets, sumMicros, toleranceMicros);
    }

    /** The buckets' upper bounds in seconds, +Inf last. */
    public double[] bounds() {
        return HitOffsets.boundsSeconds(toleranceMicros);
    }

    public SignedOffsets plus(SignedOffsets o) {
        long[] b = buckets.clone();
        for (int i = 0; i < b.length; i++) {
            b[i] += o.buckets[i];
        }
        return new SignedOffsets(b, sumMicros + o.sumMicros, o.toleranceMicros != 0 ? o.toleranceMicros : toleranceMicros);
    }

    void write(ByteBuffer out) {
        for (long b : buckets) {
            out.putLong(b);
        }
        out.putLong(sumMicros);
        out.putLong(toleranceMicros);
    }

    static SignedOffsets read(ByteBuffer in) {
        long[] b = new long[FRACTIONS.length + 1];
        for (int i = 0; i < b.length; i++) {
            b[i] = in.getLong();
        }
        return new SignedOffsets(b, in.getLong(), in.getLong());
    }
}
