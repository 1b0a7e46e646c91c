package dev.segmon.app.state;

import static dev.segmon.app.state.Figures.BACKTEST;
import static dev.segmon.app.state.Figures.COUNT;
import static dev.segmon.app.state.Figures.MOMENTS;
import static dev.segmon.app.state.Figures.PAIRED;
import static dev.segmon.app.state.Figures.RATES;
import static dev.segmon.app.state.Figures.TIMING;
import static dev.segmon.app.state.Figures.TOTALS;
import static dev.segmon.app.state.Figures.WORDS;

import dev.segmon.model.estimate.Backtest;
import dev.segmon.model.estimate.RateMoments;
import dev.segmon.model.interval.PairedMoments;
import dev.segmon.model.interval.UtteranceMoments;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.kafka.common.serialization.Serde;

/**
 * Everything the monitor adds up for one (model, tier) since it started, in one value: the store
 * of the series aggregates holds one per series, and a record that closes an utterance rewrites
 * it once, whatever the number of measures (docs/streaming.md, "One aggregate per series").
 * Values of the same series from several tasks or instances add up ({@link #plus}).
 *
 * <p>A null component was never booked, and the exporter leaves the series out of that family.
 * The tier's reference side (rho's sums, the unhypothesized outcome) lives under the model
 * {@code none}, as the references' own series always has.
 *
 * @param totals          boundary counts, offsets, outcomes, open utterances ({@link Totals})
 * @param moments         utterance-level moment sums of the closed utterances (docs/intervals.md)
 * @param words           word errors and NED ({@link WordCounts})
 * @param hypothesisRates n_hyp over duration of the hypotheses that ended with a usable duration
 * @param referenceRates  rho's sums, n_ref over duration (model {@code none} only)
 * @param backtest        the early estimate's backtest
 * @param refused         durations refused, by reason label
 * @param paired          candidate (this model) minus baseline moments, by baseline
 * @param timing          word timing of the utterances with a word score ({@link WordTiming})
 * @param estimatedClosed closed utterances whose hypothesis ended with a usable duration: the estimate's coverage,
 *                        a share of the closed utterances of {@code totals}
 */
