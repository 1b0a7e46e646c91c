package dev.segmon.app.processors;

import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.Totals;
import java.util.HashMap;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The cumulative {@link Totals} of each (model, tier) in this task, and the models known on each
 * tier (every model with a hypothesis state has a totals entry, written first).
 */
final class SeriesTotals {
    private final String storeName;
    private final int decodedEntries;
    private DecodedStore<ModelTier, Totals> totals;
    /** The models with a totals entry, by tier (sorted). Rebuilt from the store after init. */
    private final Map<String, SortedSet<String>> models = new HashMap<>();

    SeriesTotals(String storeName, int decodedEntries) {
        this.storeName = storeName;
        this.decodedEntries = decodedEntries;
    }

    void init(ProcessorContext<Object, Object> context) {
        KeyValueStore<ModelTier, Totals> store = context.getStateStore(storeName);
        this.totals = new DecodedStore<>(store, decodedEntries);
        models.clear();
    }

    void update(ModelTier series, UnaryOperator<Totals> f) {
        Totals old = totals.get(series);
        totals.put(series, f.apply(old == null ? Totals.ZERO : old));
        if (old == null) {
            modelsOn(series.tier()).add(series.model());
        }
    }

    /**
     * The models with state on this tier in this task, sorted. Read from the store once per tier
     * after init, then kept up to date by {@link #update}, which writes every new totals key (a
     * scan of the store for every reference record was a RocksDB iterator per record).
     */
    SortedSet<String> modelsOn(String tier) {
        SortedSet<String> known = models.get(tier);
        if (known == null) {
            known = new TreeSet<>();
            try (KeyValueIterator<ModelTier, Totals> it = totals.store().all()) {
                while (it.hasNext()) {
                    ModelTier k = it.next().key;
                    if (k.tier().equals(tier)) {
                        known.add(k.model());
                    }
                }
            }
            models.put(tier, known);
        }
        return known;
    }
}
