package dev.segmon.app.state;

import java.nio.charset.StandardCharsets;
import java.util.function.Function;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Serdes of the typed keys and values, built from their own encode and decode functions.
 *
 * <p>Keys are their parts joined with {@link #SEP} in UTF-8, so that a store's byte order is the
 * order of its key parts (Kafka's RocksDB stores iterate in byte order). Names (utterance, model,
 * tier) may not contain the separator; the input parser refuses those that do.
 */
public final class StateSerde {
    /** Separator of key parts: the one character a name may not contain. */
    public static final char SEP = dev.segmon.app.wire.Names.SEPARATOR;

    private StateSerde() {
    }

    /** A serde of values that code themselves; null stays null (a deleted key). */
    public static <V> Serde<V> of(Function<V, byte[]> encode, Function<byte[], V> decode) {
        Serializer<V> s = (topic, v) -> v == null ? null : encode.apply(v);
        Deserializer<V> d = (topic, b) -> b == null ? null : decode.apply(b);
        return Serdes.serdeFrom(s, d);
    }

    /** A serde of keys made of string parts. */
    public static <K> Serde<K> ofKey(Function<K, String[]> parts, Function<String[], K> make) {
        return of(k -> String.join(String.valueOf(SEP), parts.apply(k)).getBytes(StandardCharsets.UTF_8),
                b -> make.apply(new String(b, StandardCharsets.UTF_8).split(String.valueOf(SEP), -1)));
    }

    /** A count stored as a version byte and a big-endian long (dead letters, the reference clock). */
    public static final Serde<Long> COUNT = of(Bytes::encodeLong, Bytes::decodeLong);

    /**
     * A serde of counts that are a fixed number of longs: the version byte, then each long
     * big-endian, in the order {@code longs} gives them. The layout of most measures' counts.
     */
    public static <V> Serde<V> ofLongs(int count, Function<V, long[]> longs, Function<long[], V> make) {
        return of(v -> {
            long[] parts = longs.apply(v);
            if (parts.length != count) {
                throw new IllegalArgumentException("expected " + count + " longs, got " + parts.length);
            }
            java.nio.ByteBuffer out = Bytes.allocate(8 * count);
            for (long p : parts) {
                out.putLong(p);
            }
            return out.array();
        }, b -> {
            java.nio.ByteBuffer in = Bytes.wrap(b);
            long[] parts = new long[count];
            for (int i = 0; i < count; i++) {
                parts[i] = in.getLong();
            }
            return make.apply(parts);
        });
    }
}
