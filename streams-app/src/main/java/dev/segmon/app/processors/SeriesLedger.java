package dev.segmon.app.processors;

import dev.segmon.app.wire.MinuteWindow;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BinaryOperator;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.WindowStore;

/**
 * Adds a monoid value (moment sums, word errors, rate sums) of a series to its cumulative total
 * in a key-value store and to its minute (of record time) in a window store: what every
 * {@link UtteranceBook} keeps. The exporter reads both stores (cumulative counters and gauges,
 * the 5 m gauges, the per-minute view of the live page).
 *
 * <p>Write-through views of the totals and minutes used last save a store read per add: a
 * window-store fetch (key serialised, record cache or RocksDB, value decoded) per booking halved
 * the processor's records/s once ({@link MinuteWindows}). Only this ledger writes its stores,
 * and the views are new at every init, as {@link DecodedStore}'s, for the same reason.
 */
final class SeriesLedger<K, V> {
    /** Totals and minutes kept decoded: a task's series times the few minutes a close touches, with room. */
    static final int RECENT = 4096;

    private record Minute<K>(K series, long start) {
    }

    private final String totalsStore;
    private final String minutesStore;
    private final BinaryOperator<V> plus;
    private KeyValueStore<K, V> totals;
    private WindowStore<K, V> minutes;
    private final Map<K, V> recentTotals = lru();
    private final Map<Minute<K>, V> recentMinutes = lru();

    SeriesLedger(String totalsStore, String minutesStore, BinaryOperator<V> plus) {
        this.totalsStore = totalsStore;
        this.minutesStore = minutesStore;
        this.plus = plus;
    }

    void init(ProcessorContext<Object, Object> context) {
        this.totals = context.getStateStore(totalsStore);
        this.minutes = context.getStateStore(minutesStore);
        recentTotals.clear();
        recentMinutes.clear();
    }

    /** The series' cumulative total, or null. */
    V total(K series) {
        V v = recentTotals.get(series);
        return v != null ? v : totals.get(series);
    }

    void add(K series, V value, long timestampMs) {
        V total = total(series);
        V nextTotal = total == null ? value : plus.apply(total, value);
        totals.put(series, nextTotal);
        recentTotals.put(series, nextTotal);
        Minute<K> m = new Minute<>(series, MinuteWindow.minuteOf(timestampMs));
        V inMinute = recentMinutes.get(m);
        if (inMinute == null) {
            inMinute = minutes.fetch(series, m.start());
        }
        V nextMinute = inMinute == null ? value : plus.apply(inMinute, value);
        minutes.put(series, nextMinute, m.start());
        recentMinutes.put(m, nextMinute);
    }

    private static <A, B> Map<A, B> lru() {
        return new LinkedHashMap<>(256, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<A, B> eldest) {
                return size() > RECENT;
            }
        };
    }
}
