package dev.segmon.app.store;

import java.util.Iterator;
import java.util.List;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.StateStore;
import org.apache.kafka.streams.processor.StateStoreContext;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * A {@link KeyValueStore} that a processor opens over a store of its task, as Kafka's wrapped
 * stores layer over the one below: the store's lifecycle stays with Kafka Streams (a layer is not
 * registered, initialised or closed by it), and what a layer does not change is the default here.
 */
abstract class KeyValueLayer<K, V> implements KeyValueStore<K, V> {
    private final StateStore below;

    KeyValueLayer(StateStore below) {
        this.below = below;
    }

    @Override
    public V putIfAbsent(K key, V value) {
        V old = get(key);
        if (old == null) {
            put(key, value);
        }
        return old;
    }

    @Override
    public void putAll(List<KeyValue<K, V>> entries) {
        entries.forEach(kv -> put(kv.key, kv.value));
    }

    @Override
    public long approximateNumEntries() {
        return below instanceof KeyValueStore<?, ?> kv ? kv.approximateNumEntries() : -1;
    }

    @Override
    public String name() {
        return below.name();
    }

    @Override
    public void init(StateStoreContext context, StateStore root) {
        throw new UnsupportedOperationException("a layer is opened over an initialised store, not registered");
    }

    @Override
    public void close() {
        // the store below is closed by Kafka Streams
    }

    @Override
    public boolean persistent() {
        return below.persistent();
    }

    @Override
    public boolean isOpen() {
        return below.isOpen();
    }

    /** An iterator over entries already read. */
    static <K, V> KeyValueIterator<K, V> iterator(List<KeyValue<K, V>> entries) {
        Iterator<KeyValue<K, V>> it = entries.iterator();
        return new KeyValueIterator<>() {
            private int at;

            @Override
            public boolean hasNext() {
                return it.hasNext();
            }

            @Override
            public KeyValue<K, V> next() {
                at++;
                return it.next();
            }

            @Override
            public K peekNextKey() {
                return entries.get(at).key;
            }

            @Override
            public void close() {
            }
        };
    }
}
