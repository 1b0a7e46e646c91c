package dev.segmon.app.state;

import static dev.segmon.app.state.Figures.COUNT;
import static dev.segmon.app.state.Figures.PAIRED;

import dev.segmon.model.estimate.Backtest;
import dev.segmon.model.estimate.RateMoments;
import dev.segmon.model.interval.PairedMoments;
import dev.segmon.model.interval.UtteranceMoments;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.kafka.common.serialization.Serde;

/**
 * Everything the monitor adds up for one (model, tier) since it started, in one value: one
 * {@link Component} per measure, and two keyed maps (refusals by reason, comparisons by baseline).
 * A record that closes an utterance rewrites the series' aggregate once, whatever the number of
 * measures (docs/streaming.md, "One aggregate per series"). Values of the same series from several
 * tasks or instances add up ({@link #plus}), component by component.
 *
 * <p>A null component was never booked, and the exporter leaves the series out of that family.
 * The tier's reference side (rho's sums, the unhypothesized outcome) lives under the model
 * {@code none}, as the references' own series always has.
 */
public final class SeriesFigures {
    public static final SeriesFigures EMPTY = new SeriesFigures(Parts.NONE, new TreeMap<>(), new TreeMap<>());
    public static final Serde<SeriesFigures> SERDE = StateSerde.of(SeriesFigures::encode, SeriesFigures::decode);

    private final Parts parts;
    private final SortedMap<String, Long> refused;
    private final SortedMap<String, PairedMoments> paired;

    private SeriesFigures(Parts parts, SortedMap<String, Long> refused, SortedMap<String, PairedMoments> paired) {
        this.parts = parts;
        this.refused = Figures.frozen(refused);
        this.paired = Figures.frozen(paired);
    }

    /** The component's value, or null when never booked. */
    @SuppressWarnings("unchecked")
    public <V> V get(Component<V> c) {
        return (V) parts.get(c.seriesBit());
    }

    /** With {@code c} set to {@code v}. */
    public <V> SeriesFigures with(Component<V> c, V v) {
        return new SeriesFigures(parts.with(c.seriesBit(), v), refused, paired);
    }

    /** One component booked: what a measure adds to a series. */
    public static <V> SeriesFigures of(Component<V> c, V v) {
        return EMPTY.with(c, v);
    }

    public SeriesFigures plus(SeriesFigures o) {
        return new SeriesFigures(parts.plus(o.parts, false), Figures.addMaps(refused, o.refused, Long::sum),
                Figures.addMaps(paired, o.paired, PairedMoments::plus));
    }

    public Totals totals() {
        return get(Components.TOTALS);
    }

    public UtteranceMoments moments() {
        return get(Components.MOMENTS);
    }

    public WordCounts words() {
        return get(Components.WORDS);
    }

    public RateMoments hypothesisRates() {
        return get(Components.HYPOTHESIS_RATES);
    }

    public RateMoments referenceRates() {
        return get(Components.REFERENCE_RATES);
    }

    public Backtest backtest() {
        return get(Components.BACKTEST);
    }

    public WordTiming timing() {
        return get(Components.TIMING);
    }

    /** Closed utterances whose hypothesis ended with a usable duration: the estimate's coverage, a share of the closed ones of {@link #totals}. */
    public Long estimatedClosed() {
        return get(Components.ESTIMATED_CLOSED);
    }

    /** Durations refused, by reason label. */
    public SortedMap<String, Long> refused() {
        return refused;
    }

    /** Candidate (this model) minus baseline moments, by baseline. */
    public SortedMap<String, PairedMoments> paired() {
        return paired;
    }

    /** Totals as they are (zero when none yet), for an update. */
    public Totals totalsOrZero() {
        Totals t = totals();
        return t == null ? Totals.ZERO : t;
    }

    public SeriesFigures withTotals(Totals t) {
        return with(Components.TOTALS, t);
    }

    public static SeriesFigures ofMoments(UtteranceMoments m) {
        return of(Components.MOMENTS, m);
    }

    public static SeriesFigures ofWords(WordCounts w) {
        return of(Components.WORDS, w);
    }

    /** Word errors and, for an utterance with a word score, its word timing (null otherwise). */
    public static SeriesFigures ofWords(WordCounts w, WordTiming t) {
        return ofWords(w).with(Components.TIMING, t);
    }

    public static SeriesFigures ofHypothesisRates(RateMoments r) {
        return of(Components.HYPOTHESIS_RATES, r);
    }

    public static SeriesFigures ofReferenceRates(RateMoments r) {
        return of(Components.REFERENCE_RATES, r);
    }

    public static SeriesFigures ofBacktest(Backtest b) {
        return of(Components.BACKTEST, b);
    }

    public static SeriesFigures ofRefused(String reason) {
        return new SeriesFigures(Parts.NONE, new TreeMap<>(Map.of(reason, 1L)), new TreeMap<>());
    }

    /** One closed utterance that is in the estimate's sums. */
    public static SeriesFigures ofEstimatedClose() {
        return of(Components.ESTIMATED_CLOSED, 1L);
    }

    public static SeriesFigures ofPaired(String baseline, PairedMoments m) {
        return new SeriesFigures(Parts.NONE, new TreeMap<>(), new TreeMap<>(Map.of(baseline, m)));
    }

    /** The parts also kept per minute, for {@link MinuteFigures#of}. */
    Parts parts() {
        return parts;
    }

    /**
     * Layout: an int mask of the components present (bit i for the component of series bit i:
     * {@link Components} and each measure's own), each present one as an int length and its own
     * layout, then refused and paired as a count and (name as writeUTF, length, value) each. A value
     * written before a component existed has its bit clear and reads as none booked.
     */
    public byte[] encode() {
        return Figures.encode(parts.encode(false), List.of(Figures.encodeMap(refused, COUNT), Figures.encodeMap(paired, PAIRED)));
    }

    public static SeriesFigures decode(byte[] bytes) {
        ByteBuffer in = Bytes.wrap(bytes);
        Parts parts = Parts.decode(in, false);
        SortedMap<String, byte[]> refused = Figures.map(in);
        SortedMap<String, byte[]> paired = Figures.map(in);
        return new SeriesFigures(parts, Figures.decodeMap(refused, COUNT), Figures.decodeMap(paired, PAIRED));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SeriesFigures f && parts.equals(f.parts) && refused.equals(f.refused) && paired.equals(f.paired);
    }

    @Override
    public int hashCode() {
        return Objects.hash(parts, refused, paired);
    }

    @Override
    public String toString() {
        return "SeriesFigures" + parts + " refused " + refused + " paired " + paired;
    }
}
