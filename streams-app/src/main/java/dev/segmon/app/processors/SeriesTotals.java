package dev.segmon.app.processors;

import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.SeriesFigures;
import dev.segmon.app.state.Totals;
import dev.segmon.app.wire.Outcome;
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

    /** One more open utterance in the series, added up until the series is read or written. */
    void opened(ModelTier series) {
        aggregates.opened(series);
        modelsOn(series.tier()).add(series.model());
    }

    void update(ModelTier series, UnaryOperator<Totals> f) {
        aggregates.updateTotals(series, f);
        modelsOn(series.tier()).add(series.model());
    }

    /**
     * Adds a closed utterance to its series, pooled or a slice ({@code figures}: the books', null
     * for none; {@code counts}: its boundary counts, null when none join at the close; {@code open}:
     * the change of the open utterances), added up until the series is read or written
     * ({@link SeriesAggregates#closed}).
     */
    void closed(ModelTier series, SeriesFigures figures, Outcome outcome, BoundaryCounts counts, long open, long timestampMs) {
        aggregates.closed(series, figures, outcome, counts, open, timestampMs);
        if (series.pooled()) {
            modelsOn(series.tier()).add(series.model()); // a slice's model is known: its pooled series was booked first
        }
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
            try (KeyValueIterator<ModelTier, SeriesFigures> it = aggregates.pooled().all()) {
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
