package dev.segmon.model.tde;

import java.util.Arrays;

/**
 * The intervals of one gold tier (phones or words) of one file, sorted by (onset, offset,
 * symbol), identical lines merged (tdev2 stores them in an interval tree, which is a set).
 * {@link #overlapping} answers tdev2's {@code IntervalTree.overlap(on, off)}: the intervals with
 * {@code onset < off} and {@code offset > on} (a strictly positive overlap), in O(log n + k)
 * thanks to the running maximum of offsets (exact even when gold intervals overlap each other).
 */
final class Tier {
    final long[] onset;
    final long[] offset;
    final int[] symbol;
    private final long[] maxOffset;

    /** @param rows {onset, offset, symbol, ...} rows in any order; columns after the third are ignored */
    Tier(long[][] rows) {
        long[][] sorted = rows.clone();
        Arrays.sort(sorted, (a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0])
                : a[1] != b[1] ? Long.compare(a[1], b[1]) : Long.compare(a[2], b[2]));
        int n = 0;
        for (int i = 0; i < sorted.length; i++) {
            if (i == 0 || sorted[i][0] != sorted[i - 1][0] || sorted[i][1] != sorted[i - 1][1]
                    || sorted[i][2] != sorted[i - 1][2]) {
                sorted[n++] = sorted[i];
            }
        }
        onset = new long[n];
        offset = new long[n];
        symbol = new int[n];
        maxOffset = new long[n];
        for (int i = 0; i < n; i++) {
            onset[i] = sorted[i][0];
            offset[i] = sorted[i][1];
            symbol[i] = (int) sorted[i][2];
            maxOffset[i] = i == 0 ? offset[i] : Math.max(maxOffset[i - 1], offset[i]);
        }
    }

    int size() {
        return onset.length;
    }

    /** Indices (ascending) of the intervals that overlap [on, off) by a positive duration. */
    int[] overlapping(long on, long off) {
        int from = firstIndex(maxOffset, on);
        int to = firstIndex(onset, off - 1); // first onset >= off
        int[] out = new int[Math.max(0, to - from)];
        int k = 0;
        for (int i = from; i < to; i++) {
            if (offset[i] > on) {
                out[k++] = i;
            }
        }
        return k == out.length ? out : Arrays.copyOf(out, k);
    }

    /** The first index whose (non-decreasing) value is > bound, or the length. */
    private static int firstIndex(long[] nonDecreasing, long bound) {
        int lo = 0;
        int hi = nonDecreasing.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (nonDecreasing[mid] > bound) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }
}
