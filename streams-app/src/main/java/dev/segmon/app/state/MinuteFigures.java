package dev.segmon.app.state;

import static dev.segmon.app.state.Figures.BIAS;
import static dev.segmon.app.state.Figures.COUNTS;
import static dev.segmon.app.state.Figures.MOMENTS;
import static dev.segmon.app.state.Figures.PAIRED;
import static dev.segmon.app.state.Figures.RATES;
import static dev.segmon.app.state.Figures.TIMING;
import static dev.segmon.app.state.Figures.WORDS;

import dev.segmon.model.estimate.RateMoments;
import dev.segmon.model.interval.PairedMoments;
import dev.segmon.model.interval.UtteranceMoments;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.kafka.common.serialization.Serde;

/**
 * Everything one (model, tier) added up in one minute of record time, in one value of the
 * series-minutes window store: the minute counts (with the flag of the minute-window topic), the
 * moments, word errors, the estimate's hypothesis sums, the comparisons' paired moments, word timing and
 * the hits' signed offset sum. As {@link SeriesFigures}: null components were never booked, values
 * add across tasks.
 */
public record MinuteFigures(MinuteCounts counts, UtteranceMoments moments, WordCounts words, RateMoments hypothesisRates,
                            SortedMap<String, PairedMoments> paired, WordTiming timing, OffsetBias bias) {
    public static final MinuteFigures EMPTY = new MinuteFigures(null, null, null, null, new TreeMap<>(), null, null);
    public static final Serde<MinuteFigures> SERDE = StateSerde.of(MinuteFigures::encode, MinuteFigures::decode);

    public MinuteFigures {
        paired = Figures.frozen(paired);
    }

    /** Without word timing. */
    public MinuteFigures(MinuteCounts counts, UtteranceMoments moments, WordCounts words, RateMoments hypothesisRates,
                         SortedMap<String, PairedMoments> paired) {
        this(counts, moments, words, hypothesisRates, paired, null);
    }

    /** Without hit offsets. */
    public MinuteFigures(MinuteCounts counts, UtteranceMoments moments, WordCounts words, RateMoments hypothesisRates,
                         SortedMap<String, PairedMoments> paired, WordTiming timing) {
        this(counts, moments, words, hypothesisRates, paired, timing, null);
    }

    public MinuteFigures plus(MinuteFigures o) {
        return new MinuteFigures(COUNTS.add(counts, o.counts), MOMENTS.add(moments, o.moments), WORDS.add(words, o.words),
                RATES.add(hypothesisRates, o.hypothesisRates), Figures.addMaps(paired, o.paired, PairedMoments::plus),
                TIMING.add(timing, o.timing), BIAS.add(bias, o.bias));
    }

    public MinuteCounts countsOrZero() {
        return counts == null ? MinuteCounts.ZERO : counts;
    }

    public MinuteFigures withCounts(MinuteCounts c) {
        return new MinuteFigures(c, moments, words, hypothesisRates, paired, timing, bias);
    }

    /** With {@code add} added to the hits' offset sum. */
    public MinuteFigures plusBias(OffsetBias add) {
        return new MinuteFigures(counts, moments, words, hypothesisRates, paired, timing, BIAS.add(bias, add));
    }

    /** The minute's share of what {@link SeriesFigures} {@code add} adds (the parts that are kept per minute). */
    public static MinuteFigures of(SeriesFigures add) {
        return new MinuteFigures(null, add.moments(), add.words(), add.hypothesisRates(), add.paired(), add.timing());
    }

    /**
     * Layout: as {@link SeriesFigures#encode()}, components counts, moments, words, hypothesisRates,
     * timing, bias; then paired. Bytes written before the bias was kept have its mask bit clear: absent.
     */
    public byte[] encode() {
        return Figures.encode(Arrays.asList(counts == null ? null : COUNTS.encode(counts), moments == null ? null : MOMENTS.encode(moments),
                        words == null ? null : WORDS.encode(words), hypothesisRates == null ? null : RATES.encode(hypothesisRates),
                        timing == null ? null : TIMING.encode(timing), bias == null ? null : BIAS.encode(bias)),
                java.util.List.of(Figures.encodeMap(paired, PAIRED)));
    }

    public static MinuteFigures decode(byte[] bytes) {
        ByteBuffer in = Bytes.wrap(bytes);
        byte[][] c = Figures.components(in, 6);
        SortedMap<String, byte[]> paired = Figures.map(in);
        return new MinuteFigures(c[0] == null ? null : COUNTS.decode(c[0]), c[1] == null ? null : MOMENTS.decode(c[1]),
                c[2] == null ? null : WORDS.decode(c[2]), c[3] == null ? null : RATES.decode(c[3]), Figures.decodeMap(paired, PAIRED),
                c[4] == null ? null : TIMING.decode(c[4]), c[5] == null ? null : BIAS.decode(c[5]));
    }
}
