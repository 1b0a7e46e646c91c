package dev.segmon.app.state;

import dev.segmon.model.boundary.BoundaryCounts;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
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
 * @param slices          the slices of the series the utterance closed in, whose detectors observe it
 *                        too: one record per close however many slice keys (docs/slices.md)
 */
public record Observation(BoundaryCounts candidate, BoundaryCounts baseline, long wordErrors, long referenceWords,
                          long offsetSumMicros, long offsetHits, List<Slice> slices) {
    public static final Serde<Observation> SERDE = StateSerde.of(Observation::encode, Observation::decode);

    public Observation {
        slices = List.copyOf(slices);
    }

    public Observation(BoundaryCounts candidate, BoundaryCounts baseline, long wordErrors, long referenceWords) {
        this(candidate, baseline, wordErrors, referenceWords, 0, -1, List.of());
    }

    public static Observation single(BoundaryCounts counts, long wordErrors, long referenceWords) {
        return new Observation(counts, null, wordErrors, referenceWords);
    }

    public static Observation paired(BoundaryCounts candidate, BoundaryCounts baseline) {
        return new Observation(candidate, baseline, -1, -1);
    }

    /** This observation with the signed offsets of its hits ({@code hits} of them summing to {@code sumMicros}). */
    public Observation withOffsets(long sumMicros, long hits) {
        return new Observation(candidate, baseline, wordErrors, referenceWords, sumMicros, hits, slices);
    }

    /** This observation, to be observed by these slices' detectors as well as by its key's. */
    public Observation inSlices(List<Slice> inSlices) {
        return new Observation(candidate, baseline, wordErrors, referenceWords, offsetSumMicros, offsetHits, inSlices);
    }

    public boolean hasOffsets() {
        return offsetHits > 0;
    }

    public boolean hasWords() {
        return referenceWords >= 0;
    }

    /**
     * Layout: paired flag, counts (twice when paired), word errors, reference words, offset sum,
     * offset hits, then the slices as an int count and (key, value) names each. A record written
     * before the offsets or the slices ends before them and reads as none.
     */
    public byte[] encode() {
        byte[][] names = new byte[2 * slices.size()][];
        int namesSize = 0;
        for (int i = 0; i < slices.size(); i++) {
            names[2 * i] = slices.get(i).key().getBytes(StandardCharsets.UTF_8);
            names[2 * i + 1] = slices.get(i).value().getBytes(StandardCharsets.UTF_8);
            namesSize += 4 + names[2 * i].length + names[2 * i + 1].length;
        }
        ByteBuffer out = Bytes.allocate(1 + 2 * Bytes.COUNTS_SIZE + 32 + (slices.isEmpty() ? 0 : 4 + namesSize));
        Bytes.putBoolean(out, baseline != null);
        Bytes.putCounts(out, candidate);
        if (baseline != null) {
            Bytes.putCounts(out, baseline);
        }
        out.putLong(wordErrors);
        out.putLong(referenceWords);
        out.putLong(offsetSumMicros);
        out.putLong(offsetHits);
        if (!slices.isEmpty()) {
            out.putInt(slices.size());
            for (byte[] name : names) {
                Bytes.putName(out, name);
            }
        }
        return java.util.Arrays.copyOf(out.array(), out.position());
    }

    public static Observation decode(byte[] bytes) {
        ByteBuffer in = Bytes.wrap(bytes);
        boolean paired = Bytes.getBoolean(in);
        BoundaryCounts c = Bytes.getCounts(in);
        BoundaryCounts b = paired ? Bytes.getCounts(in) : null;
        long errors = in.getLong();
        long words = in.getLong();
        // Records written before the offsets were sent end here; before the slices, after the offsets.
        if (!in.hasRemaining()) {
            return new Observation(c, b, errors, words);
        }
        long sum = in.getLong();
        long hits = in.getLong();
        List<Slice> slices = new ArrayList<>();
        for (int i = in.hasRemaining() ? in.getInt() : 0; i > 0; i--) {
            slices.add(new Slice(Bytes.getName(in), Bytes.getName(in)));
        }
        return new Observation(c, b, errors, words, sum, hits, slices);
    }
}
