package dev.segmon.app.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One task's hypothesis and reference states by the time they were last touched (wall clock), so
 * that an expiry pass reads the states that may be due, not every state kept: a full pass costs
 * in proportion to rate x reference-max-delay while the stream thread waits
 * (docs/decisions/0008-expiry-index-in-memory.md).
 *
 * <p>In memory, not a state store: it is derived from the stores, so it is rebuilt from them
 * whenever the processor is initialised (after a restore, a revival or a migration), with one
 * scan; a changelogged store for it costs more than it saves (the same record). The price is
 * heap, up to a capacity past which the index gives up and the processor falls back to a full
 * pass ({@link #overflowed}).
 *
 * <p>A state is filed under the bucket of its last wall-clock time ({@link #BUCKET_MS} wide) when
 * it is written in a bucket it was not in before; the entry in its old bucket stays until a pass
 * takes that bucket and finds the state elsewhere (one list append per bucket change, nothing on
 * the record path otherwise).
 */
public final class ExpiryIndex {
    /** Width of a bucket: an utterance that streams for a few seconds gets one or two entries. */
    public static final long BUCKET_MS = 10_000L;

    /** One index entry: the bucket it was filed under and the key of the state (its type tells the store). */
    public record Entry(long bucket, Object key) {
    }

    /** Bucket -> keys of the states filed under it. */
    private final TreeMap<Long, List<Object>> buckets = new TreeMap<>();
    private final long capacity;
    private long size;
    private boolean overflowed;

    /** {@code capacity}: most entries held; one more and the index gives up (see {@link #overflowed}). */
    public ExpiryIndex(long capacity) {
        this.capacity = capacity;
    }

    public static long bucket(long wallMs) {
        return Math.floorDiv(wallMs, BUCKET_MS);
    }

    /** Files a state written at {@code wallMs}, unless its previous write ({@code previousWallMs}, null if none) was in the same bucket. */
    public void touched(Object key, Long previousWallMs, long wallMs) {
        long b = bucket(wallMs);
        if (previousWallMs == null || bucket(previousWallMs) != b) {
            file(new Entry(b, key));
        }
    }

    /** Files an entry again (a state a pass looked at and left in its bucket). */
    public void file(Entry e) {
        if (overflowed) {
            return;
        }
        if (size == capacity) {
            // Heap is the limit: drop everything and let the processor pass over the stores.
            overflowed = true;
            buckets.clear();
            size = 0;
            return;
        }
        buckets.computeIfAbsent(e.bucket(), x -> new ArrayList<>()).add(e.key());
        size++;
    }

    /**
     * Whether more entries were filed than the capacity allows: the index then holds nothing and
     * files nothing, and the processor finds due states by a full pass until it builds a new index.
     */
    public boolean overflowed() {
        return overflowed;
    }

    public long capacity() {
        return capacity;
    }

    /**
     * Takes every entry of the buckets up to the one holding {@code untilMs} out of the index. The
     * caller checks each against its state and {@link #file}s back the ones that stay where they
     * are (in the last, partly passed bucket, not due yet).
     */
    public List<Entry> takeUpTo(long untilMs) {
        List<Entry> out = new ArrayList<>();
        Map<Long, List<Object>> due = buckets.headMap(bucket(untilMs), true);
        for (Map.Entry<Long, List<Object>> b : due.entrySet()) {
            for (Object k : b.getValue()) {
                out.add(new Entry(b.getKey(), k));
            }
        }
        due.clear();
        size -= out.size();
        return out;
    }

    /** Entries held (states, plus old entries of states that moved, until their bucket is passed). */
    public long size() {
        return size;
    }
}
