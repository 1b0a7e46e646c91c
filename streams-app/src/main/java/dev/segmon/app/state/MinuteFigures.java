package dev.segmon.app.state;

import static dev.segmon.app.state.Figures.PAIRED;

import dev.segmon.model.interval.PairedMoments;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.kafka.common.serialization.Serde;

/**
 * Everything one (model, tier) added up in one minute of record time, in one value of the
 * series-minutes window store: the components kept per minute (the minute counts with the flag of
 * the minute-window topic, and each measure's that has a minute bit) and the comparisons' paired
 * moments. As {@link SeriesFigures}: null components were never booked, values add across tasks.
 */
public final class MinuteFigures {
    public static final MinuteFigures EMPTY = new MinuteFigures(Parts.NONE, new TreeMap<>());
    public static final Serde<MinuteFigures> SERDE = StateSerde.of(MinuteFigures::encode, MinuteFigures::decode);

    private final Parts parts;
    private final SortedMap<String, PairedMoments> paired;

    private MinuteFigures(Parts parts, SortedMap<String, PairedMoments> paired) {
        this.parts = parts;
        this.paired = Figures.frozen(paired);
    }

    /** The component's value in this minute, or null. */
    @SuppressWarnings("unchecked")
    public <V> V get(Component<V> c) {
        return (V) parts.get(c.minuteBit());
    }

    public <V> MinuteFigures with(Component<V> c, V v) {
        return new MinuteFigures(parts.with(c.minuteBit(), v), paired);
    }

    public MinuteFigures plus(MinuteFigures o) {
        return new MinuteFigures(parts.plus(o.parts, true), Figures.addMaps(paired, o.paired, PairedMoments::plus));
    }

    public MinuteCounts counts() {
        return get(Components.MINUTE_COUNTS);
    }

    /** The hits' signed offset sum. */
    public OffsetBias bias() {
        return get(Components.BIAS);
    }

    public SortedMap<String, PairedMoments> paired() {
        return paired;
    }

    public MinuteCounts countsOrZero() {
        MinuteCounts c = counts();
        return c == null ? MinuteCounts.ZERO : c;
    }

    public MinuteFigures withCounts(MinuteCounts c) {
        return with(Components.MINUTE_COUNTS, c);
    }

    /** With {@code add} added to the hits' offset sum. */
    public MinuteFigures plusBias(OffsetBias add) {
        return add == null ? this : with(Components.BIAS, Components.BIAS.add(bias(), add));
    }

    /** With the comparisons' paired moments {@code p} added. */
    public MinuteFigures plusPaired(SortedMap<String, PairedMoments> p) {
        return new MinuteFigures(parts, Figures.addMaps(paired, p, PairedMoments::plus));
    }

    /** The minute's share of what {@link SeriesFigures} {@code add} adds: every component with a minute bit, and the comparisons. */
    public static MinuteFigures of(SeriesFigures add) {
        Parts series = add.parts();
        Parts minute = Parts.NONE;
        for (int bit = 0; bit < series.size(); bit++) {
            Object v = series.get(bit);
            if (v != null) {
                int m = Component.at(bit, false).minuteBit();
                if (m != Component.NONE) {
                    minute = minute.with(m, v);
                }
            }
        }
        return new MinuteFigures(minute, add.paired());
    }

    /** Layout: as {@link SeriesFigures#encode()}, with minute bits; then paired. */
    public byte[] encode() {
        return Figures.encode(parts.encode(true), List.of(Figures.encodeMap(paired, PAIRED)));
    }

    public static MinuteFigures decode(byte[] bytes) {
        ByteBuffer in = Bytes.wrap(bytes);
        Parts parts = Parts.decode(in, true);
        return new MinuteFigures(parts, Figures.decodeMap(Figures.map(in), PAIRED));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MinuteFigures f && parts.equals(f.parts) && paired.equals(f.paired);
    }

    @Override
    public int hashCode() {
        return Objects.hash(parts, paired);
    }

    @Override
    public String toString() {
        return "MinuteFigures" + parts + " paired " + paired;
    }
}
