package dev.segmon.app.processors;

import dev.segmon.app.wire.MinuteWindow;
import java.util.function.BinaryOperator;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.WindowStore;

/**
 * Adds moment sums (a monoid: {@code UtteranceMoments}, {@code PairedMoments}) of a series to its
 * cumulative total in a key-value store and to its minute (of record time) in a window store.
 * The exporter reads both: the cumulative counters and gauges, the 5 m gauges and the per-minute
 * view.
 */
final class MomentLedger<K, V> {
    private final String totalsStore;
    private final String minutesStore;
    private final BinaryOperator<V> plus;
    private KeyValueStore<K, V> totals;
    private WindowStore<K, V> minutes;

    MomentLedger(String totalsStore, String minutesStore, BinaryOperator<V> plus) {
        this.totalsStore = totalsStore;
        this.minutesStore = minutesStore;
        this.plus = plus;
    }

    void init(ProcessorContext<Object, Object> context) {
        this.totals = context.getStateStore(totalsStore);
        this.minutes = context.getStateStore(minutesStore);
    }

    void add(K series, V moments, long timestampMs) {
        V total = totals.get(series);
        totals.put(series, total == null ? moments : plus.apply(total, moments));
        long minute = MinuteWindow.minuteOf(timestampMs);
        V inMinute = minutes.fetch(series, minute);
        minutes.put(series, inMinute == null ? moments : plus.apply(inMinute, moments), minute);
    }
}
