package dev.segmon.app.state;

import dev.segmon.app.state.Keys.DeadLetterKey;
import dev.segmon.app.state.Keys.ModelTier;
import java.time.Instant;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.BinaryOperator;
import java.util.function.Function;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.kstream.Windowed;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.apache.kafka.streams.state.ReadOnlyWindowStore;

/**
 * {@link MonitorState} read from the state stores by name: a running client's through interactive
 * queries (its ACTIVE tasks only, so a series moves with its task and a sum across instances is
 * exact), or a test driver's.
 */
public final class StoreMonitorState implements MonitorState {
    private final Function<String, ReadOnlyKeyValueStore<?, ?>> keyValue;
    private final Function<String, ReadOnlyWindowStore<?, ?>> windows;

    public StoreMonitorState(Function<String, ReadOnlyKeyValueStore<?, ?>> keyValue, Function<String, ReadOnlyWindowStore<?, ?>> windows) {
        this.keyValue = keyValue;
        this.windows = windows;
    }

    /** The stores of a running Kafka Streams client. */
    public static StoreMonitorState of(KafkaStreams streams) {
        return new StoreMonitorState(
                name -> streams.store(StoreQueryParameters.fromNameAndType(name, QueryableStoreTypes.keyValueStore())),
                name -> streams.store(StoreQueryParameters.fromNameAndType(name, QueryableStoreTypes.windowStore())));
    }

    @Override
    public SortedMap<ModelTier, Totals> totals() {
        return all(StoreNames.TOTALS, Totals::plus);
    }

    @Override
    public SortedMap<ModelTier, SortedMap<Long, MinuteCounts>> minutes(long fromMs, long toMs) {
        return windows(StoreNames.MINUTE_WINDOWS, fromMs, toMs, MinuteCounts::plus);
    }

    /**
     * The windows of a window store starting in [fromMs, toMs), by key and window start, values of
     * one window from several tasks merged. Empty while the store cannot be queried.
     */
    @SuppressWarnings("unchecked")
    public <K, V> SortedMap<K, SortedMap<Long, V>> windows(String name, long fromMs, long toMs, BinaryOperator<V> merge) {
        SortedMap<K, SortedMap<Long, V>> out = new TreeMap<>();
        if (toMs <= fromMs) {
            return out;
        }
        try {
            ReadOnlyWindowStore<K, V> store = (ReadOnlyWindowStore<K, V>) windows.apply(name);
            // fetchAll, not fetch(key, ...): across several tasks, Kafka's composite window store
            // answers a keyed fetch from the first task that has the key, and a (model, tier) has
            // minutes in every task. The time range is inclusive at both ends.
            try (KeyValueIterator<Windowed<K>, V> it = store.fetchAll(Instant.ofEpochMilli(fromMs), Instant.ofEpochMilli(toMs - 1))) {
                it.forEachRemaining(kv -> out.computeIfAbsent(kv.key.key(), k -> new TreeMap<>())
                        .merge(kv.key.window().start(), kv.value, merge));
            }
        } catch (InvalidStateStoreException e) {
            out.clear();
        }
        return out;
    }

    @Override
    public SortedMap<DeadLetterKey, Long> deadLetters() {
        return all(StoreNames.DEAD_LETTERS, Long::sum);
    }

    @Override
    public SortedMap<String, Long> referenceClock() {
        return all(StoreNames.REFERENCE_CLOCK, Math::max);
    }

    /** Each key's windows starting at or after {@code fromMs} added up (from several tasks too). */
    public <K, V> SortedMap<K, V> summedSince(String name, long fromMs, BinaryOperator<V> merge) {
        SortedMap<K, V> out = new TreeMap<>();
        this.<K, V>windows(name, fromMs, Long.MAX_VALUE, merge)
                .forEach((key, byStart) -> byStart.values().forEach(v -> out.merge(key, v, merge)));
        return out;
    }

    /** Every entry of a key-value store, values of one key (from several tasks) merged. Empty while the store cannot be queried. */
    @SuppressWarnings("unchecked")
    public <K, V> SortedMap<K, V> all(String name, BinaryOperator<V> merge) {
        SortedMap<K, V> out = new TreeMap<>();
        try {
            ReadOnlyKeyValueStore<K, V> store = (ReadOnlyKeyValueStore<K, V>) keyValue.apply(name);
            try (KeyValueIterator<K, V> it = store.all()) {
                it.forEachRemaining(kv -> out.merge(kv.key, kv.value, merge));
            }
        } catch (InvalidStateStoreException e) {
            out.clear();
        }
        return out;
    }
}
