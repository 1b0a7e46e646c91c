package dev.segmon.model.timing;

import java.util.Arrays;
import java.util.stream.LongStream;

/**
 * Every signed start and end offset of the matched words (microseconds, hypothesis - reference):
 * what an exact median needs, which no fixed-size count can give. A monoid under {@link #plus}
 * (concatenation); the offline scorer keeps one, a live monitor would keep a histogram instead
 * (docs/timing.md, "Live").
 */
public final class OffsetSample {
    /** The identity of {@link #plus}. */
    public static final OffsetSample EMPTY = new OffsetSample(new long[0], new long[0]);

    private final long[] starts;
    private final long[] ends;

    private OffsetSample(long[] starts, long[] ends) {
        this.starts = starts;
        this.ends = ends;
    }

    /** The offsets of some matched words, starts and ends in the same word order. */
    public static OffsetSample of(long[] startOffsets, long[] endOffsets) {
        if (startOffsets.length != endOffsets.length) {
            throw new IllegalArgumentException(startOffsets.length + " start offsets but " + endOffsets.length + " end offsets");
        }
        return new OffsetSample(startOffsets.clone(), endOffsets.clone());
    }

    public OffsetSample plus(OffsetSample other) {
        return new OffsetSample(LongStream.concat(Arrays.stream(starts), Arrays.stream(other.starts)).toArray(),
                LongStream.concat(Arrays.stream(ends), Arrays.stream(other.ends)).toArray());
    }

    public int words() {
        return starts.length;
    }

    /** Median absolute start offset; null without a matched word. */
    public Double startMedianError() {
        return medianAbsolute(starts);
    }

    /** Median absolute end offset. */
    public Double endMedianError() {
        return medianAbsolute(ends);
    }

    /** Median absolute offset over starts and ends pooled. */
    public Double boundaryMedianError() {
        return medianAbsolute(LongStream.concat(Arrays.stream(starts), Arrays.stream(ends)).toArray());
    }

    /** The middle value of the sorted absolute values, or the mean of the two middle ones for an even count. */
    private static Double medianAbsolute(long[] offsets) {
        if (offsets.length == 0) {
            return null;
        }
        long[] sorted = Arrays.stream(offsets).map(Math::abs).sorted().toArray();
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? (double) sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2.0;
    }
}
