package dev.segmon.app.state;

import dev.segmon.app.wire.AudioDuration;
import dev.segmon.model.estimate.Backtest;
import dev.segmon.model.estimate.RateMoments;
import java.nio.ByteBuffer;
import org.apache.kafka.common.serialization.Serde;

/**
 * The early over-segmentation estimate's (docs/contract.md 3.2) keys and value layouts, as
 * {@link Bytes} writes every state value ({@code StateBytesTest}).
 */
public final class EstimateValues {
    private EstimateValues() {
    }

    /** What the estimate booked for one hypothesis at its end: its boundaries and the audio's duration. */
    public record Ended(long boundaries, double seconds) {
        public static final Serde<Ended> SERDE = StateSerde.of(Ended::encode, Ended::decode);

        /** Layout: boundaries, seconds. */
        public byte[] encode() {
            return Bytes.allocate(16).putLong(boundaries).putDouble(seconds).array();
        }

        public static Ended decode(byte[] bytes) {
            ByteBuffer in = Bytes.wrap(bytes);
            return new Ended(in.getLong(), in.getDouble());
        }
    }

    /** Durations refused for one reason, model and tier (the labels of {@code segmon_durations_refused_total}). */
    public record RefusalKey(AudioDuration.Refusal reason, String model, String tier) implements Comparable<RefusalKey> {
        public static final Serde<RefusalKey> SERDE = StateSerde.ofKey(k -> new String[] {k.reason.label(), k.model, k.tier},
                p -> new RefusalKey(AudioDuration.Refusal.of(p[0]), p[1], p[2]));

        @Override
        public int compareTo(RefusalKey o) {
            int c = reason.label().compareTo(o.reason.label());
            c = c != 0 ? c : model.compareTo(o.model);
            return c != 0 ? c : tier.compareTo(o.tier);
        }
    }

    /** Layout: utterances, boundaries, seconds, boundaries^2, seconds^2, boundaries*seconds. */
    public static final Serde<RateMoments> RATES = StateSerde.of(EstimateValues::encode, EstimateValues::decodeRates);

    /** Layout: utterances, hypothesis, expectedReference, reference. */
    public static final Serde<Backtest> BACKTESTS = StateSerde.of(EstimateValues::encode, EstimateValues::decodeBacktest);

    static byte[] encode(RateMoments m) {
        return Bytes.allocate(48).putLong(m.utterances()).putLong(m.boundaries()).putDouble(m.seconds())
                .putLong(m.boundariesSquared()).putDouble(m.secondsSquared()).putDouble(m.boundarySeconds()).array();
    }

    static RateMoments decodeRates(byte[] bytes) {
        ByteBuffer in = Bytes.wrap(bytes);
        return new RateMoments(in.getLong(), in.getLong(), in.getDouble(), in.getLong(), in.getDouble(), in.getDouble());
    }

    static byte[] encode(Backtest b) {
        return Bytes.allocate(32).putLong(b.utterances()).putLong(b.hypothesis()).putDouble(b.expectedReference())
                .putLong(b.reference()).array();
    }

    static Backtest decodeBacktest(byte[] bytes) {
        ByteBuffer in = Bytes.wrap(bytes);
        return new Backtest(in.getLong(), in.getLong(), in.getDouble(), in.getLong());
    }
}
