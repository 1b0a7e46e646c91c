package dev.segmon.app.processors;

import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.boundary.IncrementalMatcher;
import dev.segmon.model.boundary.ReferenceBoundaries;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
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

    public static byte[] encode(Reference r) {
        return write(out -> {
            ReferenceBoundaries b = r.boundaries();
            writeLongs(out, b.times());
            out.writeLong(b.maxSeen());
            out.writeBoolean(b.complete());
            writeLongs(out, b.spans());
            out.writeLong(r.lastWallMs());
            out.writeLong(r.lastRecordMs());
            out.writeBoolean(r.hypothesized());
        });
    }

    public static Reference decodeReference(byte[] bytes) {
        return read(bytes, in -> new Reference(new ReferenceBoundaries(readLongs(in), in.readLong(), in.readBoolean(), readLongs(in)),
                in.readLong(), in.readLong(), in.readBoolean()));
    }

    public static byte[] encode(Hypothesis h) {
        return write(out -> {
            IncrementalMatcher m = h.matcher();
            writeLongs(out, m.pending());
            out.writeLong(m.hypMaxSeen());
            out.writeBoolean(m.hypComplete());
            out.writeInt(m.refCursor());
            out.writeLong(m.hits());
            out.writeLong(m.hypDecided());
            out.writeLong(h.lastWallMs());
            out.writeLong(h.lastRecordMs());
            out.writeBoolean(h.closed());
        });
    }

    public static Hypothesis decodeHypothesis(byte[] bytes) {
        return read(bytes, in -> new Hypothesis(new IncrementalMatcher(readLongs(in), in.readLong(), in.readBoolean(), in.readInt(),
                in.readLong(), in.readLong()), in.readLong(), in.readLong(), in.readBoolean()));
    }

    // In-place reads for expiry, which looks at every entry but acts on few. Offsets follow the
    // layouts written above: version byte, then the fields in order (int counts, 8-byte longs).

    /** {@link Hypothesis#lastWallMs()} of an encoded hypothesis, without decoding it. */
    public static long hypothesisLastWallMs(byte[] b) {
        int pending = readIntAt(b, 1);
        // version, pending (4 + 8n), hypMaxSeen 8, hypComplete 1, refCursor 4, hits 8, hypDecided 8
        return readLongAt(b, 1 + 4 + 8 * pending + 8 + 1 + 4 + 8 + 8);
    }

    /** {@link Hypothesis#closed()} of an encoded hypothesis: its last byte. */
    public static boolean hypothesisClosed(byte[] b) {
        return b[b.length - 1] != 0;
    }

    /** {@link Reference#lastWallMs()} of an encoded reference, without decoding it. */
    public static long referenceLastWallMs(byte[] b) {
        int times = readIntAt(b, 1);
        // version, times (4 + 8n), maxSeen 8, complete 1, spans (4 + 8m)
        int spansAt = 1 + 4 + 8 * times + 8 + 1;
        return readLongAt(b, spansAt + 4 + 8 * readIntAt(b, spansAt));
    }

    private static int readIntAt(byte[] b, int at) {
        return ((b[at] & 0xff) << 24) | ((b[at + 1] & 0xff) << 16) | ((b[at + 2] & 0xff) << 8) | (b[at + 3] & 0xff);
    }

    private static long readLongAt(byte[] b, int at) {
        return ((long) readIntAt(b, at) << 32) | (readIntAt(b, at + 4) & 0xffffffffL);
    }

    public static byte[] encode(Totals t) {
        return write(out -> {
            writeCounts(out, t.counts());
            writeLongs(out, t.offsetBuckets());
            out.writeLong(t.offsetSumMicros());
            out.writeInt(t.outcomes().size());
            for (Map.Entry<String, Long> e : t.outcomes().entrySet()) {
                out.writeUTF(e.getKey());
                out.writeLong(e.getValue());
            }
            out.writeLong(t.open());
        });
    }

    public static Totals decodeTotals(byte[] bytes) {
        return read(bytes, in -> {
            BoundaryCounts c = readCounts(in);
            long[] buckets = readLongs(in);
            long sum = in.readLong();
            int n = in.readInt();
            Map<String, Long> outcomes = new TreeMap<>();
            for (int i = 0; i < n; i++) {
                outcomes.put(in.readUTF(), in.readLong());
            }
            return new Totals(c, buckets, sum, outcomes, in.readLong());
        });
    }

    /** One minute of one (model, tier): its counts, and whether they changed since last emitted. */
    public record Bucket(BoundaryCounts counts, boolean dirty) {
    }

    public static byte[] encode(Bucket b) {
        return write(out -> {
            writeCounts(out, b.counts());
            out.writeBoolean(b.dirty());
        });
    }

    public static Bucket decodeBucket(byte[] bytes) {
        return read(bytes, in -> new Bucket(readCounts(in), in.readBoolean()));
    }

    public static byte[] encodeLong(long v) {
        return write(out -> out.writeLong(v));
    }

    public static long decodeLong(byte[] bytes) {
        return bytes == null ? 0 : read(bytes, DataInputStream::readLong);
    }

    private static void writeCounts(DataOutputStream out, BoundaryCounts c) throws IOException {
        out.writeLong(c.reference());
        out.writeLong(c.hypothesis());
        out.writeLong(c.referenceHits());
        out.writeLong(c.hypothesisHits());
    }

    private static BoundaryCounts readCounts(DataInputStream in) throws IOException {
        return new BoundaryCounts(in.readLong(), in.readLong(), in.readLong(), in.readLong());
    }

    private static void writeLongs(DataOutputStream out, long[] v) throws IOException {
        out.writeInt(v.length);
        for (long x : v) {
            out.writeLong(x);
        }
    }

    private static long[] readLongs(DataInputStream in) throws IOException {
        long[] v = new long[in.readInt()];
        for (int i = 0; i < v.length; i++) {
            v[i] = in.readLong();
        }
        return v;
    }

    private interface Writer {
        void write(DataOutputStream out) throws IOException;
    }

    private interface Reader<T> {
        T read(DataInputStream in) throws IOException;
    }

    private static byte[] write(Writer w) {
        Output bytes = new Output();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(VERSION);
            w.write(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    private static <T> T read(byte[] bytes, Reader<T> r) {
        try (DataInputStream in = new DataInputStream(new Input(bytes))) {
            byte v = in.readByte();
            if (v != VERSION) {
                throw new IllegalStateException("state written by an unknown segmon version (" + v + ")");
            }
            return r.read(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // The byte streams under the Data*Stream codecs. ByteArrayInputStream / ByteArrayOutputStream
    // lock on every call and the output grew from 64 bytes: with a decode and an encode of the
    // states on every record that was the stream thread's largest cost (profile in
    // docs/performance.md). Same bytes, no locks, one right-sized buffer.

    /** An unsynchronized ByteArrayOutputStream starting at 256 bytes (a reference of ~15 boundaries). */
    private static final class Output extends OutputStream {
        private byte[] buf = new byte[256];
        private int count;

        @Override
        public void write(int b) {
            grow(1);
            buf[count++] = (byte) b;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            grow(len);
            System.arraycopy(b, off, buf, count, len);
            count += len;
        }

        private void grow(int more) {
            if (count + more > buf.length) {
                buf = Arrays.copyOf(buf, Math.max(2 * buf.length, count + more));
            }
        }

        byte[] toByteArray() {
            return Arrays.copyOf(buf, count);
        }
    }

    /** An unsynchronized ByteArrayInputStream. */
    private static final class Input extends InputStream {
        private final byte[] buf;
        private int pos;

        Input(byte[] buf) {
            this.buf = buf;
        }

        @Override
        public int read() {
            return pos < buf.length ? buf[pos++] & 0xff : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (len == 0) {
                return 0;
            }
            if (pos >= buf.length) {
                return -1;
            }
            int n = Math.min(len, buf.length - pos);
            System.arraycopy(buf, pos, b, off, n);
            pos += n;
            return n;
        }
    }
}
