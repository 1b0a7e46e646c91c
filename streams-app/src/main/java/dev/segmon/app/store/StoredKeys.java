package dev.segmon.app.store;

import java.util.HashSet;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The keys a persistent store holds, kept in memory beside it, so that looking up a key the store
 * does not hold (a new utterance, an end without a duration) costs a hash lookup instead of a
 * RocksDB read.
 *
 * <p>Why: most RocksDB reads were of keys that were not there (each new utterance's keys, the
 * early estimate's ended store at every close), and a RocksDB read runs in native code, which
 * Java profiles do not show (docs/performance.md).
 *
 * <p>Exact, not a filter: {@link #mayHold} is false only for keys the store cannot hold. The set is
 * filled by a scan of the store when the processor is initialised (after every restore, revival or
 * migration, so it is always derived from the stores as they are) and follows every write made
 * through its owner. Until that scan, after a discarded commit and past {@code capacity} keys, it
 * knows nothing and every key may be held: lookups then go to the store, as without it.
 *
 * @param <K> the store's key
 */
public final class StoredKeys<K> {
    private final long capacity;
    /** The keys held; null when not known (every key may be held). */
    private Set<K> keys;

    /** Knowing nothing until {@link #scanned}; {@code capacity}: most keys tracked. */
    public StoredKeys(long capacity) {
        this.capacity = capacity;
    }

    /**
     * Starts over from a scan of the store: {@code scan} hands every key it holds to the consumer
     * it is given (once the scan has passed {@code capacity} keys the rest are not tracked).
     */
    public void scanned(Consumer<Consumer<K>> scan) {
        Set<K> fresh = new HashSet<>();
        keys = fresh;
        scan.accept(this::stored);
    }

    /** Whether the store may hold {@code key}: false only when it certainly does not. */
    public boolean mayHold(K key) {
        return keys == null || keys.contains(key);
    }

    /** The store now holds {@code key}. */
    public void stored(K key) {
        if (keys == null) {
            return;
        }
        if (keys.size() >= capacity && !keys.contains(key)) {
            keys = null; // heap is the limit: ask the store until the next scan
            return;
        }
        keys.add(key);
    }

    /** The store no longer holds {@code key}. */
    public void deleted(K key) {
        if (keys != null) {
            keys.remove(key);
        }
    }

    /** Forgets what it knew (the store's content is being replaced, e.g. an aborted commit): every key may be held. */
    public void forget() {
        keys = null;
    }

    /** For tests: whether the keys are known. */
    public boolean known() {
        return keys != null;
    }
}
