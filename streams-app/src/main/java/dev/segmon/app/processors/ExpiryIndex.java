package dev.segmon.app.processors;

import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The hypothesis and reference states by the time they were last touched (wall clock), so that an
 * expiry pass reads the states that may be due and not every state kept. Kept by
 * {@link BoundaryProcessor#expire}: a full pass over both stores every expiry interval cost time in
 * proportion to rate x reference-max-delay (closed utterances are kept that long to refuse late
 * records), and the stream thread processed nothing meanwhile (docs/performance.md).
 *
 * <p>Keys: the 16 hex digits of the bucket (last wall-clock time / {@link #BUCKET_MS}), the kind
 * ({@link #HYPOTHESIS} or {@link #REFERENCE}) and the state's key, joined with {@link States#SEP};
 * the store's byte order is then the buckets' order. A state gets an entry when it is written in a
 * bucket it was not in before; the entry it had in its old bucket stays until a pass reaches that
 * bucket and finds the state elsewhere (one write per bucket change, never a read-modify-delete on
 * the record path). The bucket width is a constant, not the configured expiry interval, so that a
 * restart with another interval reads the same buckets.
 */
final class ExpiryIndex {
    static final char HYPOTHESIS = 'h';
    static final char REFERENCE = 'r';
    /** Width of a bucket: an utterance that streams for a few seconds gets one or two entries. */
    static final long BUCKET_MS = 10_000L;
    private static final byte[] PRESENT = new byte[0];

    /** One index entry: the bucket it is filed under, the kind and key of the state. */
    record Entry(String indexKey, long bucket, char kind, String key) {
    }

    private final KeyValueStore<String, byte[]> store;
    /**
     * No entry lies in a bucket below this one: every pass empties the buckets it passed. Starting
     * each pass here, not at bucket 0, keeps RocksDB's seek off the deleted keys of earlier passes
     * (a seek walks every tombstone up to the next live key). 0 after init: one walk per task start.
     */
    private long lowestBucket;

    ExpiryIndex(KeyValueStore<String, byte[]> store) {
        this.store = store;
    }

    static long bucket(long wallMs) {
        return Math.floorDiv(wallMs, BUCKET_MS);
    }

    /** Files a state written at {@code wallMs}, unless its previous write ({@code previousWallMs}, null if none) was in the same bucket. */
    void touched(char kind, String key, Long previousWallMs, long wallMs) {
        long b = bucket(wallMs);
        if (previousWallMs == null || bucket(previousWallMs) != b) {
            store.put(indexKey(b, kind, key), PRESENT);
            // The wall clock stepped back (NTP) below a passed bucket: scan from there again.
            lowestBucket = Math.min(lowestBucket, b);
        }
    }

    /** Every entry in the buckets up to the one holding {@code untilMs} (the caller checks the partial last bucket). */
    List<Entry> upTo(long untilMs) {
        List<Entry> out = new ArrayList<>();
        long last = bucket(untilMs);
        if (last < lowestBucket) {
            return out;
        }
        // Inclusive bounds: the first bucket's keys start with its digits and SEP (U+0000), so
        // digits + U+0001 is above every key of the last bucket and below the next bucket's.
        try (KeyValueIterator<String, byte[]> it = store.range(hex16(lowestBucket), hex16(last) + '\u0001')) {
            while (it.hasNext()) {
                String k = it.next().key;
                out.add(new Entry(k, Long.parseUnsignedLong(k.substring(0, 16), 16), k.charAt(17), k.substring(19)));
            }
        }
        return out;
    }

    /** After a pass that handled every entry {@link #upTo} gave for {@code untilMs}: lower buckets are empty. */
    void passed(long untilMs) {
        lowestBucket = Math.max(lowestBucket, bucket(untilMs));
    }

    void remove(Entry e) {
        store.delete(e.indexKey());
    }

    /** Whether the index has no entry (a state directory written before the index existed). */
    boolean isEmpty() {
        try (KeyValueIterator<String, byte[]> it = store.all()) {
            return !it.hasNext();
        }
    }

    /** Files every state of {@code states} (encoded values; {@code wallMs} reads the time in place). */
    void fileAll(char kind, KeyValueStore<String, byte[]> states, java.util.function.ToLongFunction<byte[]> wallMs) {
        List<KeyValue<String, Long>> all = new ArrayList<>();
        try (KeyValueIterator<String, byte[]> it = states.all()) {
            while (it.hasNext()) {
                KeyValue<String, byte[]> kv = it.next();
                all.add(KeyValue.pair(kv.key, wallMs.applyAsLong(kv.value)));
            }
        }
        all.forEach(kv -> touched(kind, kv.key, null, kv.value));
    }

    private static String indexKey(long bucket, char kind, String key) {
        return hex16(bucket) + States.SEP + kind + States.SEP + key;
    }

    /** Fixed-width hex, so that the store's byte order is the numbers' order (non-negative numbers). */
    static String hex16(long v) {
        String h = Long.toHexString(v);
        return "0000000000000000".substring(h.length()) + h;
    }
}
