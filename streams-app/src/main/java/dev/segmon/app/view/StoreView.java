package dev.segmon.app.view;

import dev.segmon.app.processors.DeadLetters;
import dev.segmon.app.processors.ReferenceInput;
import dev.segmon.app.processors.SeriesAggregates;
import dev.segmon.app.state.Keys.DeadLetterKey;
import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.Keys.SeriesKey;
import dev.segmon.app.state.Slice;
import dev.segmon.app.state.MinuteCounts;
import dev.segmon.app.state.MinuteFigures;
import dev.segmon.app.state.OffsetBias;
import dev.segmon.app.state.SeriesFigures;
import dev.segmon.app.state.Totals;
import dev.segmon.app.store.StoreSpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.BinaryOperator;
import java.util.function.Function;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.kstream.Windowed;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.apache.kafka.streams.state.ReadOnlyWindowStore;

/**
 * {@link MonitorView} read from the state stores their owners declare ({@link StoreSpec}): a
 * running client's through interactive queries (its ACTIVE tasks only, so a series moves with its task and a sum across instances is
 * exact), or a test driver's.
 */
public final class StoreView implements MonitorView {
    private final Function<String, ReadOnlyKeyValueStore<?, ?>> keyValue;
    private final Function<String, ReadOnlyWindowStore<?, ?>> windows;
    /** The slice this view shows, as if it were the pooled series ({@link Slice#NONE}: the pooled series themselves). */
    private final Slice selected;
    /** A snapshot's reads, shared by its slice views: each store read once (null: every call reads the store). */
    private final Map<String, List<? extends KeyValue<?, ?>>> reads;

    public StoreView(Function<String, ReadOnlyKeyValueStore<?, ?>> keyValue, Function<String, ReadOnlyWindowStore<?, ?>> windows) {
        this(keyValue, windows, Slice.NONE, null);
    }

    private StoreView(Function<String, ReadOnlyKeyValueStore<?, ?>> keyValue, Function<String, ReadOnlyWindowStore<?, ?>> windows,
                      Slice selected, Map<String, List<? extends KeyValue<?, ?>>> reads) {
        this.keyValue = keyValue;
        this.windows = windows;
        this.selected = selected;
        this.reads = reads;
    }

    /**
     * The same stores read at most once per store (and time range) by this view and its slice
     * views: a scrape with slice keys reads each store once, not once per slice. For one caller
     * and a short use (one scrape): it keeps what it read.
     */
    public StoreView snapshot() {
        return new StoreView(keyValue, windows, selected, new HashMap<>());
    }

    /**
     * The same stores showing one slice's series in place of the pooled ones (docs/slices.md): every
     * view built on it reads that slice's figures under the plain (model, tier) keys; stores that are
     * not kept per slice (dead letters, the reference clock) read as empty.
     */
    public StoreView slice(Slice s) {
        return new StoreView(keyValue, windows, s, reads);
    }

    /** The same stores showing every series under its own key, the pooled ones and each slice's. */
    public StoreView everySlice() {
        return new StoreView(keyValue, windows, null, reads);
    }

    /** The slice this view shows ({@link Slice#NONE}: pooled). */
    public Slice selected() {
        return selected;
    }

    /** The slices that have figures, in order (none without {@code --slice-keys}). */
    public java.util.SortedSet<Slice> slices() {
        java.util.SortedSet<Slice> out = new java.util.TreeSet<>();
        for (KeyValue<ModelTier, SeriesFigures> kv : this.<ModelTier, SeriesFigures>entries(SeriesAggregates.SLICE_SERIES)) {
            if (!kv.key.pooled()) {
                out.add(kv.key.slice());
            }
        }
        return out;
    }

    /** The key as this view shows it, or null when it is not in the view's slice. */
    @SuppressWarnings("unchecked")
    private <K> K shown(K key) {
        if (selected == null) {
            return key;
        }
        if (key instanceof ModelTier m) {
            return m.slice().equals(selected) ? (K) m.pooledSeries() : null;
        }
        if (key instanceof SeriesKey k) {
            return k.slice().equals(selected) ? (K) new SeriesKey(k.model(), k.baseline(), k.tier()) : null;
        }
        return selected.isNone() ? key : null;
    }

