package dev.segmon.app.state;

import java.nio.ByteBuffer;
import org.apache.kafka.common.serialization.Serde;

/**
 * What the bias of a window of minutes is computed from: the sum of hyp - ref over the hits of one
 * (model, tier) decided in a minute of record time, and their number (the windowed point of
 * {@code segmon_boundary_offset_bias_seconds}, docs/contract.md appendix C). Adds across minutes,
 * tasks and instances.
 *
 * @param sumMicros sum of hyp - ref over the hits
 * @param hits      hits decided
 */
public record OffsetBias(long sumMicros, long hits) {
    public static final Serde<OffsetBias> SERDE = StateSerde.of(OffsetBias::encode, OffsetBias::decode);

    public OffsetBias plus(OffsetBias o) {
        return new OffsetBias(sumMicros + o.sumMicros, hits + o.hits);
    }

    /** The mean signed offset in seconds, or null without a hit. */
    public Double meanSeconds() {
        return hits == 0 ? null : sumMicros / 1e6 / hits;
    }

    /** Layout: sum, hits. */
    public byte[] encode() {
        ByteBuffer out = Bytes.allocate(16);
        out.putLong(sumMicros);
        out.putLong(hits);
        return out.array();
    }

    public static OffsetBias decode(byte[] bytes) {
        ByteBuffer in = Bytes.wrap(bytes);
        return new OffsetBias(in.getLong(), in.getLong());
    }
}
