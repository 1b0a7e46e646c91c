package dev.segmon.app.state;

import dev.segmon.model.interval.TimingMoments;
import dev.segmon.model.timing.Collar;
import dev.segmon.model.timing.CollarCounts;
import dev.segmon.model.timing.MatchedOffsets;
import dev.segmon.model.timing.OffsetBuckets;
import dev.segmon.model.timing.TimingCounts;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.kafka.common.serialization.Serde;

/**
 * Word timing of one (model, tier), in total or in one minute (docs/timing.md, "Live"): the
 * {@link TimingCounts} of the utterances with a word score, the histograms of their matched words'
 * signed and absolute start and end offsets ({@link OffsetBuckets}; what stands in for the exact
 * medians), and the utterance moments of the means' intervals. A commutative monoid under
 * {@link #plus}, like its parts.
 *
 * @param counts        the timing counts
 * @param startSigned   matched words per signed start-offset bucket (not cumulative)
 * @param endSigned     the same for the ends
 * @param startAbsolute matched words per absolute start-offset bucket
 * @param endAbsolute   the same for the ends
 * @param moments       per-utterance moments of (M, ΣΔs, ΣΔe, Σ|Δs|, Σ|Δe|)
 */
public record WordTiming(TimingCounts counts, long[] startSigned, long[] endSigned, long[] startAbsolute, long[] endAbsolute,
                         TimingMoments moments) {
    public static final Serde<WordTiming> SERDE = StateSerde.of(WordTiming::encode, WordTiming::decode);

    public WordTiming {
        if (startSigned.length != OffsetBuckets.SIGNED_BUCKETS || endSigned.length != OffsetBuckets.SIGNED_BUCKETS
                || startAbsolute.length != OffsetBuckets.ABSOLUTE_BUCKETS || endAbsolute.length != OffsetBuckets.ABSOLUTE_BUCKETS) {
            throw new IllegalArgumentException("timing histograms of the wrong size");
        }
    }

    /** One utterance with a word score: its matched words' offsets and its word counts. */
    public static WordTiming of(MatchedOffsets offsets, long referenceWords, long hypothesisWords) {
        TimingCounts c = offsets.counts(referenceWords, hypothesisWords);
        long[] ss = new long[OffsetBuckets.SIGNED_BUCKETS];
        long[] es = new long[OffsetBuckets.SIGNED_BUCKETS];
        long[] sa = new long[OffsetBuckets.ABSOLUTE_BUCKETS];
        long[] ea = new long[OffsetBuckets.ABSOLUTE_BUCKETS];
        for (long s : offsets.starts()) {
            ss[OffsetBuckets.signed(s)]++;
            sa[OffsetBuckets.absolute(s)]++;
        }
        for (long e : offsets.ends()) {
            es[OffsetBuckets.signed(e)]++;
            ea[OffsetBuckets.absolute(e)]++;
        }
        return new WordTiming(c, ss, es, sa, ea,
                TimingMoments.of(c.matched(), c.startOffsetSum(), c.endOffsetSum(), c.startErrorSum(), c.endErrorSum()));
    }

    public WordTiming plus(WordTiming o) {
        return new WordTiming(counts.plus(o.counts), add(startSigned, o.startSigned), add(endSigned, o.endSigned),
                add(startAbsolute, o.startAbsolute), add(endAbsolute, o.endAbsolute), moments.plus(o.moments));
    }

    private static long[] add(long[] a, long[] b) {
        long[] out = a.clone();
        for (int i = 0; i < out.length; i++) {
            out[i] += b[i];
        }
        return out;
    }

    /**
     * Layout: reference words, hypothesis words, matched, ΣΔs, ΣΔe, Σ|Δs|, Σ|Δe|, then per collar
     * (20, 50, 100, 200 ms) starts, ends, words within; the four histograms (start signed, end
     * signed, start absolute, end absolute) as long arrays; the utterances and the moments'
     * products as an int count and doubles (their five sums are the counts').
     */
    public byte[] encode() {
        int histograms = Bytes.longsSize(startSigned) + Bytes.longsSize(endSigned) + Bytes.longsSize(startAbsolute) + Bytes.longsSize(endAbsolute);
        ByteBuffer out = Bytes.allocate(8 * (7 + 3 * Collar.values().length) + histograms + 8 + 4 + 8 * TimingMoments.PRODUCTS);
        out.putLong(counts.referenceWords()).putLong(counts.hypothesisWords()).putLong(counts.matched())
                .putLong(counts.startOffsetSum()).putLong(counts.endOffsetSum()).putLong(counts.startErrorSum()).putLong(counts.endErrorSum());
        for (CollarCounts c : counts.within()) {
            out.putLong(c.starts()).putLong(c.ends()).putLong(c.words());
        }
        Bytes.putLongs(out, startSigned);
        Bytes.putLongs(out, endSigned);
        Bytes.putLongs(out, startAbsolute);
        Bytes.putLongs(out, endAbsolute);
        out.putLong(moments.utterances());
        out.putInt(TimingMoments.PRODUCTS);
        for (double p : moments.products()) {
            out.putDouble(p);
        }
        return out.array();
    }

    public static WordTiming decode(byte[] bytes) {
        ByteBuffer in = Bytes.wrap(bytes);
        long[] f = new long[7];
        for (int i = 0; i < f.length; i++) {
            f[i] = in.getLong();
        }
        List<CollarCounts> within = new ArrayList<>();
        for (int i = 0; i < Collar.values().length; i++) {
            within.add(new CollarCounts(in.getLong(), in.getLong(), in.getLong()));
        }
        TimingCounts c = new TimingCounts(f[0], f[1], f[2], f[3], f[4], f[5], f[6], within);
        long[] ss = Bytes.getLongs(in);
        long[] es = Bytes.getLongs(in);
        long[] sa = Bytes.getLongs(in);
        long[] ea = Bytes.getLongs(in);
        long utterances = in.getLong();
        double[] products = new double[in.getInt()];
        for (int i = 0; i < products.length; i++) {
            products[i] = in.getDouble();
        }
        return new WordTiming(c, ss, es, sa, ea, new TimingMoments(utterances, new long[] {f[2], f[3], f[4], f[5], f[6]}, products));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof WordTiming w && counts.equals(w.counts) && Arrays.equals(startSigned, w.startSigned)
                && Arrays.equals(endSigned, w.endSigned) && Arrays.equals(startAbsolute, w.startAbsolute)
                && Arrays.equals(endAbsolute, w.endAbsolute) && moments.equals(w.moments);
    }

    @Override
    public int hashCode() {
        return counts.hashCode();
    }
}
