package dev.segmon.app.view;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.app.processors.SeriesAggregates;
import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.SeriesFigures;
import dev.segmon.app.state.Slice;
import dev.segmon.app.state.Totals;
import dev.segmon.app.wire.Outcome;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.interval.UtteranceMoments;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.junit.jupiter.api.Test;

/** The totals a scrape reads: each series' totals summed over the tasks that hold it, pooled and per slice apart. */
class StoreViewTotalsTest {
    private static final ModelTier POOLED = new ModelTier("asr", "word");
    private static final ModelTier GERMAN = new ModelTier("asr", "word", new Slice("lang", "de"));

    @Test
    void aSeriesHeldByTwoTasksReadsAsTheSumOfItsTotalsAndEachSliceAsItsOwn() {
        // Two tasks' aggregates for one series (as a composite store answers with several tasks):
        // task 1 closed 2 utterances scored (5 reference, 4 hypothesis boundaries, 3 hits), task 2 one
        // (3, 3, 2). By hand: 8 reference, 7 hypothesis, 5 hits, 3 scored. Task 1 also holds a
        // slice series with one of its utterances (in the slices' store), and moments that the totals do not read.
        SeriesFigures task1 = figures(new BoundaryCounts(5, 4, 3, 3), 2).plus(SeriesFigures.ofMoments(UtteranceMoments.of(3, 4, 5)));
        SeriesFigures task2 = figures(new BoundaryCounts(3, 3, 2, 2), 1);
        SeriesFigures german = figures(new BoundaryCounts(2, 2, 1, 1), 1);
        StoreView view = new StoreView(name -> name.equals(SeriesAggregates.SERIES.name())
                ? store(List.of(KeyValue.pair(POOLED, task1), KeyValue.pair(POOLED, task2)))
                : name.equals(SeriesAggregates.SLICE_SERIES.name()) ? store(List.of(KeyValue.pair(GERMAN, german))) : null,
                name -> null);

        SortedMap<ModelTier, Totals> pooled = view.totals();
        assertEquals(1, pooled.size());
        assertEquals(new BoundaryCounts(8, 7, 5, 5), pooled.get(POOLED).counts());
        assertEquals(3L, pooled.get(POOLED).outcomes().get(Outcome.SCORED));

        // The slice's view shows its series under the plain (model, tier) key.
        SortedMap<ModelTier, Totals> de = view.slice(new Slice("lang", "de")).totals();
        assertEquals(new BoundaryCounts(2, 2, 1, 1), de.get(POOLED).counts());
        assertEquals(1L, de.get(POOLED).outcomes().get(Outcome.SCORED));
    }

    @Test
    void thePooledViewReadsNoSliceAggregate() {
        // The pooled series and the slices are kept in two stores; a pooled read (the latency
        // probe's /metrics?slice=pooled) must not open the slices' store, and a slice's view reads
        // its figures from there alone. A slice entry left in the pooled store is not shown.
        List<String> opened = new java.util.ArrayList<>();
        SeriesFigures pooled = figures(new BoundaryCounts(4, 4, 3, 3), 2);
        SeriesFigures german = figures(new BoundaryCounts(2, 2, 1, 1), 1);
        StoreView view = new StoreView(name -> {
            opened.add(name);
            return name.equals(SeriesAggregates.SERIES.name()) ? store(List.of(KeyValue.pair(POOLED, pooled), KeyValue.pair(GERMAN, pooled)))
                    : store(List.of(KeyValue.pair(GERMAN, german)));
        }, name -> null);

        assertEquals(new BoundaryCounts(4, 4, 3, 3), view.totals().get(POOLED).counts());
        assertEquals(List.of(SeriesAggregates.SERIES.name()), opened);

        opened.clear();
        assertEquals(new BoundaryCounts(2, 2, 1, 1), view.slice(new Slice("lang", "de")).totals().get(POOLED).counts());
        assertEquals(List.of(SeriesAggregates.SLICE_SERIES.name()), opened);

        SortedMap<ModelTier, Totals> every = view.everySlice().totals();
        assertEquals(new BoundaryCounts(2, 2, 1, 1), every.get(GERMAN).counts());
        assertEquals(new BoundaryCounts(4, 4, 3, 3), every.get(POOLED).counts());
    }

    private static SeriesFigures figures(BoundaryCounts counts, long scored) {
        Totals t = new Totals(counts, new long[Totals.OFFSET_BUCKETS.length], 0, Map.of(Outcome.SCORED, scored), 0);
        return SeriesFigures.EMPTY.withTotals(t);
    }

    /** A read-only store whose {@code all()} gives {@code entries} in order, duplicates included (several tasks). */
    private static ReadOnlyKeyValueStore<ModelTier, SeriesFigures> store(List<KeyValue<ModelTier, SeriesFigures>> entries) {
        return new ReadOnlyKeyValueStore<>() {
            @Override
            public SeriesFigures get(ModelTier key) {
                throw new UnsupportedOperationException();
            }

            @Override
            public KeyValueIterator<ModelTier, SeriesFigures> range(ModelTier from, ModelTier to) {
                throw new UnsupportedOperationException();
            }

            @Override
            public KeyValueIterator<ModelTier, SeriesFigures> all() {
                Iterator<KeyValue<ModelTier, SeriesFigures>> it = entries.iterator();
                return new KeyValueIterator<>() {
                    @Override
                    public void close() {
                    }

                    @Override
                    public ModelTier peekNextKey() {
                        throw new UnsupportedOperationException();
                    }

                    @Override
                    public boolean hasNext() {
                        return it.hasNext();
                    }

                    @Override
                    public KeyValue<ModelTier, SeriesFigures> next() {
                        return it.next();
                    }
                };
            }

            @Override
            public long approximateNumEntries() {
                return entries.size();
            }
        };
    }
}
