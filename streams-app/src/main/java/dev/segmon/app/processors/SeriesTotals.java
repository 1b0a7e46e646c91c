package dev.segmon.app.processors;

import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.SeriesFigures;
import dev.segmon.app.state.Totals;
import dev.segmon.model.boundary.BoundaryCounts;
import java.util.HashMap;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.state.KeyValueIterator;

/**
 * The cumulative {@link Totals} of each (model, tier) in this task, kept in the series'
 * aggregate ({@link SeriesAggregates}), and the models known on each tier (every model with a
 * hypothesis state has totals, written first).
 */
final class SeriesTotals {
    private final SeriesAggregates aggregates;
    /** The models with an aggregate, by tier (sorted). Rebuilt from the store after init. */
    private final Map<String, SortedSet<String>> models = new HashMap<>();

    SeriesTotals(SeriesAggregates aggregates) {
        this.aggregates = aggregates;
    }

    void init(ProcessorContext<Object, Object> context) {
        models.clear();
    }

    void update(ModelTier series, UnaryOperator<Totals> f) {
        aggregates.updateTotals(series, f);
        modelsOn(series.tier()).add(series.model());
    }

    /**
     * Adds a close's figures to the series' aggregate in one change, {@code add}'s totals holding
     * its outcome (and, pooled, one open utterance less).
     */
    void add(ModelTier series, SeriesFigures add, long timestampMs) {
        aggregates.add(series, add, timestampMs);
        modelsOn(series.tier()).add(series.model());
    }

    /**
     * Adds a close to a slice of its series ({@code add}: its figures and totals; {@code counts}:
     * its boundary counts for the minute, null when not scored), added up until the slice is read
     * or written. The model is known already: its pooled series was booked first.
     */
    void closedInSlice(ModelTier slice, SeriesFigures add, BoundaryCounts counts, long timestampMs) {
        aggregates.closedInSlice(slice, add, counts, timestampMs);
    }

    /** Adds boundary decisions (counts and hit offsets, as in {@link Totals}) to the series' totals. */
    void decided(ModelTier series, BoundaryCounts counts, long[] offsetBuckets, long offsetSumMicros,
                 dev.segmon.app.state.SignedOffsets signed) {
        aggregates.decidedTotals(series, counts, offsetBuckets, offsetSumMicros, signed);
        modelsOn(series.tier()).add(series.model());
    }

    /**
     * The models with state on this tier in this task, sorted. Read from the store once per tier
     * after init, then kept up to date by {@link #update}, which writes every new series (a
     * scan of the store for every reference record was a RocksDB iterator per record).
     */
    SortedSet<String> modelsOn(String tier) {
        SortedSet<String> known = models.get(tier);
        if (known == null) {
            known = new TreeSet<>();
            try (KeyValueIterator<ModelTier, SeriesFigures> it = aggregates.seriesStore().all()) {
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
