package dev.segmon.app.state;

import dev.segmon.model.edit.EditCounts;
import dev.segmon.model.edit.NedCounts;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.apache.kafka.common.serialization.Serde;

/**
 * The word figures of one (model, tier), in total or in one minute: the pooled edit counts and
 * NED sum of the utterances that got a word score, and the utterances that got none, by
 * {@link Unscored} reason. A commutative monoid under {@link #plus}, like its parts.
 */
public record WordCounts(EditCounts edits, NedCounts ned, long[] unscored) {
    public static final Serde<WordCounts> SERDE = StateSerde.of(WordCounts::encode, WordCounts::decode);
    public static final WordCounts ZERO = new WordCounts(EditCounts.ZERO, NedCounts.ZERO, new long[Unscored.values().length]);

    /** Why a closed utterance got no word score (the {@code reason} label of {@code segmon_word_unscored_utterances_total}). */
    public enum Unscored {
        /** Its hypothesis came as bare times: no message carried {@code words}. */
        NO_WORDS("no_words"),
        /** It was closed before both sides were complete (timed out, or no reference came). */
        INCOMPLETE("incomplete"),
        /** Its reference has no labelled segment. */
        NO_LABELS("no_labels");

        private final String label;

        Unscored(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    public WordCounts {
        unscored = unscored.clone();
        if (unscored.length != Unscored.values().length) {
            throw new IllegalArgumentException("one unscored count per reason");
        }
    }

    /** One scored utterance. */
    public static WordCounts scored(EditCounts edits, NedCounts ned) {
        return new WordCounts(edits, ned, ZERO.unscored);
    }

    /** One utterance without a word score. */
    public static WordCounts unscoredFor(Unscored reason) {
        long[] u = new long[Unscored.values().length];
        u[reason.ordinal()] = 1;
        return new WordCounts(EditCounts.ZERO, NedCounts.ZERO, u);
    }

    public long unscoredOf(Unscored reason) {
        return unscored[reason.ordinal()];
    }

    public WordCounts plus(WordCounts o) {
        long[] u = unscored.clone();
        for (int i = 0; i < u.length; i++) {
            u[i] += o.unscored[i];
        }
        return new WordCounts(edits.plus(o.edits), ned.plus(o.ned), u);
    }

    /** Layout: substitutions, insertions, deletions, reference words, NED sum (double), scored utterances, count, unscored counts. */
    public byte[] encode() {
        ByteBuffer out = Bytes.allocate(4 * 8 + 8 + 8 + Bytes.longsSize(unscored));
        out.putLong(edits.substitutions()).putLong(edits.insertions()).putLong(edits.deletions()).putLong(edits.referenceTokens());
        out.putDouble(ned.distanceSum()).putLong(ned.utterances());
        Bytes.putLongs(out, unscored);
        return out.array();
    }

    public static WordCounts decode(byte[] bytes) {
        ByteBuffer in = Bytes.wrap(bytes);
        EditCounts e = new EditCounts(in.getLong(), in.getLong(), in.getLong(), in.getLong());
        NedCounts n = new NedCounts(in.getDouble(), in.getLong());
        long[] stored = Bytes.getLongs(in);
        // A layout from a version with fewer reasons reads with zeros for the newer ones.
        return new WordCounts(e, n, Arrays.copyOf(stored, Unscored.values().length));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof WordCounts w && edits.equals(w.edits) && ned.equals(w.ned) && Arrays.equals(unscored, w.unscored);
    }

    @Override
    public int hashCode() {
        return edits.hashCode() * 31 + Arrays.hashCode(unscored);
    }
}
