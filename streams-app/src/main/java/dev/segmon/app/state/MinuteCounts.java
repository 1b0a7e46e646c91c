package dev.segmon.app.state;

import dev.segmon.model.boundary.BoundaryCounts;
import java.nio.ByteBuffer;
import org.apache.kafka.common.serialization.Serde;

/**
 * What one (model, tier) decided in one minute of record time: boundary counts and utterances
 * closed; and whether it changed since it was last emitted to the minute-window topic. The flag
 * is stored so that a change committed just before a crash is still emitted after the restart.
 */
public record MinuteCounts(BoundaryCounts counts, long utterances, boolean dirty) {
    public static final MinuteCounts ZERO = new MinuteCounts(BoundaryCounts.ZERO, 0, false);
    public static final Serde<MinuteCounts> SERDE = StateSerde.of(MinuteCounts::encode, MinuteCounts::decode);

    /**
     * Adds what was decided and the utterances closed. The minute is marked changed when its
     * counts changed: the minute-window records carry the counts only.
     */
    public MinuteCounts plus(BoundaryCounts decided, long closed) {
        return new MinuteCounts(counts.plus(decided), utterances + closed, dirty || !decided.equals(BoundaryCounts.ZERO));
    }

    /** Adds another minute's counts (the same minute from other tasks or instances). */
    public MinuteCounts plus(MinuteCounts o) {
        return new MinuteCounts(counts.plus(o.counts), utterances + o.utterances, dirty || o.dirty);
    }

    public MinuteCounts emitted() {
        return new MinuteCounts(counts, utterances, false);
    }

    /** Layout: counts, utterances, dirty. */
    public byte[] encode() {
        ByteBuffer out = Bytes.allocate(Bytes.COUNTS_SIZE + 8 + 1);
        Bytes.putCounts(out, counts);
        out.putLong(utterances);
        Bytes.putBoolean(out, dirty);
        return out.array();
    }

    public static MinuteCounts decode(byte[] bytes) {
        ByteBuffer in = Bytes.wrap(bytes);
        return new MinuteCounts(Bytes.getCounts(in), in.getLong(), Bytes.getBoolean(in));
    }
}
