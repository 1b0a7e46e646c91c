package dev.segmon.app.state;

import dev.segmon.app.wire.Outcome;
import dev.segmon.model.boundary.BoundaryCounts;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import org.apache.kafka.common.serialization.Serde;

/**
 * Cumulative figures of one (model, tier) in one task; they add up across tasks and instances
 * like {@link BoundaryCounts} do.
 *
 * @param counts          decided boundaries and hits
 * @param offsetBuckets   hits per {@link #OFFSET_BUCKETS} bucket (not cumulative)
 * @param offsetSumMicros sum of |hyp - ref| over hits
 * @param outcomes        utterances closed, by outcome
 * @param open            utterances with state, not yet closed
 * @param signed          signed offsets of the hits ({@link SignedOffsets})
 */
public record Totals(BoundaryCounts counts, long[] offsetBuckets, long offsetSumMicros, Map<Outcome, Long> outcomes, long open,
                     SignedOffsets signed) {
    /** Upper bounds (seconds) of the {@code segmon_boundary_offset_seconds} buckets, +Inf last. */
    public static final double[] OFFSET_BUCKETS = {0.005, 0.01, 0.02, 0.05, 0.1, Double.POSITIVE_INFINITY};
    public static final Totals ZERO = new Totals(BoundaryCounts.ZERO, new long[OFFSET_BUCKETS.length], 0, Map.of(), 0);
    public static final Serde<Totals> SERDE = StateSerde.of(Totals::encode, Totals::decode);
    /** Outcomes in the order of their labels, the order the layout stores them in. */
    private static final Outcome[] BY_LABEL = java.util.Arrays.stream(Outcome.values())
            .sorted(java.util.Comparator.comparing(Outcome::label)).toArray(Outcome[]::new);

    public Totals {
        outcomes = Collections.unmodifiableMap(outcomes.isEmpty() ? new EnumMap<>(Outcome.class) : new EnumMap<>(outcomes));
    }

    /** Without signed offsets. */
    public Totals(BoundaryCounts counts, long[] offsetBuckets, long offsetSumMicros, Map<Outcome, Long> outcomes, long open) {
        this(counts, offsetBuckets, offsetSumMicros, outcomes, open, SignedOffsets.NONE);
    }

    /** Index of the offset bucket of a hit {@code |offset|} microseconds away. */
    public static int offsetBucket(long offsetMicros) {
        double seconds = Math.abs(offsetMicros) / 1e6;
        int i = 0;
        while (seconds > OFFSET_BUCKETS[i]) {
            i++;
        }
        return i;
    }

    public Totals plus(Totals o) {
        long[] b = offsetBuckets.clone();
        for (int i = 0; i < b.length; i++) {
            b[i] += o.offsetBuckets[i];
        }
        Map<Outcome, Long> out = new EnumMap<>(Outcome.class);
        out.putAll(outcomes);
        o.outcomes.forEach((k, v) -> out.merge(k, v, Long::sum));
        return new Totals(counts.plus(o.counts), b, offsetSumMicros + o.offsetSumMicros, out, open + o.open, signed.plus(o.signed));
    }

    public Totals withOutcome(Outcome outcome) {
        Map<Outcome, Long> out = new EnumMap<>(Outcome.class);
        out.putAll(outcomes);
        out.merge(outcome, 1L, Long::sum);
        return new Totals(counts, offsetBuckets, offsetSumMicros, out, open, signed);
    }

    public Totals withOpen(long delta) {
        return new Totals(counts, offsetBuckets, offsetSumMicros, outcomes, open + delta, signed);
    }

    /**
     * Layout: counts, offset buckets, offset sum, outcomes (count, then name as writeUTF and long
     * each), open, then the signed offsets ({@link SignedOffsets#write}); bytes that end after
     * {@code open} (written before the signed offsets were kept) read as none.
     */
    public byte[] encode() {
        int size = Bytes.COUNTS_SIZE + Bytes.longsSize(offsetBuckets) + 8 + 4 + 8 + SignedOffsets.SIZE;
        for (Outcome o : outcomes.keySet()) {
            size += 2 + o.label().length() + 8;
        }
        ByteBuffer out = Bytes.allocate(size);
        Bytes.putCounts(out, counts);
        Bytes.putLongs(out, offsetBuckets);
        out.putLong(offsetSumMicros);
        out.putInt(outcomes.size());
        // Sorted by name, as the layout has always been (the labels are ASCII, for which
        // DataOutputStream.writeUTF's modified UTF-8 is ASCII).
        for (Outcome o : BY_LABEL) {
            Long n = outcomes.get(o);
            if (n != null) {
                byte[] name = o.label().getBytes(StandardCharsets.US_ASCII);
                out.putShort((short) name.length).put(name);
                out.putLong(n);
            }
        }
        out.putLong(open);
        signed.write(out);
        return out.array();
    }

    public static Totals decode(byte[] bytes) {
        ByteBuffer in = Bytes.wrap(bytes);
        BoundaryCounts c = Bytes.getCounts(in);
        long[] buckets = Bytes.getLongs(in);
        long sum = in.getLong();
        int n = in.getInt();
        Map<Outcome, Long> outcomes = new EnumMap<>(Outcome.class);
        for (int i = 0; i < n; i++) {
            byte[] name = new byte[Short.toUnsignedInt(in.getShort())];
            in.get(name);
            outcomes.put(Outcome.of(new String(name, StandardCharsets.US_ASCII)), in.getLong());
        }
        long open = in.getLong();
        return new Totals(c, buckets, sum, outcomes, open, in.hasRemaining() ? SignedOffsets.read(in) : SignedOffsets.NONE);
    }
}
