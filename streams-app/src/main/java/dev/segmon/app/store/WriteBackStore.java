package dev.segmon.app.store;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Predicate;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * A key-value store layer that keeps decoded values and writes each changed one to the store below
 * once per commit, as Kafka's {@code CachingKeyValueStore} does with bytes: the processor above sees
 * a {@link KeyValueStore} and nothing else. Reads see the store plus every change not yet written;
 * a scan writes the changes first; writes reach the store below (and so its changelog) inside the
 * commit ({@link CommitFlushStore}), and a discarded commit drops them.
 *
 * <p>Three things beyond a cache of bytes: values kept as objects (decoded once, encoded once per
 * commit); {@linkplain #pending pending changes} that callers add up in place and that join their
 * value when it is next read or written; and the store's keys ({@link StoredKeys}), so that a read
 * of a key the store does not hold costs a hash lookup instead of a RocksDB read.
 *
 * @param <K> key
 * @param <V> the decoded value
 */
public final class WriteBackStore<K, V> extends KeyValueLayer<K, V> implements CommitFlushStore.Deferred {
    /** How a decoded value is written to and read from the store below, which holds {@code S}. */
    public interface Codec<K, V, S> {
        /** The value to store, or null to delete the key; may write parts of its own first. */
        S encode(K key, V value);

        V decode(K key, S stored);
    }

    /** A change added up in place, outside the value, until the value is next read or written. */
    public interface Pending<V> {
        /** {@code base} (null: none) with this change applied. */
        V onto(V base);
    }

    private static final Object GONE = new Object();

    private final Inner<K, V, ?> inner;
    private final RecentValues<K> recent;
    private final Map<K, Object> changed = new LinkedHashMap<>();
    private final Map<K, Pending<V>> pending = new HashMap<>();
    private final StoredKeys<K> keys;

    /** {@code entries}: most values kept decoded; {@code trackedKeys}: most keys known ({@link StoredKeys}), 0 for none. */
    public <S> WriteBackStore(KeyValueStore<K, S> store, Codec<K, V, S> codec, int entries, long trackedKeys) {
        super(store);
        this.inner = new Inner<>(store, codec);
        this.keys = new StoredKeys<>(trackedKeys);
        // A changed value pushed out is written at once, so that nothing waits outside the layer.
        this.recent = new RecentValues<>(entries, (key, value) -> {
            if (changed.remove(key) != null) {
                write(key, value);
            }
        });
    }

    /** The layer over {@code spec}'s store in this task, written inside each commit of {@code commitFlush}'s. */
    public static <K, V, S> WriteBackStore<K, V> open(StoreSpec<KeyValueStore<K, S>> spec, Codec<K, V, S> codec,
                                                      ProcessorContext<?, ?> context, StoreSpec<CommitFlushStore> commitFlush,
                                                      int entries, long trackedKeys) {
        WriteBackStore<K, V> s = new WriteBackStore<>(spec.open(context), codec, entries, trackedKeys);
        commitFlush.open(context).register(spec.name(), s);
        return s;
    }

    /** As {@link #open(StoreSpec, Codec, ProcessorContext, StoreSpec, int, long)}, values stored as they are. */
    public static <K, V> WriteBackStore<K, V> open(StoreSpec<KeyValueStore<K, V>> spec, ProcessorContext<?, ?> context,
                                                   StoreSpec<CommitFlushStore> commitFlush, int entries, long trackedKeys) {
        return open(spec, identity(), context, commitFlush, entries, trackedKeys);
    }

    public static <K, V> Codec<K, V, V> identity() {
        return new Codec<>() {
            @Override
            public V encode(K key, V value) {
                return value;
            }

            @Override
            public V decode(K key, V stored) {
                return stored;
            }
        };
    }

    @Override
    public V get(K key) {
        if (!pending.isEmpty()) {
            Pending<V> p = pending.remove(key);
            if (p != null) {
                V v = p.onto(held(key));
                put(key, v);
                return v;
            }
        }
        return held(key);
    }

    @Override
    public void put(K key, V value) {
        Object v = value == null ? GONE : value;
        if (recent.changedAlready(key, v)) {
            return; // a mutable value changed again: held as changed already
        }
        changed.put(key, v);
        recent.hold(key, v);
        recent.changed();
    }

    /** Deletes {@code key} at the next write; a key the store does not hold just leaves the layer, its unwritten change with it. */
    @Override
    public V delete(K key) {
        V old = get(key);
        if (keys.mayHold(key)) {
            put(key, null);
        } else {
            forget(key);
        }
        return old;
    }

    /**
     * The pending change of {@code key}, made by {@code fresh} when there is none: the caller adds
     * to it in place, and it joins the value at the next read or write of the key.
     */
    @SuppressWarnings("unchecked")
    public <P extends Pending<V>> P pending(K key, Function<K, P> fresh) {
        return (P) pending.computeIfAbsent(key, fresh);
    }

    /** Joins the pending changes of the keys {@code which} accepts and writes their changed values now, not at the commit. */
    public void flushWhere(Predicate<K> which) {
        for (K k : new ArrayList<>(pending.keySet())) {
            if (which.test(k)) {
                get(k);
            }
        }
        for (Iterator<Map.Entry<K, Object>> it = changed.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<K, Object> e = it.next();
            if (which.test(e.getKey())) {
                it.remove();
                write(e.getKey(), e.getValue());
            }
        }
    }

    /**
     * Writes the changed values that {@code settled} accepts now and lets them out of the layer: a
     * settled value is not changed again in the common course, and kept it would push out values
     * still changing. Asked for again, it is read from the store.
     */
    @SuppressWarnings("unchecked")
    public void retireWhere(Predicate<V> settled) {
        for (Iterator<Map.Entry<K, Object>> it = changed.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<K, Object> e = it.next();
            if (e.getValue() != GONE && settled.test((V) e.getValue())) {
                it.remove();
                write(e.getKey(), e.getValue());
                recent.remove(e.getKey());
            }
        }
    }

    /** Lets {@code key} out of the layer with its change not yet written: for a value the store never held. */
    public void forget(K key) {
        pending.remove(key);
        changed.remove(key);
        recent.remove(key);
    }

    /** Learns the store's keys from a scan, so that reads of keys it does not hold skip it (at init). */
    public void learnKeys() {
        scan((k, v) -> {
        });
    }

    /** Hands every stored key and its stored value to {@code each} (every change written first), learning the keys. */
    public void scan(BiConsumer<K, Object> each) {
        flush();
        keys.scanned(keep -> inner.scan((k, s) -> {
            keep.accept(k);
            each.accept(k, s);
        }));
    }

    @Override
    public KeyValueIterator<K, V> all() {
        flush();
        return inner.all();
    }

    @Override
    public KeyValueIterator<K, V> range(K from, K to) {
        flush();
        return inner.range(from, to);
    }

    @Override
    public void flush() {
        if (!pending.isEmpty()) {
            for (K k : new ArrayList<>(pending.keySet())) {
                get(k);
            }
        }
        for (Map.Entry<K, Object> e : changed.entrySet()) {
            write(e.getKey(), e.getValue());
        }
        changed.clear();
    }

    @Override
    public void discard() {
        pending.clear();
        changed.clear();
        recent.clear();
        keys.forget(); // the store is restored to what it held before: known again at the next scan
    }

    /** For tests: how many values wait for the next flush. */
    public int changedCount() {
        return changed.size();
    }

    @SuppressWarnings("unchecked")
    private V held(K key) {
        Object v = recent.get(key);
        if (v != null) {
            return v == GONE ? null : (V) v;
        }
        if (!keys.mayHold(key)) {
            return null; // not kept either, so that asking for a key nobody holds pushes out nothing
        }
        V read = inner.read(key);
        if (read != null) {
            recent.hold(key, read);
        }
        return read;
    }

    @SuppressWarnings("unchecked")
    private void write(K key, Object value) {
        recent.written(key);
        if (value != GONE && inner.write(key, (V) value)) {
            keys.stored(key);
        } else if (keys.mayHold(key)) {
            inner.store.delete(key);
            keys.deleted(key);
        }
    }

    /** The store below with its codec. */
    private record Inner<K, V, S>(KeyValueStore<K, S> store, Codec<K, V, S> codec) {
        V read(K key) {
            S s = store.get(key);
            return s == null ? null : codec.decode(key, s);
        }

        /** Whether the key is stored now (false: the codec asked for its deletion, not yet done). */
        boolean write(K key, V value) {
            S s = codec.encode(key, value);
            if (s == null) {
                return false;
            }
            store.put(key, s);
            return true;
        }

        void scan(BiConsumer<K, Object> each) {
            try (KeyValueIterator<K, S> it = store.all()) {
                while (it.hasNext()) {
                    KeyValue<K, S> kv = it.next();
                    each.accept(kv.key, kv.value);
                }
            }
        }

        KeyValueIterator<K, V> all() {
            return decoded(store.all());
        }

        KeyValueIterator<K, V> range(K from, K to) {
            return decoded(store.range(from, to));
        }

        private KeyValueIterator<K, V> decoded(KeyValueIterator<K, S> it) {
            List<KeyValue<K, V>> out = new ArrayList<>();
            try (it) {
                while (it.hasNext()) {
                    KeyValue<K, S> kv = it.next();
                    out.add(KeyValue.pair(kv.key, codec.decode(kv.key, kv.value)));
                }
            }
            return KeyValueLayer.iterator(out);
        }
    }
}
