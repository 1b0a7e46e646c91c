package dev.segmon.app.state;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The components of one aggregate, by their bit in it: what {@link SeriesFigures} and
 * {@link MinuteFigures} hold besides their keyed maps. Immutable; null where never booked.
 */
final class Parts {
    static final Parts NONE = new Parts(new Object[0]);

    private final Object[] values;

    private Parts(Object[] values) {
        this.values = values;
    }

    /** One past the highest bit that may be set. */
    int size() {
        return values.length;
    }

    Object get(int bit) {
        return bit < values.length ? values[bit] : null;
    }

    Parts with(int bit, Object v) {
        if (bit == Component.NONE) {
            throw new IllegalArgumentException("component not kept in this aggregate");
        }
        Object[] next = Arrays.copyOf(values, Math.max(values.length, bit + 1));
        next[bit] = v;
        return new Parts(next);
    }

    /** The sum, component by component ({@code minute}: bits of the minute aggregate). */
    Parts plus(Parts o, boolean minute) {
        if (o.values.length == 0) {
            return this;
        }
        if (values.length == 0) {
            return o;
        }
        Object[] next = new Object[Math.max(values.length, o.values.length)];
        for (int i = 0; i < next.length; i++) {
            Object a = get(i);
            Object b = o.get(i);
            next[i] = a == null ? b : b == null ? a : Component.at(i, minute).addUnchecked(a, b);
        }
        return new Parts(next);
    }

    /** Each component's bytes by bit, null where absent: what {@link Figures#encode} writes after the mask. */
    List<byte[]> encode(boolean minute) {
        List<byte[]> out = new ArrayList<>(values.length);
        for (int i = 0; i < values.length; i++) {
            out.add(values[i] == null ? null : Component.at(i, minute).encode(values[i]));
        }
        return out;
    }

    /** Reads the mask and the components it marks present. */
    static Parts decode(ByteBuffer in, boolean minute) {
        byte[][] raw = Figures.components(in, Component.BITS);
        int last = -1;
        for (int i = 0; i < raw.length; i++) {
            if (raw[i] != null) {
                last = i;
            }
        }
        Object[] values = new Object[last + 1];
        for (int i = 0; i <= last; i++) {
            values[i] = raw[i] == null ? null : Component.at(i, minute).decode(raw[i]);
        }
        return new Parts(values);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Parts p)) {
            return false;
        }
        int n = Math.max(values.length, p.values.length);
        for (int i = 0; i < n; i++) {
            if (!java.util.Objects.equals(get(i), p.get(i))) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        int h = 1;
        int last = values.length - 1;
        while (last >= 0 && values[last] == null) {
            last--;
        }
        for (int i = 0; i <= last; i++) {
            h = 31 * h + java.util.Objects.hashCode(values[i]);
        }
        return h;
    }

    @Override
    public String toString() {
        return Arrays.toString(values);
    }
}