    /** The stores of a running Kafka Streams client. */
    public static StoreView of(KafkaStreams streams) {
        return new StoreView(
                name -> streams.store(StoreQueryParameters.fromNameAndType(name, QueryableStoreTypes.keyValueStore())),
                name -> streams.store(StoreQueryParameters.fromNameAndType(name, QueryableStoreTypes.windowStore())));
    }

    @Override
    public SortedMap<ModelTier, Totals> totals() {
        return series(SeriesFigures::totals, Totals::plus);
    }

    @Override
    public SortedMap<ModelTier, SortedMap<Long, MinuteCounts>> minutes(long fromMs, long toMs) {
        return minutes(MinuteFigures::counts, fromMs, toMs);
    }

    @Override
    public SortedMap<ModelTier, OffsetBias> biasSince(long fromMs) {
        return summedSince(MinuteFigures::bias, OffsetBias::plus, fromMs);
    }

    /**
     * One component of every series' aggregate (summed across tasks), by (model, tier); series in
     * which that component was never booked are left out.
     */
    public <V> SortedMap<ModelTier, V> series(Function<SeriesFigures, V> component) {
        SortedMap<ModelTier, SeriesFigures> summed = new TreeMap<>();
        for (KeyValue<ModelTier, SeriesFigures> kv : seriesEntries()) {
            ModelTier k = shown(kv.key);
            if (k != null) {
                summed.merge(k, kv.value, SeriesFigures::plus);
            }
        }
        return present(summed, component);
    }

    /**
     * One component of every series' aggregate, taken from each task's value and summed with
     * {@code plus}, the component's own sum in {@link SeriesFigures#plus}: the figures of
     * {@link #series(Function)} without adding up the components nobody reads. The utterance
     * counter's scrape reads the totals alone, where summing whole aggregates costs the read
     * thread with every slice key (docs/decisions/0025-scrape-reads-each-store-once.md).
     */
    @SuppressWarnings("unchecked")
    public <V> SortedMap<ModelTier, V> series(Function<SeriesFigures, V> component, BinaryOperator<V> plus) {
        SortedMap<ModelTier, V> out = new TreeMap<>();
        for (KeyValue<ModelTier, SeriesFigures> kv : seriesEntries()) {
            ModelTier k = shown(kv.key);
            V v = k == null ? null : component.apply(kv.value);
            if (v != null) {
                out.merge(k, v, plus);
            }
        }
        return out;
    }

    /**
     * The aggregates this view shows, as each task holds them: the pooled series' store for the
     * pooled view, the slices' store for a slice's, both for {@link #everySlice}. The pooled view
     * reads no slice's aggregate (docs/decisions/0024-slice-aggregates-in-their-own-store.md).
     */
    private List<KeyValue<ModelTier, SeriesFigures>> seriesEntries() {
        if (selected != null && !selected.isNone()) {
            return entries(SeriesAggregates.SLICE_SERIES);
        }
        List<KeyValue<ModelTier, SeriesFigures>> out = new ArrayList<>();
        for (KeyValue<ModelTier, SeriesFigures> kv : this.<ModelTier, SeriesFigures>entries(SeriesAggregates.SERIES)) {
            if (kv.key.pooled()) {
                out.add(kv);
            }
        }
        if (selected == null) {
            out.addAll(entries(SeriesAggregates.SLICE_SERIES));
        }
        return out;
    }

    /** One component of the minutes starting in [fromMs, toMs), by (model, tier) and minute start. */
    public <V> SortedMap<ModelTier, SortedMap<Long, V>> minutes(Function<MinuteFigures, V> component, long fromMs, long toMs) {
        SortedMap<ModelTier, SortedMap<Long, V>> out = new TreeMap<>();
        this.<ModelTier, MinuteFigures>windows(SeriesAggregates.MINUTES, fromMs, toMs, MinuteFigures::plus).forEach((series, byStart) -> {
            SortedMap<Long, V> kept = present(byStart, component);
            if (!kept.isEmpty()) {
                out.put(series, kept);
            }
        });
        return out;
    }

