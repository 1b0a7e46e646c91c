package dev.segmon.app.processors;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.MinuteCounts;
import dev.segmon.app.state.MinuteFigures;
import dev.segmon.app.state.SeriesFigures;
import dev.segmon.app.state.Totals;
import dev.segmon.app.topology.SegmonTopology;
import dev.segmon.app.wire.Outcome;
import dev.segmon.model.boundary.BoundaryCounts;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.WindowStore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Boundary decisions added up in place ({@link SeriesAggregates#decidedTotals},
 * {@link SeriesAggregates#decidedMinute}) reach the aggregates as if each had been added in turn.
 * Figures by hand: two records decide (n_ref 2, n_hyp 3, 1 hit at 4 ms) and (n_ref 1, n_hyp 1,
 * 1 hit at 30 ms): together n_ref 3, n_hyp 4, 2 hits, one offset in the 5 ms bucket (index 0) and
 * one in the 50 ms bucket (index 3), offsets summing to 34,000 us.
 */
class SeriesAggregatesTest {
    private static final ModelTier SERIES = new ModelTier("m", "word");
    private static final long MINUTE = 120_000;

    private MockProcessorContext<Object, Object> ctx;
    private SeriesAggregates aggregates;

    @BeforeEach
    void setUp() {
        ctx = new MockProcessorContext<>();
        TestStores.inMemory(ctx);
        aggregates = new SeriesAggregates(BoundaryProcessor.COMMIT_FLUSH);
        aggregates.init(ctx);
    }

    private void twoDecisions() {
        aggregates.decidedTotals(SERIES, BoundaryCounts.oneToOne(2, 3, 1), new long[] {1, 0, 0, 0, 0, 0}, 4_000, dev.segmon.app.state.SignedOffsets.NONE);
        aggregates.decidedMinute(SERIES, MINUTE, BoundaryCounts.oneToOne(2, 3, 1), 0, 0, 0);
        aggregates.decidedTotals(SERIES, BoundaryCounts.oneToOne(1, 1, 1), new long[] {0, 0, 0, 1, 0, 0}, 30_000, dev.segmon.app.state.SignedOffsets.NONE);
        aggregates.decidedMinute(SERIES, MINUTE, BoundaryCounts.oneToOne(1, 1, 1), 1, 0, 0);
    }

    @Test
    void decisionsAddedInPlaceAreInTheAggregateAtTheNextRead() {
        twoDecisions();

        Totals t = aggregates.series(SERIES).totals();
        assertEquals(BoundaryCounts.oneToOne(3, 4, 2), t.counts());
        assertArrayEquals(new long[] {1, 0, 0, 1, 0, 0}, t.offsetBuckets());
        assertEquals(34_000, t.offsetSumMicros());
        MinuteCounts c = aggregates.minute(SERIES, MINUTE).counts();
        assertEquals(BoundaryCounts.oneToOne(3, 4, 2), c.counts());
        assertEquals(1, c.utterances());
        assertTrue(c.dirty());
    }

    @Test
    void decisionsJoinWhatElseTheSeriesBooked() {
        aggregates.updateTotals(SERIES, t -> t.withOpen(1));
        twoDecisions();
        aggregates.updateTotals(SERIES, t -> t.withOutcome(Outcome.SCORED).withOpen(-1));

        Totals t = aggregates.series(SERIES).totals();
        assertEquals(BoundaryCounts.oneToOne(3, 4, 2), t.counts());
        assertEquals(1L, t.outcomes().get(Outcome.SCORED));
        assertEquals(0, t.open());
    }

    @Test
    void decisionsReachTheStoresAtTheFlush() {
        twoDecisions();
        aggregates.writeAll();

        KeyValueStore<ModelTier, SeriesFigures> series = ctx.getStateStore(SeriesAggregates.SERIES.name());
        assertEquals(BoundaryCounts.oneToOne(3, 4, 2), series.get(SERIES).totals().counts());
        WindowStore<ModelTier, MinuteFigures> minutes = ctx.getStateStore(SeriesAggregates.MINUTES.name());
        assertEquals(new MinuteCounts(BoundaryCounts.oneToOne(3, 4, 2), 1, true), minutes.fetch(SERIES, MINUTE).counts());
    }

    @Test
    void aSlicesAggregateWaitsForTheCommitWhileThePooledOneIsWrittenEveryInterval() {
        ModelTier de = new ModelTier("m", "word", new dev.segmon.app.state.Slice("lang", "de"));
        twoDecisions();
        aggregates.decidedMinute(de, MINUTE, BoundaryCounts.oneToOne(2, 3, 1), 1, 0, 0);
        aggregates.updateTotals(de, t -> t.withOutcome(Outcome.SCORED));
        KeyValueStore<ModelTier, SeriesFigures> series = ctx.getStateStore(SeriesAggregates.SERIES.name());
        KeyValueStore<ModelTier, SeriesFigures> slices = ctx.getStateStore(SeriesAggregates.SLICE_SERIES.name());
        WindowStore<ModelTier, MinuteFigures> minutes = ctx.getStateStore(SeriesAggregates.MINUTES.name());

        aggregates.writePooled();
        assertEquals(BoundaryCounts.oneToOne(3, 4, 2), series.get(SERIES).totals().counts());
        assertNull(slices.get(de));
        assertNull(minutes.fetch(de, MINUTE));
        // Held, not lost: every reader of the view sees it, and the commit writes it, to the slices' store alone.
        assertEquals(1L, aggregates.series(de).totals().outcomes().get(Outcome.SCORED));

        aggregates.writeAll();
        assertEquals(1L, slices.get(de).totals().outcomes().get(Outcome.SCORED));
        assertNull(series.get(de));
        assertEquals(new MinuteCounts(BoundaryCounts.oneToOne(2, 3, 1), 1, true), minutes.fetch(de, MINUTE).counts());
    }

    @Test
    void closesInASliceAddUpIntoItsAggregateAndTheirMinutes() {
        ModelTier de = new ModelTier("m", "word", new dev.segmon.app.state.Slice("lang", "de"));
        // Two scored closes in the minute starting at 120 s (2 of 3 and 1 of 1 reference boundaries
        // hit), each in the estimate's coverage, one unscored close in the next minute.
        aggregates.closed(de, SeriesFigures.ofEstimatedClose(), Outcome.SCORED, BoundaryCounts.oneToOne(3, 2, 2), 0, MINUTE + 1_000);
        aggregates.closed(de, SeriesFigures.ofEstimatedClose(), Outcome.SCORED, BoundaryCounts.oneToOne(1, 1, 1), 0, MINUTE + 59_000);
        aggregates.closed(de, null, Outcome.UNREFERENCED, null, 0, MINUTE + 60_000);

        Totals t = aggregates.series(de).totals();
        assertEquals(BoundaryCounts.oneToOne(4, 3, 3), t.counts());
        assertEquals(2L, t.outcomes().get(Outcome.SCORED));
        assertEquals(1L, t.outcomes().get(Outcome.UNREFERENCED));
        assertEquals(2L, aggregates.series(de).estimatedClosed()); // the books' figures of the two closes that had some
        assertEquals(new MinuteCounts(BoundaryCounts.oneToOne(4, 3, 3), 2, true), aggregates.minute(de, MINUTE).counts());
        assertNull(aggregates.minute(de, MINUTE + 60_000)); // an unscored close has no minute counts

        aggregates.writeAll();
        KeyValueStore<ModelTier, SeriesFigures> slices = ctx.getStateStore(SeriesAggregates.SLICE_SERIES.name());
        assertEquals(3L, slices.get(de).totals().outcomes().values().stream().mapToLong(Long::longValue).sum());
    }

    @Test
    void opensAndClosesOfThePooledSeriesReachItsStoreAtTheNextWrite() {
        // Three utterances open, then two close (one open less each, one timed out): the pooled
        // series is written between commits, so the next write has them, unlike a slice's.
        aggregates.opened(SERIES);
        aggregates.opened(SERIES);
        aggregates.opened(SERIES);
        aggregates.closed(SERIES, null, Outcome.SCORED, null, -1, MINUTE + 1_000);
        aggregates.closed(SERIES, SeriesFigures.ofEstimatedClose(), Outcome.TIMED_OUT, null, -1, MINUTE + 2_000);

        aggregates.writePooled();
        KeyValueStore<ModelTier, SeriesFigures> series = ctx.getStateStore(SeriesAggregates.SERIES.name());
        Totals t = series.get(SERIES).totals();
        assertEquals(1, t.open());
        assertEquals(1L, t.outcomes().get(Outcome.SCORED));
        assertEquals(1L, t.outcomes().get(Outcome.TIMED_OUT));
        assertEquals(BoundaryCounts.ZERO, t.counts()); // a pooled series' counts join as they are decided, not at the close
        assertEquals(1L, series.get(SERIES).estimatedClosed());
    }

    @Test
    void aClosedUtteranceWithoutDecisionsLeavesTheMinuteUnchanged() {
        aggregates.decidedMinute(SERIES, MINUTE, BoundaryCounts.ZERO, 1, 0, 0);

        MinuteCounts c = aggregates.minute(SERIES, MINUTE).counts();
        assertEquals(1, c.utterances());
        assertFalse(c.dirty()); // as MinuteCounts.plus: the minute-window records carry the counts only
    }

    @Test
    void aDiscardedCommitDropsDecisionsNotWritten() {
        twoDecisions();
        BoundaryProcessor.COMMIT_FLUSH.open(ctx).clearCache(); // what Kafka Streams does to uncommitted state

        assertNull(aggregates.series(SERIES));
        assertNull(aggregates.minute(SERIES, MINUTE));
    }
}
