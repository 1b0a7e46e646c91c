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
 * @param offsetSumMicros the sum of hyp - ref over the model's hits (a single model sent as words), or 0
 * @param offsetHits      the hits that sum is over, or -1 when not known
 */
public record Observation(BoundaryCounts candidate, BoundaryCounts baseline, long wordErrors, long referenceWords,
                          long offsetSumMicros, long offsetHits) {
    public static final Serde<Observation> SERDE = StateSerde.of(Observation::encode, Observation::decode);

    public Observation(BoundaryCounts candidate, BoundaryCounts baseline, long wordErrors, long referenceWords) {
        this(candidate, baseline, wordErrors, referenceWords, 0, -1);
    }

    public static Observation single(BoundaryCounts counts, long wordErrors, long referenceWords) {
        return new Observation(counts, null, wordErrors, referenceWords);
    }

    public static Observation paired(BoundaryCounts candidate, BoundaryCounts baseline) {
        return new Observation(candidate, baseline, -1, -1);
    }

    /** This observation with the signed offsets of its hits ({@code hits} of them summing to {@code sumMicros}). */
    public Observation withOffsets(long sumMicros, long hits) {
        return new Observation(candidate, baseline, wordErrors, referenceWords, sumMicros, hits);
    }

    public boolean hasOffsets() {
        return offsetHits > 0;
    }

    public boolean hasWords() {
        return referenceWords >= 0;
    }

    public byte[] encode() {
        ByteBuffer out = Bytes.allocate(1 + 2 * Bytes.COUNTS_SIZE + 32);
        Bytes.putBoolean(out, baseline != null);
        Bytes.putCounts(out, candidate);
        if (baseline != null) {
            Bytes.putCounts(out, baseline);
        }
        out.putLong(wordErrors);
        out.putLong(referenceWords);
        out.putLong(offsetSumMicros);
        out.putLong(offsetHits);
        return java.util.Arrays.copyOf(out.array(), out.position());
    }

    public static Observation decode(byte[] bytes) {
        ByteBuffer in = Bytes.wrap(bytes);
        boolean paired = Bytes.getBoolean(in);
        BoundaryCounts c = Bytes.getCounts(in);
        BoundaryCounts b = paired ? Bytes.getCounts(in) : null;
        long errors = in.getLong();
        long words = in.getLong();
        // Records written before the offsets were sent end here.
        return in.hasRemaining() ? new Observation(c, b, errors, words, in.getLong(), in.getLong()) : new Observation(c, b, errors, words);
    }
}
