package dev.segmon.app.processors;

import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.store.FixedWindows;
import dev.segmon.app.state.MinuteCounts;
import dev.segmon.app.state.MinuteFigures;
import dev.segmon.app.wire.MinuteWindow;
import dev.segmon.model.boundary.BoundaryCounts;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;

/**
 * The per-minute counts of each (model, tier), kept in its minute's aggregate
 * ({@link SeriesAggregates}: a Kafka Streams window store of one-minute windows of record time),
 * and their emission to the minute-window sink.
 *
 * <p>A window store, because it drops whole segments as stream time passes: no tombstones and no
 * scan for old minutes. A minute changed since its last emission is marked dirty in the store (so that a change
 * committed just before a crash is still emitted after the restart) and listed in memory (so that
 * emission reads just those); the list is rebuilt from the store's flags at init.
 */
final class MinuteWindows {
    private final SeriesAggregates aggregates;
    private final String sinkName;
    private ProcessorContext<Object, Object> context;

    /** Minutes whose counts changed since the last emission, in order of first change. */
    private final Set<FixedWindows.At<ModelTier>> dirty = new LinkedHashSet<>();

    MinuteWindows(SeriesAggregates aggregates, String sinkName) {
        this.aggregates = aggregates;
        this.sinkName = sinkName;
    }

    void init(ProcessorContext<Object, Object> context) {
        this.context = context;
        dirty.clear();
        try (KeyValueIterator<FixedWindows.At<ModelTier>, MinuteFigures> it = aggregates.minutes().all()) {
            while (it.hasNext()) {
                var kv = it.next();
                if (kv.value.counts() != null && kv.value.counts().dirty() && kv.key.key().pooled()) {
                    dirty.add(kv.key);
                }
            }
        }
    }

    /** Adds what was decided at {@code timestampMs} (record time), the utterances closed then, and the decided hits' count and sum of hyp - ref. */
    void add(ModelTier series, long timestampMs, BoundaryCounts decided, long closedUtterances, long signedSumMicros, long hits) {
        long start = MinuteWindow.minuteOf(timestampMs);
        aggregates.decidedMinute(series, start, decided, closedUtterances, signedSumMicros, hits);
        // The minute is marked changed when its counts grow (MinuteCounts#plus); one already marked
        // is listed already (every marked minute is, from init on). A slice's minutes are not
        // emitted: the topic's records are per (model, tier) (docs/contract.md 3.3).
        if (!decided.equals(BoundaryCounts.ZERO) && series.pooled()) {
            dirty.add(SeriesAggregates.Minute.of(series, start));
        }
    }

    /**
     * Emits every minute that changed since the last emission, keyed by (model, tier, minute): the
     * last record per key is the minute's total.
     */
    void emit(long wallClockMs) {
        List<FixedWindows.At<ModelTier>> due = new ArrayList<>(dirty);
        dirty.clear();
        // In key order (model, tier, minute), as a reader of the topic would list them.
        due.sort(java.util.Comparator.<FixedWindows.At<ModelTier>, ModelTier>comparing(FixedWindows.At::key).thenComparingLong(FixedWindows.At::start));
        for (FixedWindows.At<ModelTier> m : due) {
            MinuteFigures f = aggregates.minute(m.key(), m.start());
            MinuteCounts c = f == null ? null : f.counts();
            if (c == null || !c.dirty()) {
                continue;
            }
            MinuteWindow out = new MinuteWindow(m.key().model(), m.key().tier(), m.start(), c.counts());
            context.forward(new Record<Object, Object>(out.key(), out.toJson(), m.start()), sinkName);
            aggregates.updateMinute(m.key(), m.start(), x -> x.withCounts(c.emitted()));
        }
        aggregates.writeAll();
    }

    /** For tests: the minutes listed as changed. */
    int dirtyCount() {
        return dirty.size();
    }
}
