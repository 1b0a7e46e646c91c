package dev.segmon.app.state;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.BinaryOperator;
import org.apache.kafka.common.serialization.Serde;

/**
 * How {@link SeriesFigures} and {@link MinuteFigures} code themselves: a presence mask, then each
 * present component in its own pinned layout ({@link Bytes#putBlob}), then keyed maps (refusals,
 * comparisons) as a count and (name, value) pairs. One codec for every component, so that adding
 * a measure adds a component here and no store.
 */
final class Figures {
    private Figures() {
    }

    /** A nullable component: its serde and how two add. */
    record Part<V>(Serde<V> serde, BinaryOperator<V> plus) {
        byte[] encode(V v) {
            return serde.serializer().serialize(null, v);
        }

        V decode(byte[] b) {
            return serde.deserializer().deserialize(null, b);
        }

        /** The sum, where null is "nothing booked" (not zero: an exporter leaves such a series out). */
        V add(V a, V b) {
            return a == null ? b : b == null ? a : plus.apply(a, b);
        }
    }

    /** Writes the components (nulls marked absent in a leading mask) and the maps. */
    static byte[] encode(List<byte[]> components, List<SortedMap<String, byte[]>> maps) {
        int size = 4;
        for (byte[] c : components) {
            size += c == null ? 0 : 4 + c.length;
        }
        List<List<byte[]>> names = new ArrayList<>();
        for (SortedMap<String, byte[]> m : maps) {
            List<byte[]> n = new ArrayList<>();
            size += 4;
            for (Map.Entry<String, byte[]> e : m.entrySet()) {
                byte[] utf8 = e.getKey().getBytes(StandardCharsets.UTF_8);
                n.add(utf8);
                size += 2 + utf8.length + 4 + e.getValue().length;
            }
            names.add(n);
        }
        ByteBuffer out = Bytes.allocate(size);
        int mask = 0;
        for (int i = 0; i < components.size(); i++) {
            mask |= components.get(i) == null ? 0 : 1 << i;
        }
        out.putInt(mask);
        for (byte[] c : components) {
            if (c != null) {
                Bytes.putBlob(out, c);
            }
        }
        for (int k = 0; k < maps.size(); k++) {
            out.putInt(maps.get(k).size());
            int i = 0;
            for (byte[] v : maps.get(k).values()) {
                Bytes.putName(out, names.get(k).get(i++));
                Bytes.putBlob(out, v);
            }
        }
        return out.array();
    }

    /** The decoded components ({@code count} of them, null where absent) and {@code maps} maps, read from {@code in}. */
    static byte[][] components(ByteBuffer in, int count) {
        int mask = in.getInt();
        byte[][] out = new byte[count][];
        for (int i = 0; i < count; i++) {
            out[i] = (mask & (1 << i)) == 0 ? null : Bytes.getBlob(in);
        }
        return out;
    }

    static SortedMap<String, byte[]> map(ByteBuffer in) {
        SortedMap<String, byte[]> m = new TreeMap<>();
        int n = in.getInt();
        for (int i = 0; i < n; i++) {
            m.put(Bytes.getName(in), Bytes.getBlob(in));
        }
        return m;
    }

    static <V> SortedMap<String, byte[]> encodeMap(SortedMap<String, V> m, Part<V> part) {
        SortedMap<String, byte[]> out = new TreeMap<>();
        m.forEach((k, v) -> out.put(k, part.encode(v)));
        return out;
    }

    static <V> SortedMap<String, V> decodeMap(SortedMap<String, byte[]> m, Part<V> part) {
        SortedMap<String, V> out = new TreeMap<>();
        m.forEach((k, v) -> out.put(k, part.decode(v)));
        return out;
    }

    /**
     * {@code m} as an unmodifiable sorted map, copied only when it is not one already: aggregates
     * are rebuilt at every booking, and most of their maps are empty.
     */
    @SuppressWarnings("unchecked")
    static <V> SortedMap<String, V> frozen(SortedMap<String, V> m) {
        if (m.isEmpty()) {
            return (SortedMap<String, V>) NO_ENTRIES;
        }
        if (m.getClass() == FROZEN_CLASS) {
            return m;
        }
        return Collections.unmodifiableSortedMap(new TreeMap<>(m));
    }

    private static final SortedMap<String, Object> NO_ENTRIES = Collections.unmodifiableSortedMap(new TreeMap<>());
    private static final Class<?> FROZEN_CLASS = NO_ENTRIES.getClass();

    static <V> SortedMap<String, V> addMaps(SortedMap<String, V> a, SortedMap<String, V> b, BinaryOperator<V> plus) {
        if (b.isEmpty()) {
            return a;
        }
        SortedMap<String, V> out = new TreeMap<>(a);
        b.forEach((k, v) -> out.merge(k, v, plus));
        return out;
    }

    static final Part<dev.segmon.model.interval.PairedMoments> PAIRED =
            new Part<>(Moments.PAIRED, dev.segmon.model.interval.PairedMoments::plus);
    static final Part<Long> COUNT = new Part<>(StateSerde.COUNT, Long::sum);
}
