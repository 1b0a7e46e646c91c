package dev.segmon.app.processors;

import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.MinuteCounts;
import dev.segmon.app.wire.MinuteWindow;
import dev.segmon.model.boundary.BoundaryCounts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
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
    /**
     * The values of the minutes used last, written through to the store: almost every record adds
     * to the current minute of its (model, tier), and a window-store fetch for each (serialising
     * the key, a cache or RocksDB lookup, decoding the value) doubled the processor's CPU per
     * record in {@code ProcessorCpuProbe}. Only this class writes the store, and a new view is
     * made at every init (as {@link DecodedStore}'s, for the same reason).
     */
    private final Map<Minute, MinuteCounts> recent = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Minute, MinuteCounts> eldest) {
            return size() > RECENT_MINUTES;
        }
    };
    /** Minutes kept decoded: (model, tier) pairs of a task times the few minutes a record can touch, with room. */
    static final int RECENT_MINUTES = 4096;

    MinuteWindows(String storeName, String sinkName) {
        this.storeName = storeName;
        this.sinkName = sinkName;
    }

    void init(ProcessorContext<Object, Object> context) {
        this.context = context;
        this.store = context.getStateStore(storeName);
        dirty.clear();
        recent.clear();
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
        Minute m = new Minute(series, MinuteWindow.minuteOf(timestampMs));
        MinuteCounts old = get(m);
        put(m, (old == null ? MinuteCounts.ZERO : old).plus(decided, closedUtterances));
    }

    private MinuteCounts get(Minute m) {
        MinuteCounts v = recent.get(m);
        return v != null ? v : store.fetch(m.series(), m.start());
    }

    private void put(Minute m, MinuteCounts v) {
        store.put(m.series(), v, m.start());
        recent.put(m, v);
        if (v.dirty()) {
            dirty.add(m);
        }
    }

    /**
     * Emits every minute that changed since the last emission, keyed by (model, tier, minute): the
     * last record per key is the minute's total.
     */
    void emit(long wallClockMs) {
        List<Minute> due = new ArrayList<>(dirty);
        dirty.clear();
        // In key order (model, tier, minute), as a reader of the topic would list them.
        due.sort(java.util.Comparator.comparing(Minute::series).thenComparingLong(Minute::start));
        for (Minute m : due) {
            MinuteCounts c = get(m);
            if (c == null || !c.dirty()) {
                continue;
            }
            MinuteWindow out = new MinuteWindow(m.series().model(), m.series().tier(), m.start(), c.counts());
            context.forward(new Record<Object, Object>(out.key(), out.toJson(), m.start()), sinkName);
            put(m, c.emitted());
        }
    }

    /** For tests: the minutes listed as changed. */
    int dirtyCount() {
        return dirty.size();
    }
}
