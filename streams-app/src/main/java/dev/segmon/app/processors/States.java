package dev.segmon.app.processors;

import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.boundary.IncrementalMatcher;
import dev.segmon.model.boundary.ReferenceBoundaries;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

/**
 * The values of the state stores and their binary encoding (a version byte, then fixed fields:
 * compact, and no reflection on the hot path). Store keys are strings joined with {@link #SEP}.
 */
public final class States {
    /** Separator of key parts; utterance, model and tier names may not contain it. */
    public static final char SEP = '\u0000';
    private static final byte VERSION = 1;

    /** Upper bounds (seconds) of the {@code segmon_boundary_offset_seconds} buckets, +Inf last. */
    public static final double[] OFFSET_BUCKETS = {0.005, 0.01, 0.02, 0.05, 0.1, Double.POSITIVE_INFINITY};

    /**
     * At most this many times (8 bytes each) in one stored state: the undecided boundaries of one
     * (utterance, tier, model), or the boundaries plus chunk spans of one reference. A state is
     * one changelog record, and a record over the producer's {@code max.request.size} (1 MB by
     * default) fails the stream thread on every retry; 100 000 times encode to about 800 kB.
     */
    public static final int MAX_HELD_TIMES = 100_000;

    private States() {
    }

    public static String key(String... parts) {
        return String.join(String.valueOf(SEP), parts);
    }

    public static String[] parts(String key) {
        return key.split(String.valueOf(SEP), -1);
    }

    /** The reference of one (utterance, tier), with wall-clock and record times for expiry and the gauge. */
    public record Reference(ReferenceBoundaries boundaries, long lastWallMs, long lastRecordMs, boolean hypothesized) {
    }

    /** One (utterance, tier, model): its matcher, and once scored, closed (kept to refuse records after it). */
    public record Hypothesis(IncrementalMatcher matcher, long lastWallMs, long lastRecordMs, boolean closed) {
    }

    /**
     * Cumulative per (model, tier) figures of one task.
     *
     * @param counts        decided boundaries and hits
     * @param offsetBuckets hits per {@link #OFFSET_BUCKETS} bucket (not cumulative)
     * @param offsetSumMicros sum of |hyp - ref| over hits
     * @param outcomes      utterances closed, by outcome
     * @param open          utterances with state, not yet closed
     */
    public record Totals(BoundaryCounts counts, long[] offsetBuckets, long offsetSumMicros, Map<String, Long> outcomes, long open) {
        public static final Totals ZERO = new Totals(BoundaryCounts.ZERO, new long[OFFSET_BUCKETS.length], 0, Map.of(), 0);

        public Totals plus(Totals o) {
            long[] b = offsetBuckets.clone();
            for (int i = 0; i < b.length; i++) {
                b[i] += o.offsetBuckets[i];
            }
            Map<String, Long> out = new TreeMap<>(outcomes);
            o.outcomes.forEach((k, v) -> out.merge(k, v, Long::sum));
            return new Totals(counts.plus(o.counts), b, offsetSumMicros + o.offsetSumMicros, out, open + o.open);
        }

        public Totals withOutcome(String outcome) {
            Map<String, Long> out = new TreeMap<>(outcomes);
            out.merge(outcome, 1L, Long::sum);
            return new Totals(counts, offsetBuckets, offsetSumMicros, out, open);
        }

        public Totals withOpen(long delta) {
            return new Totals(counts, offsetBuckets, offsetSumMicros, outcomes, open + delta);
        }
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

    // ---- encoding ----

    // The hot states (a hypothesis or a reference is read and written for almost every record) are
    // coded straight into and out of a right-sized ByteBuffer: the Data*Stream codecs before spent
    // most of their time in DataInputStream.readFully, one call per long (profile in
    // docs/performance.md). The bytes are those DataOutputStream writes (big-endian, booleans as
    // one byte 0/1; StatesBytesTest holds them to it), so stored state stays readable.

    public static byte[] encode(Reference r) {
        ReferenceBoundaries b = r.boundaries();
        ByteBuffer out = allocate(longsSize(b.times()) + 8 + 1 + longsSize(b.spans()) + 8 + 8 + 1);
        putLongs(out, b.times());
        out.putLong(b.maxSeen());
        putBoolean(out, b.complete());
        putLongs(out, b.spans());
        out.putLong(r.lastWallMs());
        out.putLong(r.lastRecordMs());
        putBoolean(out, r.hypothesized());
        return out.array();
    }

    public static Reference decodeReference(byte[] bytes) {
        ByteBuffer in = wrap(bytes);
        return new Reference(new ReferenceBoundaries(getLongs(in), in.getLong(), getBoolean(in), getLongs(in)),
                in.getLong(), in.getLong(), getBoolean(in));
    }

    public static byte[] encode(Hypothesis h) {
        IncrementalMatcher m = h.matcher();
        ByteBuffer out = allocate(longsSize(m.pending()) + 8 + 1 + 4 + 8 + 8 + 8 + 8 + 1);
        putLongs(out, m.pending());
        out.putLong(m.hypMaxSeen());
        putBoolean(out, m.hypComplete());
        out.putInt(m.refCursor());
        out.putLong(m.hits());
        out.putLong(m.hypDecided());
        out.putLong(h.lastWallMs());
        out.putLong(h.lastRecordMs());
        putBoolean(out, h.closed());
        return out.array();
    }

