package dev.segmon.app.store;

import java.time.Duration;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.streams.processor.StateStore;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;
import org.apache.kafka.streams.state.WindowStore;

/**
 * One state store as its owner (a processor or a book) declares it: name, serdes, kind and
 * caching. The topology builds the store from it ({@link #builder}) and the owner opens it from
 * it ({@link #open}), so a store's name and type are written once. Every store but the
 * commit-flush one is changelogged (Kafka Streams' default), which exactly-once relies on.
 *
 * @param <S> the store type the owner works with
 */
public final class StoreSpec<S extends StateStore> {
    /** What Kafka Streams store a spec builds. */
    public enum Kind {
        KEY_VALUE, WINDOW, COMMIT_FLUSH
    }

    private final String name;
    private final Kind kind;
    private final Serde<?> keys;
    private final Serde<?> values;
    private final boolean cached;
    private final Duration retention;
    private final Duration windowSize;

    private StoreSpec(String name, Kind kind, Serde<?> keys, Serde<?> values, boolean cached, Duration retention, Duration windowSize) {
        this.name = name;
        this.kind = kind;
        this.keys = keys;
        this.values = values;
        this.cached = cached;
        this.retention = retention;
        this.windowSize = windowSize;
    }

    /** A key-value store behind Kafka's record cache. */
    public static <K, V> StoreSpec<KeyValueStore<K, V>> keyValue(String name, Serde<K> keys, Serde<V> values) {
        return new StoreSpec<>(name, Kind.KEY_VALUE, keys, values, true, null, null);
    }

    /** A key-value store without a record cache: its owner keeps the values decoded and writes them itself. */
    public static <K, V> StoreSpec<KeyValueStore<K, V>> uncachedKeyValue(String name, Serde<K> keys, Serde<V> values) {
        return new StoreSpec<>(name, Kind.KEY_VALUE, keys, values, false, null, null);
    }

    /** An uncached window store of fixed windows of {@code size}, kept {@code retention} behind stream time. */
    public static <K, V> StoreSpec<WindowStore<K, V>> window(String name, Serde<K> keys, Serde<V> values, Duration retention, Duration size) {
        return new StoreSpec<>(name, Kind.WINDOW, keys, values, false, retention, size);
    }

    /** A task's {@link CommitFlushStore}: no data, no changelog. */
    public static StoreSpec<CommitFlushStore> commitFlush(String name) {
        return new StoreSpec<>(name, Kind.COMMIT_FLUSH, null, null, false, null, null);
    }

    public String name() {
        return name;
    }

    public Kind kind() {
        return kind;
    }

    public boolean cached() {
        return cached;
    }

    /** Whether the store has a changelog topic ({@code <application.id>-<name>-changelog}): all but the commit-flush store. */
    public boolean changelogged() {
        return kind != Kind.COMMIT_FLUSH;
    }

    /** The owner's store in this task; call it from {@code init}. */
    @SuppressWarnings("unchecked")
    public S open(ProcessorContext<?, ?> context) {
        return (S) context.getStateStore(name);
    }

    /** The store's builder: RocksDB ({@code persistent}) or in memory (processor-level tests). */
    public StoreBuilder<?> builder(boolean persistent) {
        return switch (kind) {
            case KEY_VALUE -> {
                StoreBuilder<?> b = Stores.keyValueStoreBuilder(
                        persistent ? Stores.persistentKeyValueStore(name) : Stores.inMemoryKeyValueStore(name), keys, values);
                yield cached ? b.withCachingEnabled() : b;
            }
            case WINDOW -> Stores.windowStoreBuilder(persistent
                    ? Stores.persistentWindowStore(name, retention, windowSize, false)
                    : Stores.inMemoryWindowStore(name, retention, windowSize, false), keys, values);
            case COMMIT_FLUSH -> CommitFlushStore.builder(name);
        };
    }

    @Override
    public String toString() {
        return name;
    }
}
