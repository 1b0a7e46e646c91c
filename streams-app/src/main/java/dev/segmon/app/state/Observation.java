package dev.segmon.app.state;

import dev.segmon.model.boundary.BoundaryCounts;
import java.nio.ByteBuffer;
import org.apache.kafka.common.serialization.Serde;

/**
 * One closed utterance as its series' change detectors see it (docs/detection.md): the model's
 * boundary counts, for a comparison the baseline's too (same utterance and reference), and, when
 * the utterance was scored for words, its word errors and reference words. The value of the
 * detection topic, keyed by {@link Keys.SeriesKey}.
 *
 * @param candidate      the model's counts (the candidate's, for a comparison)
 * @param baseline       the baseline's counts, or null for a single model
 * @param wordErrors     substitutions + insertions + deletions, or -1 when not scored for words
 * @param referenceWords reference words, or -1
 */
public record Observation(BoundaryCounts candidate, BoundaryCounts baseline, long wordErrors, long referenceWords) {
    public static final Serde<Observation> SERDE = StateSerde.of(Observation::encode, Observation::decode);

    public static Observation single(BoundaryCounts counts, long wordErrors, long referenceWords) {
        return new Observation(counts, null, wordErrors, referenceWords);
    }

    public static Observation paired(BoundaryCounts candidate, BoundaryCounts baseline) {
        return new Observation(candidate, baseline, -1, -1);
    }

    public boolean hasWords() {
        return referenceWords >= 0;
    }

    public byte[] encode() {
        ByteBuffer out = Bytes.allocate(1 + 2 * Bytes.COUNTS_SIZE + 16);
        Bytes.putBoolean(out, baseline != null);
        Bytes.putCounts(out, candidate);
        if (baseline != null) {
            Bytes.putCounts(out, baseline);
        }
        out.putLong(wordErrors);
        out.putLong(referenceWords);
        return java.util.Arrays.copyOf(out.array(), out.position());
    }

    public static Observation decode(byte[] bytes) {
        ByteBuffer in = Bytes.wrap(bytes);
        boolean paired = Bytes.getBoolean(in);
        BoundaryCounts c = Bytes.getCounts(in);
        BoundaryCounts b = paired ? Bytes.getCounts(in) : null;
        return new Observation(c, b, in.getLong(), in.getLong());
    }
}
