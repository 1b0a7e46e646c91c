package dev.segmon.app.processors;

import java.util.Arrays;

/** A growable list of primitive longs (the times one record adds), without boxing. */
final class LongList {
    private long[] values = new long[8];
    private int size;

    void add(long v) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = v;
    }

    long[] toArray() {
        return Arrays.copyOf(values, size);
    }
}
