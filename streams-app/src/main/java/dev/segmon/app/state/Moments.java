package dev.segmon.app.state;

import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.interval.PairedMoments;
import dev.segmon.model.interval.UtteranceMoments;
import java.nio.ByteBuffer;
import org.apache.kafka.common.serialization.Serde;

/**
 * The stored forms of the interval figures (docs/intervals.md, "Counters"): a model's
 * {@link UtteranceMoments}, a pair's {@link PairedMoments}, and the counts of one model's closed
 * utterance waiting for the other model of a comparison ({@link Pending}). Layouts as
 * {@link Bytes} describes; {@code StateBytesTest} pins them.
 */
public final class Moments {
    private Moments() {
    }

    /** Layout: m, h, y, r, hh, yy, rr, hy, hr, yr (the record's order). */
    public static final Serde<UtteranceMoments> UTTERANCE = StateSerde.of(Moments::encode, Moments::decodeUtterance);

    /** Layout: m, the five sums (hc, yc, hb, yb, r), the 15 distinct products (hc_hc ... r_r). */
    public static final Serde<PairedMoments> PAIRED = StateSerde.of(Moments::encode, Moments::decodePaired);

    /** Layout: the four counts (reference, hypothesis, reference hits, hypothesis hits), then the wall time. */
    public static final Serde<Pending> PENDING = StateSerde.of(Pending::encode, Pending::decode);

    static byte[] encode(UtteranceMoments m) {
        ByteBuffer out = Bytes.allocate(10 * 8);
        out.putLong(m.utterances()).putLong(m.hits()).putLong(m.hypothesis()).putLong(m.reference())
                .putLong(m.hitsSquared()).putLong(m.hypothesisSquared()).putLong(m.referenceSquared())
                .putLong(m.hitsHypothesis()).putLong(m.hitsReference()).putLong(m.hypothesisReference());
        return out.array();
    }

    static UtteranceMoments decodeUtterance(byte[] bytes) {
        ByteBuffer in = Bytes.wrap(bytes);
        return new UtteranceMoments(in.getLong(), in.getLong(), in.getLong(), in.getLong(), in.getLong(),
                in.getLong(), in.getLong(), in.getLong(), in.getLong(), in.getLong());
    }

    static byte[] encode(PairedMoments m) {
        PairedMoments.Component[] cs = PairedMoments.Component.values();
        long[] products = m.distinctProducts();
        ByteBuffer out = Bytes.allocate(8 * (1 + cs.length + products.length));
        out.putLong(m.utterances());
        for (PairedMoments.Component c : cs) {
            out.putLong(m.sum(c));
        }
        for (long p : products) {
            out.putLong(p);
        }
        return out.array();
    }

    static PairedMoments decodePaired(byte[] bytes) {
        ByteBuffer in = Bytes.wrap(bytes);
        long m = in.getLong();
        long[] sums = new long[PairedMoments.Component.values().length];
        for (int i = 0; i < sums.length; i++) {
            sums[i] = in.getLong();
        }
        long[] products = new long[sums.length * (sums.length + 1) / 2];
        for (int i = 0; i < products.length; i++) {
            products[i] = in.getLong();
        }
        return PairedMoments.of(m, sums, products);
    }

    /** One model's counts of a closed, scored utterance, and when (wall clock) it was closed. */
    public record Pending(BoundaryCounts counts, long closedWallMs) {
        byte[] encode() {
            ByteBuffer out = Bytes.allocate(Bytes.COUNTS_SIZE + 8);
            Bytes.putCounts(out, counts);
            out.putLong(closedWallMs);
            return out.array();
        }

        static Pending decode(byte[] bytes) {
            ByteBuffer in = Bytes.wrap(bytes);
            return new Pending(Bytes.getCounts(in), in.getLong());
        }
    }
}
