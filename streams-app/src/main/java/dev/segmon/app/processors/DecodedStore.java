package dev.segmon.app.processors;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * A write-through view of one of the processor's stores that keeps the decoded values of the keys
 * used last. Almost every record reads its utterance's hypothesis and reference states; decoding
 * them from bytes on every read, and Kafka's record-cache lookup under it (a sorted map compared
 * byte by byte), were the stream thread's largest costs (docs/performance.md).
 *
 * <p>The store stays the source of truth: every {@link #put} and {@link #delete} goes to the store
 * at once (so the changelog, interactive queries and exactly-once commits see every change as
 * before) and replaces the decoded entry, so an entry always equals the decoding of the store's
 * current value (or says it has none). All writes to the store must go through this view. A miss
 * reads the store. Values may be mutable (an
 * {@code IncrementalMatcher}): a caller that changes a value it got must {@link #put} it before
 * the record is done (the processor does; the model's {@code offer} methods change nothing when
 * they refuse).
 *
 * <p>The processor makes new views in every {@code init}: under exactly_once_v2 a failed
 * transaction makes Kafka Streams close the task dirty, wipe and restore its stores from the
 * changelog and initialise the processors again before the next record; a migrated task gets new
 * processors. Either way the view starts empty on the restored store and can never serve a value
 * of an aborted transaction ({@code DecodedStoreRevivalTest}).
 */
final class DecodedStore<K, V> {
    private final KeyValueStore<K, V> store;
    /** Decoded values by key; {@link #ABSENT} where the store has no value (every write passes here). */
    private final Map<K, Object> recent;
    private static final Object ABSENT = new Object();

    /** {@code entries}: most decoded values kept (least recently used dropped first). */
    DecodedStore(KeyValueStore<K, V> store, int entries) {
        this.store = store;
        this.recent = new LinkedHashMap<>(Math.min(entries, 1024), 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<K, Object> eldest) {
                return size() > entries;
            }
        };
    }

    /**
     * The decoded value stored under {@code key}, or null. An absent key is remembered too: a
     * hypothesis record usually comes before its utterance's reference, and asking the store for
     * a key it does not have goes past the record cache into RocksDB every time.
     */
    @SuppressWarnings("unchecked")
    V get(K key) {
        Object v = recent.get(key);
        if (v == null) {
            V stored = store.get(key);
            v = stored == null ? ABSENT : stored;
            recent.put(key, v);
        }
        return v == ABSENT ? null : (V) v;
    }

    void put(K key, V value) {
        store.put(key, value);
        recent.put(key, value);
    }

    void delete(K key) {
        store.delete(key);
        recent.put(key, ABSENT);
    }

    /** The store itself, for scans. */
    KeyValueStore<K, V> store() {
        return store;
    }
}
