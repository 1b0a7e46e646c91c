package dev.segmon.app.store;

import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.kstream.Windowed;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.WindowStore;

/**
 * A window store of fixed windows seen as a key-value store keyed by (key, window start), so that
 * the same layers serve it ({@link WriteBackStore}); retention stays the window store's.
 */
public final class FixedWindows<K, V> extends KeyValueLayer<FixedWindows.At<K>, V> {
    /** One window of one key. */
    public record At<K>(K key, long start) {
        @Override
        public boolean equals(Object o) {
            return o instanceof At<?> a && start == a.start && key.equals(a.key);
        }

        @Override
        public int hashCode() {
            return 31 * key.hashCode() + Long.hashCode(start);
        }
    }

    private final WindowStore<K, V> windows;

    public FixedWindows(WindowStore<K, V> windows) {
        super(windows);
        this.windows = windows;
    }

    @Override
    public V get(At<K> at) {
        return windows.fetch(at.key(), at.start());
    }

    @Override
    public void put(At<K> at, V value) {
        windows.put(at.key(), value, at.start());
    }

    @Override
    public V delete(At<K> at) {
        V old = get(at);
        windows.put(at.key(), null, at.start());
        return old;
    }

    @Override
    public KeyValueIterator<At<K>, V> all() {
        List<KeyValue<At<K>, V>> out = new ArrayList<>();
        try (KeyValueIterator<Windowed<K>, V> it = windows.all()) {
            while (it.hasNext()) {
                KeyValue<Windowed<K>, V> kv = it.next();
                out.add(KeyValue.pair(new At<>(kv.key.key(), kv.key.window().start()), kv.value));
            }
        }
        return iterator(out);
    }

    @Override
    public KeyValueIterator<At<K>, V> range(At<K> from, At<K> to) {
        throw new UnsupportedOperationException("windows are read by key and start, or all at once");
    }
}