public record SeriesFigures(Totals totals, UtteranceMoments moments, WordCounts words, RateMoments hypothesisRates,
                            RateMoments referenceRates, Backtest backtest, SortedMap<String, Long> refused,
                            SortedMap<String, PairedMoments> paired, WordTiming timing, Long estimatedClosed) {
    public static final SeriesFigures EMPTY = new SeriesFigures(null, null, null, null, null, null, new TreeMap<>(), new TreeMap<>());
    public static final Serde<SeriesFigures> SERDE = StateSerde.of(SeriesFigures::encode, SeriesFigures::decode);

    public SeriesFigures {
        refused = Figures.frozen(refused);
        paired = Figures.frozen(paired);
    }

    /** Without word timing and the estimate's coverage. */
    public SeriesFigures(Totals totals, UtteranceMoments moments, WordCounts words, RateMoments hypothesisRates,
                         RateMoments referenceRates, Backtest backtest, SortedMap<String, Long> refused,
                         SortedMap<String, PairedMoments> paired) {
        this(totals, moments, words, hypothesisRates, referenceRates, backtest, refused, paired, null, null);
    }

    public SeriesFigures plus(SeriesFigures o) {
        return new SeriesFigures(TOTALS.add(totals, o.totals), MOMENTS.add(moments, o.moments), WORDS.add(words, o.words),
                RATES.add(hypothesisRates, o.hypothesisRates), RATES.add(referenceRates, o.referenceRates),
                BACKTEST.add(backtest, o.backtest), Figures.addMaps(refused, o.refused, Long::sum),
                Figures.addMaps(paired, o.paired, PairedMoments::plus), TIMING.add(timing, o.timing),
                COUNT.add(estimatedClosed, o.estimatedClosed));
    }

    /** Totals as they are (zero when none yet), for an update. */
    public Totals totalsOrZero() {
        return totals == null ? Totals.ZERO : totals;
    }

    public SeriesFigures withTotals(Totals t) {
        return new SeriesFigures(t, moments, words, hypothesisRates, referenceRates, backtest, refused, paired, timing, estimatedClosed);
    }

    public static SeriesFigures ofMoments(UtteranceMoments m) {
        return EMPTY.withMoments(m);
    }

    private SeriesFigures withMoments(UtteranceMoments m) {
        return new SeriesFigures(totals, m, words, hypothesisRates, referenceRates, backtest, refused, paired, timing, estimatedClosed);
    }

    public static SeriesFigures ofWords(WordCounts w) {
        return ofWords(w, null);
    }

    /** Word errors and, for an utterance with a word score, its word timing (null otherwise). */
    public static SeriesFigures ofWords(WordCounts w, WordTiming t) {
        return new SeriesFigures(null, null, w, null, null, null, new TreeMap<>(), new TreeMap<>(), t, null);
    }

    public static SeriesFigures ofHypothesisRates(RateMoments r) {
        return new SeriesFigures(null, null, null, r, null, null, new TreeMap<>(), new TreeMap<>());
    }

    public static SeriesFigures ofReferenceRates(RateMoments r) {
        return new SeriesFigures(null, null, null, null, r, null, new TreeMap<>(), new TreeMap<>());
    }

    public static SeriesFigures ofBacktest(Backtest b) {
        return new SeriesFigures(null, null, null, null, null, b, new TreeMap<>(), new TreeMap<>());
    }

    public static SeriesFigures ofRefused(String reason) {
        return new SeriesFigures(null, null, null, null, null, null, new TreeMap<>(java.util.Map.of(reason, 1L)), new TreeMap<>());
    }

    /** One closed utterance that is in the estimate's sums. */
    public static SeriesFigures ofEstimatedClose() {
        return new SeriesFigures(null, null, null, null, null, null, new TreeMap<>(), new TreeMap<>(), null, 1L);
    }

    public static SeriesFigures ofPaired(String baseline, PairedMoments m) {
        return new SeriesFigures(null, null, null, null, null, null, new TreeMap<>(), new TreeMap<>(java.util.Map.of(baseline, m)));
    }

    /**
     * Layout: an int mask of the components present (bit i for the i-th of totals, moments, words,
     * hypothesisRates, referenceRates, backtest, timing, estimatedClosed), each present one as an int length and its
     * own layout, then refused and paired as a count and (name as writeUTF, length, value) each. A value
     * written before a component existed has its bit clear and reads as none booked.
     */
    public byte[] encode() {
        return Figures.encode(Arrays.asList(totals == null ? null : TOTALS.encode(totals), moments == null ? null : MOMENTS.encode(moments),
                        words == null ? null : WORDS.encode(words), hypothesisRates == null ? null : RATES.encode(hypothesisRates),
                        referenceRates == null ? null : RATES.encode(referenceRates), backtest == null ? null : BACKTEST.encode(backtest),
                        timing == null ? null : TIMING.encode(timing),
                        estimatedClosed == null ? null : COUNT.encode(estimatedClosed)),
                java.util.List.of(Figures.encodeMap(refused, COUNT), Figures.encodeMap(paired, PAIRED)));
    }

    public static SeriesFigures decode(byte[] bytes) {
        ByteBuffer in = Bytes.wrap(bytes);
        byte[][] c = Figures.components(in, 8);
        SortedMap<String, byte[]> refused = Figures.map(in);
        SortedMap<String, byte[]> paired = Figures.map(in);
        return new SeriesFigures(c[0] == null ? null : TOTALS.decode(c[0]), c[1] == null ? null : MOMENTS.decode(c[1]),
                c[2] == null ? null : WORDS.decode(c[2]), c[3] == null ? null : RATES.decode(c[3]),
                c[4] == null ? null : RATES.decode(c[4]), c[5] == null ? null : BACKTEST.decode(c[5]),
                Figures.decodeMap(refused, COUNT), Figures.decodeMap(paired, PAIRED), c[6] == null ? null : TIMING.decode(c[6]),
                c[7] == null ? null : COUNT.decode(c[7]));
    }
}