    /** One component summed over each series' minutes starting at or after {@code fromMs}. */
    public <V> SortedMap<ModelTier, V> summedSince(Function<MinuteFigures, V> component, BinaryOperator<V> plus, long fromMs) {
        SortedMap<ModelTier, V> out = new TreeMap<>();
        minutes(component, fromMs, Long.MAX_VALUE).forEach((series, byStart) -> byStart.values().forEach(v -> out.merge(series, v, plus)));
        return out;
    }

    private static <K, F, V> SortedMap<K, V> present(SortedMap<K, F> figures, Function<F, V> component) {
        SortedMap<K, V> out = new TreeMap<>();
        figures.forEach((k, f) -> {
            V v = component.apply(f);
            if (v != null) {
                out.put(k, v);
            }
        });
        return out;
    }

    /**
     * The windows of a window store starting in [fromMs, toMs), by key and window start, values of
     * one window from several tasks merged. Empty while the store cannot be queried.
     */
    @SuppressWarnings("unchecked")
    public <K, V> SortedMap<K, SortedMap<Long, V>> windows(StoreSpec<?> spec, long fromMs, long toMs, BinaryOperator<V> merge) {
        SortedMap<K, SortedMap<Long, V>> out = new TreeMap<>();
        if (toMs <= fromMs) {
            return out;
        }
        List<KeyValue<Windowed<K>, V>> entries = read(spec.name() + "@" + fromMs + "-" + toMs, () -> {
            ReadOnlyWindowStore<K, V> store = (ReadOnlyWindowStore<K, V>) windows.apply(spec.name());
            // fetchAll, not fetch(key, ...): across several tasks, Kafka's composite window store
            // answers a keyed fetch from the first task that has the key, and a (model, tier) has
            // minutes in every task. The time range is inclusive at both ends.
            return store.fetchAll(Instant.ofEpochMilli(fromMs), Instant.ofEpochMilli(toMs - 1));
        });
        for (KeyValue<Windowed<K>, V> kv : entries) {
            K k = shown(kv.key.key());
            if (k != null) {
                out.computeIfAbsent(k, x -> new TreeMap<>()).merge(kv.key.window().start(), kv.value, merge);
            }
        }
        return out;
    }

    @Override
    public SortedMap<DeadLetterKey, Long> deadLetters() {
        return all(DeadLetters.COUNTS, Long::sum);
    }

    @Override
    public SortedMap<String, Long> referenceClock() {
        return all(ReferenceInput.CLOCK, Math::max);
    }

    /** Every entry of a key-value store, values of one key (from several tasks) merged. Empty while the store cannot be queried. */
    @SuppressWarnings("unchecked")
    public <K, V> SortedMap<K, V> all(StoreSpec<?> spec, BinaryOperator<V> merge) {
        SortedMap<K, V> out = new TreeMap<>();
        for (KeyValue<K, V> kv : this.<K, V>entries(spec)) {
            K k = shown(kv.key);
            if (k != null) {
                out.merge(k, kv.value, merge);
            }
        }
        return out;
    }

    /** Every entry of a key-value store, as each task holds it (none while the store cannot be queried). */
    @SuppressWarnings("unchecked")
    private <K, V> List<KeyValue<K, V>> entries(StoreSpec<?> spec) {
        return read(spec.name(), () -> ((ReadOnlyKeyValueStore<K, V>) keyValue.apply(spec.name())).all());
    }

    /** Every entry an iterator gives (none while the store cannot be queried), once per snapshot under {@code key}. */
    @SuppressWarnings("unchecked")
    private <K, V> List<KeyValue<K, V>> read(String key, java.util.function.Supplier<KeyValueIterator<K, V>> iterator) {
        if (reads != null && reads.containsKey(key)) {
            return (List<KeyValue<K, V>>) reads.get(key);
        }
        List<KeyValue<K, V>> entries = new ArrayList<>();
        try (KeyValueIterator<K, V> it = iterator.get()) {
            it.forEachRemaining(entries::add);
        } catch (InvalidStateStoreException e) {
            entries.clear();
        }
        if (reads != null) {
            reads.put(key, entries);
        }
        return entries;
    }
}
