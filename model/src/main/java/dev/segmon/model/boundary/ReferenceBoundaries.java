package dev.segmon.model.boundary;

import java.util.Arrays;

/**
 * The reference side of one (utterance, tier) as it streams in, chunk by chunk: its sorted
 * distinct boundaries (kept whole, because every model is scored against them, each with its own
 * cursor in an {@link IncrementalMatcher}), the largest boundary seen, whether the final chunk
 * came, and the spans of the chunks (to reject a chunk that overlaps an earlier one).
 *
 * <p>A chunk is admitted whole or not at all. Every admitted boundary is {@code >= maxSeen -
 * disorder}, so it sorts after every boundary a matcher may already have decided (a matcher
 * decides r only when r + tolerance < frontier <= maxSeen - disorder): cursors stay valid.
 */
public final class ReferenceBoundaries {
    private long[] times;
    private long maxSeen;
    private boolean complete;
    private long[] spans;

    /** An empty reference: nothing seen yet, not complete. */
    public ReferenceBoundaries() {
        this(new long[0], IncrementalMatcher.UNSEEN, false, new long[0]);
    }

    /** Restores a state (from a state store). {@code spans} holds start,end pairs. */
    public ReferenceBoundaries(long[] times, long maxSeen, boolean complete, long[] spans) {
        this.times = times.clone();
        this.maxSeen = maxSeen;
        this.complete = complete;
        this.spans = spans.clone();
    }

    /**
     * Offers one chunk: its segments' start/end times in microseconds ({@code starts[i] <=
     * ends[i]}), complete when {@code last}. Rejected chunks change nothing.
     */
    public Admission offer(long[] starts, long[] ends, boolean last, long disorderMicros) {
        long[] chunk = new long[2 * starts.length];
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        for (int i = 0; i < starts.length; i++) {
            chunk[2 * i] = starts[i];
            chunk[2 * i + 1] = ends[i];
            lo = Math.min(lo, starts[i]);
            hi = Math.max(hi, ends[i]);
        }
        // A chunk spanning exactly what an earlier chunk spanned, or a second empty final chunk, is
        // a re-send (a producer retry, a replay run twice) rather than a conflicting reference.
        for (int i = 0; i < spans.length; i += 2) {
            if (starts.length > 0 && spans[i] == lo && spans[i + 1] == hi) {
                return Admission.DUPLICATE;
            }
        }
        if (complete) {
            return starts.length == 0 && last ? Admission.DUPLICATE : Admission.AFTER_END;
        }
        if (starts.length > 0) {
            if (maxSeen != IncrementalMatcher.UNSEEN && lo < maxSeen - disorderMicros) {
                return Admission.LATE;
            }
            for (int i = 0; i < spans.length; i += 2) {
                // Open-interval intersection: chunks may touch (one ends where the next starts).
                if (lo < spans[i + 1] && spans[i] < hi) {
                    return Admission.OVERLAP;
                }
            }
            long[] merged = Arrays.copyOf(times, times.length + chunk.length);
            System.arraycopy(chunk, 0, merged, times.length, chunk.length);
            times = Boundaries.sortedDistinct(merged, merged.length);
            maxSeen = Math.max(maxSeen, hi);
            spans = Arrays.copyOf(spans, spans.length + 2);
            spans[spans.length - 2] = lo;
            spans[spans.length - 1] = hi;
        }
        complete = last;
        return Admission.ACCEPTED;
    }

    /** Every future boundary of this reference is at least this (see {@link IncrementalMatcher#frontier}). */
    public long frontier(long disorderMicros) {
        return IncrementalMatcher.frontier(maxSeen, complete, disorderMicros);
    }

    /** Sorted distinct boundaries so far (do not modify). */
    public long[] times() {
        return times;
    }

    public long maxSeen() {
        return maxSeen;
    }

    public boolean complete() {
        return complete;
    }

    /** Chunk spans as start,end pairs (do not modify). */
    public long[] spans() {
        return spans;
    }
}
