package dev.segmon.app.state;

import java.util.function.BinaryOperator;
import org.apache.kafka.common.serialization.Serde;

/**
 * One measure's part of the series aggregate ({@link SeriesFigures}) and, where it is kept per
 * minute, of the minute aggregate ({@link MinuteFigures}): its counts (a monoid: {@link #plus}),
 * its byte layout ({@link #serde}) and its bit in each aggregate's presence mask. A bit is part of
 * the stored layout: once released it never changes, and a new component takes the next free one.
 *
 * <p>Components register themselves when their declaring class loads; an aggregate read from
 * bytes with a bit no loaded component owns is refused rather than misread.
 *
 * @param <V> the component's value; null in an aggregate means never booked
 */
public final class Component<V> {
    static final int BITS = 32;
    /** No bit: not kept in that aggregate. */
    public static final int NONE = -1;
    private static final Component<?>[] SERIES = new Component<?>[BITS];
    private static final Component<?>[] MINUTE = new Component<?>[BITS];

    private final String name;
    private final int seriesBit;
    private final int minuteBit;
    private final Serde<V> serde;
    private final BinaryOperator<V> plus;

    /** Registers a component with its bit in the series and the minute aggregate ({@link #NONE}: not kept there). */
    public Component(String name, int seriesBit, int minuteBit, Serde<V> serde, BinaryOperator<V> plus) {
        this.name = name;
        this.seriesBit = seriesBit;
        this.minuteBit = minuteBit;
        this.serde = serde;
        this.plus = plus;
        synchronized (Component.class) {
            claim(SERIES, seriesBit);
            claim(MINUTE, minuteBit);
        }
    }

    private void claim(Component<?>[] table, int bit) {
        if (bit == NONE) {
            return;
        }
        if (bit < 0 || bit >= BITS || table[bit] != null) {
            throw new IllegalStateException("component " + name + ": bit " + bit + " is taken or out of range");
        }
        table[bit] = this;
    }

    public String name() {
        return name;
    }

    int seriesBit() {
        return seriesBit;
    }

    int minuteBit() {
        return minuteBit;
    }

    /** The sum, where null is "nothing booked" (not zero: an exporter leaves such a series out). */
    public V add(V a, V b) {
        return a == null ? b : b == null ? a : plus.apply(a, b);
    }

    @SuppressWarnings("unchecked")
    V addUnchecked(Object a, Object b) {
        return add((V) a, (V) b);
    }

    @SuppressWarnings("unchecked")
    byte[] encode(Object v) {
        return serde.serializer().serialize(null, (V) v);
    }

    V decode(byte[] b) {
        return serde.deserializer().deserialize(null, b);
    }

    /** The component owning {@code bit} of the series aggregate ({@code minute}: of the minute aggregate). */
    static Component<?> at(int bit, boolean minute) {
        Components.load();
        Component<?> c = (minute ? MINUTE : SERIES)[bit];
        if (c == null) {
            throw new IllegalStateException("aggregate bytes carry component bit " + bit + ", which no loaded measure declares");
        }
        return c;
    }

    @Override
    public String toString() {
        return name;
    }
}
