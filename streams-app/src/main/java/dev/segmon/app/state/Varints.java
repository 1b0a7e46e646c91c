package dev.segmon.app.state;

import java.nio.ByteBuffer;

/**
 * The compact layout of a part's numbers: unsigned LEB128 varints (7 bits a byte, low groups
 * first, the high bit set on every byte but the last) of zigzag-coded values, as Protocol
 * Buffers' {@code sint64} ("Encoding", protobuf.dev). A part's times are written as differences
 * from the time before, a few hundred thousand microseconds: three bytes where a long takes eight.
 */
final class Varints {
    private Varints() {
    }

    /** 0, -1, 1, -2, 2 ... to 0, 1, 2, 3, 4 ...: small magnitudes of either sign become small numbers. */
    static long zigzag(long v) {
        return (v << 1) ^ (v >> 63);
    }

    static long unzigzag(long z) {
        return (z >>> 1) ^ -(z & 1);
    }

    /** Bytes of {@code u} as an unsigned varint: 1 to 10. */
    static int size(long u) {
        return u == 0 ? 1 : (63 - Long.numberOfLeadingZeros(u)) / 7 + 1;
    }

    static void put(ByteBuffer out, long u) {
        while ((u & ~0x7FL) != 0) {
            out.put((byte) ((u & 0x7F) | 0x80));
            u >>>= 7;
        }
        out.put((byte) u);
    }

    static long get(ByteBuffer in) {
        long u = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            byte b = in.get();
            u |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                return u;
            }
        }
        throw new IllegalStateException("a varint longer than ten bytes");
    }

    /** A count, as a varint that must fit an array's length. */
    static int getCount(ByteBuffer in) {
        long n = get(in);
        if (n < 0 || n > in.remaining()) {
            // Every element takes at least one byte: a larger count is a corrupt value.
            throw new IllegalStateException("a count of " + Long.toUnsignedString(n) + " with " + in.remaining() + " bytes left");
        }
        return (int) n;
    }

    /** Bytes of the first {@code n} values of {@code v} as {@link #putDeltas} writes them. */
    static int deltasSize(long[] v, int n) {
        int size = size(n);
        long before = 0;
        for (int i = 0; i < n; i++) {
            size += size(zigzag(v[i] - before));
            before = v[i];
        }
        return size;
    }

    /** The count, then each value's difference from the one before (the first's from 0), zigzag-coded. */
    static void putDeltas(ByteBuffer out, long[] v, int n) {
        put(out, n);
        long before = 0;
        for (int i = 0; i < n; i++) {
            put(out, zigzag(v[i] - before));
            before = v[i];
        }
    }

    static long[] getDeltas(ByteBuffer in) {
        long[] v = new long[getCount(in)];
        long before = 0;
        for (int i = 0; i < v.length; i++) {
            before += unzigzag(get(in));
            v[i] = before;
        }
        return v;
    }
}
