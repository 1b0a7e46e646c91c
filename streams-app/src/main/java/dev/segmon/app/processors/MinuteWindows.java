package dev.segmon.app.processors;

import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.MinuteCounts;
import dev.segmon.app.wire.MinuteWindow;
import dev.segmon.model.boundary.BoundaryCounts;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.kafka.streams.kstream.Windowed;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.WindowStore;

/**
 * The per-minute counts of each (model, tier) in a Kafka Streams window store (one-minute windows
 * of record time), and their emission to the minute-window sink.
 *
 * <p>The window store keeps its retention by dropping whole segments as stream time passes: no
 * tombstones, and no scan to find old minutes (a key-value store of minutes had to be scanned and
 * its old keys deleted one by one, and RocksDB seeks then walked the tombstones). Reads by time
 * range are what the live page and the 5 m gauges ask for.
 *
 * <p>A minute changed since its last emission is marked dirty in the store (so that a change
 * committed just before a crash is still emitted after the restart) and listed in memory (so that
 * emission reads just those); the list is rebuilt from the store's flags at init.
 */
final class MinuteWindows {
    private final String storeName;
    private final String sinkName;
    private ProcessorContext<Object, Object> context;
    private WindowStore<ModelTier, MinuteCounts> store;
    /** One minute of one series. */
    private record Minute(ModelTier series, long start) {
    }

    /** Minutes written since the last emission, in order of first change. */
    private final Set<Minute> dirty = new LinkedHashSet<>();

    MinuteWindows(String storeName, String sinkName) {
        this.storeName = storeName;
        this.sinkName = sinkName;
    }

    void init(ProcessorContext<Object, Object> context) {
        this.context = context;
        this.store = context.getStateStore(storeName);
        dirty.clear();
        try (KeyValueIterator<Windowed<ModelTier>, MinuteCounts> it = store.all()) {
            while (it.hasNext()) {
                var kv = it.next();
                if (kv.value.dirty()) {
                    dirty.add(new Minute(kv.key.key(), kv.key.window().start()));
                }
            }
        }
    }

    /** Adds what was decided at {@code timestampMs} (record time) and the utterances closed then. */
    void add(ModelTier series, long timestampMs, BoundaryCounts decided, long closedUtterances) {
        long minute = MinuteWindow.minuteOf(timestampMs);
        MinuteCounts old = store.fetch(series, minute);
        MinuteCounts next = (old == null ? MinuteCounts.ZERO : old).plus(decided, closedUtterances);
        store.put(series, next, minute);
        if (next.dirty()) {
            dirty.add(new Minute(series, minute));
        }
    }

    /**
     * Emits every minute that changed since the last emission, keyed by (model, tier, minute): the
     * last record per key is the minute's total. A minute already past the store's retention is
     * gone from it and not emitted.
     */
    void emit(long wallClockMs) {
        List<Minute> due = new ArrayList<>(dirty);
        dirty.clear();
        // In key order (model, tier, minute), as a reader of the topic would list them.
        due.sort(java.util.Comparator.comparing(Minute::series).thenComparingLong(Minute::start));
        for (Minute m : due) {
            MinuteCounts c = store.fetch(m.series(), m.start());
            if (c == null || !c.dirty()) {
                continue;
            }
            MinuteWindow out = new MinuteWindow(m.series().model(), m.series().tier(), m.start(), c.counts());
            context.forward(new Record<Object, Object>(out.key(), out.toJson(), m.start()), sinkName);
            store.put(m.series(), c.emitted(), m.start());
        }
    }

    /** For tests: the minutes listed as changed. */
    int dirtyCount() {
        return dirty.size();
    }
}