    public static Hypothesis decodeHypothesis(byte[] bytes) {
        ByteBuffer in = wrap(bytes);
        return new Hypothesis(new IncrementalMatcher(getLongs(in), in.getLong(), getBoolean(in), in.getInt(),
                in.getLong(), in.getLong()), in.getLong(), in.getLong(), getBoolean(in));
    }

    /** A buffer for a value of {@code size} bytes after the version byte, the version written. */
    private static ByteBuffer allocate(int size) {
        return ByteBuffer.allocate(1 + size).put(VERSION);
    }

    /** The value's bytes after a checked version byte. */
    private static ByteBuffer wrap(byte[] bytes) {
        ByteBuffer in = ByteBuffer.wrap(bytes);
        byte v = in.get();
        if (v != VERSION) {
            throw new IllegalStateException("state written by an unknown segmon version (" + v + ")");
        }
        return in;
    }

    private static int longsSize(long[] v) {
        return 4 + 8 * v.length;
    }

    private static void putLongs(ByteBuffer out, long[] v) {
        out.putInt(v.length);
        for (long x : v) {
            out.putLong(x);
        }
    }

    private static long[] getLongs(ByteBuffer in) {
        long[] v = new long[in.getInt()];
        for (int i = 0; i < v.length; i++) {
            v[i] = in.getLong();
        }
        return v;
    }

    private static void putBoolean(ByteBuffer out, boolean b) {
        out.put((byte) (b ? 1 : 0));
    }

    /** As DataInputStream.readBoolean: any non-zero byte is true. */
    private static boolean getBoolean(ByteBuffer in) {
        return in.get() != 0;
    }

    // In-place reads for expiry, which looks at every entry but acts on few. Offsets follow the
    // layouts written above: version byte, then the fields in order (int counts, 8-byte longs).

    /** {@link Hypothesis#lastWallMs()} of an encoded hypothesis, without decoding it. */
    public static long hypothesisLastWallMs(byte[] b) {
        ByteBuffer in = ByteBuffer.wrap(b);
        // version, pending (4 + 8n), hypMaxSeen 8, hypComplete 1, refCursor 4, hits 8, hypDecided 8
        return in.getLong(1 + 4 + 8 * in.getInt(1) + 8 + 1 + 4 + 8 + 8);
    }

    /** {@link Reference#lastWallMs()} of an encoded reference, without decoding it. */
    public static long referenceLastWallMs(byte[] b) {
        ByteBuffer in = ByteBuffer.wrap(b);
        // version, times (4 + 8n), maxSeen 8, complete 1, spans (4 + 8m)
        int spansAt = 1 + 4 + 8 * in.getInt(1) + 8 + 1;
        return in.getLong(spansAt + 4 + 8 * in.getInt(spansAt));
    }

    public static byte[] encode(Totals t) {
        int size = 4 * 8 + longsSize(t.offsetBuckets()) + 8 + 4 + 8;
        for (String outcome : t.outcomes().keySet()) {
            size += 2 + ascii(outcome).length + 8;
        }
        ByteBuffer out = allocate(size);
        putCounts(out, t.counts());
        putLongs(out, t.offsetBuckets());
        out.putLong(t.offsetSumMicros());
        out.putInt(t.outcomes().size());
        for (Map.Entry<String, Long> e : t.outcomes().entrySet()) {
            byte[] name = ascii(e.getKey());
            out.putShort((short) name.length).put(name);
            out.putLong(e.getValue());
        }
        out.putLong(t.open());
        return out.array();
    }

    public static Totals decodeTotals(byte[] bytes) {
        ByteBuffer in = wrap(bytes);
        BoundaryCounts c = getCounts(in);
        long[] buckets = getLongs(in);
        long sum = in.getLong();
        int n = in.getInt();
        Map<String, Long> outcomes = new TreeMap<>();
        for (int i = 0; i < n; i++) {
            byte[] name = new byte[Short.toUnsignedInt(in.getShort())];
            in.get(name);
            outcomes.put(new String(name, StandardCharsets.US_ASCII), in.getLong());
        }
        return new Totals(c, buckets, sum, outcomes, in.getLong());
    }

    /**
     * An outcome name's bytes as DataOutputStream.writeUTF writes them after its two-byte length:
     * the outcome names are this class's ASCII constants, for which modified UTF-8 is ASCII.
     */
    private static byte[] ascii(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == 0 || s.charAt(i) > 0x7f) {
                throw new IllegalArgumentException("outcome names are ASCII: " + s);
            }
        }
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /** One minute of one (model, tier): its counts, and whether they changed since last emitted. */
    public record Bucket(BoundaryCounts counts, boolean dirty) {
    }

    public static byte[] encode(Bucket b) {
        ByteBuffer out = allocate(4 * 8 + 1);
        putCounts(out, b.counts());
        putBoolean(out, b.dirty());
        return out.array();
    }

    public static Bucket decodeBucket(byte[] bytes) {
        ByteBuffer in = wrap(bytes);
        return new Bucket(getCounts(in), getBoolean(in));
    }

    public static byte[] encodeLong(long v) {
        return allocate(8).putLong(v).array();
    }

    public static long decodeLong(byte[] bytes) {
        return bytes == null ? 0 : wrap(bytes).getLong();
    }

    private static void putCounts(ByteBuffer out, BoundaryCounts c) {
        out.putLong(c.reference()).putLong(c.hypothesis()).putLong(c.referenceHits()).putLong(c.hypothesisHits());
    }

    private static BoundaryCounts getCounts(ByteBuffer in) {
        return new BoundaryCounts(in.getLong(), in.getLong(), in.getLong(), in.getLong());
    }
}
