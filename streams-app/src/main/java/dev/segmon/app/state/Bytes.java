package dev.segmon.app.state;

import dev.segmon.model.boundary.BoundaryCounts;
import java.nio.ByteBuffer;

/**
 * The binary layout every state value shares: a version byte, then fixed fields, big-endian, as
 * the JDK's DataOutputStream writes them (booleans one byte 0/1, arrays as an int length then the
 * elements), so that stored state stays readable ({@code StateBytesTest} holds the layouts to it).
 * Parts, which hold an utterance's times and words, are varints since {@link #PARTS}.
 * Coded straight into and out of right-sized ByteBuffers: the Data*Stream codecs go through
 * {@code DataInputStream.readFully}, one call per long
 * (docs/decisions/0005-bytebuffer-codecs-and-decoded-views.md).
 */
final class Bytes {
    static final byte VERSION = 1;
    /** The version byte of parts (a head's tail, a sealed part) written with longs and ints: still read. */
    static final byte FIXED_PARTS = 1;
    /**
     * The version byte of parts written since: times and words as varints of differences
     * ({@link Varints}), fewer bytes than {@link #FIXED_PARTS} (docs/decisions/0015-parts-in-varints.md).
     */
    static final byte PARTS = 2;

    private Bytes() {
    }

    /** A buffer for a value of {@code size} bytes after the version byte, the version written. */
    static ByteBuffer allocate(int size) {
        return ByteBuffer.allocate(1 + size).put(VERSION);
    }

    /** The value's bytes after a checked version byte. */
    static ByteBuffer wrap(byte[] bytes) {
        ByteBuffer in = ByteBuffer.wrap(bytes);
        byte v = in.get();
        if (v != VERSION) {
            throw new IllegalStateException("state written by an unknown segmon version (" + v + ")");
        }
        return in;
    }

    /** Reads a part's version byte: {@link #FIXED_PARTS} or {@link #PARTS}. */
    static byte partVersion(ByteBuffer in) {
        byte v = in.get();
        if (v != FIXED_PARTS && v != PARTS) {
            throw new IllegalStateException("a part written by an unknown segmon version (" + v + ")");
        }
        return v;
    }

    static int longsSize(long[] v) {
        return longsSize(v.length);
    }

    /** Bytes of {@code n} longs as {@link #putLongs} writes them. */
    static int longsSize(int n) {
        return 4 + 8 * n;
    }

    static void putLongs(ByteBuffer out, long[] v) {
        putLongs(out, v, v.length);
    }

    /** The first {@code n} longs of {@code v}, as {@link #getLongs} reads them. */
    static void putLongs(ByteBuffer out, long[] v, int n) {
        out.putInt(n);
        for (int i = 0; i < n; i++) {
            out.putLong(v[i]);
        }
    }

    static long[] getLongs(ByteBuffer in) {
        long[] v = new long[in.getInt()];
        for (int i = 0; i < v.length; i++) {
            v[i] = in.getLong();
        }
        return v;
    }

    static void putBoolean(ByteBuffer out, boolean b) {
        out.put((byte) (b ? 1 : 0));
    }

    /** As DataInputStream.readBoolean: any non-zero byte is true. */
    static boolean getBoolean(ByteBuffer in) {
        return in.get() != 0;
    }

    static final int COUNTS_SIZE = 4 * 8;

    static void putCounts(ByteBuffer out, BoundaryCounts c) {
        out.putLong(c.reference()).putLong(c.hypothesis()).putLong(c.referenceHits()).putLong(c.hypothesisHits());
    }

    static BoundaryCounts getCounts(ByteBuffer in) {
        return new BoundaryCounts(in.getLong(), in.getLong(), in.getLong(), in.getLong());
    }

    static byte[] encodeLong(long v) {
        return allocate(8).putLong(v).array();
    }

    static long decodeLong(byte[] bytes) {
        return bytes == null ? 0 : wrap(bytes).getLong();
    }

    /** Bytes of a nested value (its own layout, version byte included), as an int length and the bytes. */
    static void putBlob(ByteBuffer out, byte[] blob) {
        out.putInt(blob.length).put(blob);
    }

    static byte[] getBlob(ByteBuffer in) {
        byte[] b = new byte[in.getInt()];
        in.get(b);
        return b;
    }

    /** A string as DataOutputStream.writeUTF writes an ASCII or BMP-free string: a short length and the UTF-8 bytes. */
    static void putName(ByteBuffer out, byte[] utf8) {
        out.putShort((short) utf8.length).put(utf8);
    }

    static String getName(ByteBuffer in) {
        byte[] b = new byte[Short.toUnsignedInt(in.getShort())];
        in.get(b);
        return new String(b, java.nio.charset.StandardCharsets.UTF_8);
    }

    /** What is left of {@code in}: a nested value written last, in its own layout. */
    static byte[] getRest(ByteBuffer in) {
        byte[] b = new byte[in.remaining()];
        in.get(b);
        return b;
    }
}
