package dev.segmon.model.health;

import dev.segmon.model.Ratio;
import java.util.Arrays;
import java.util.Comparator;

/**
 * Word-timestamp health of hypotheses, counted from the hypothesis alone (docs/contract.md 3.6):
 * words, and words with each anomaly. Counts add ({@link #plus}); every ratio comes from them here.
 *
 * <p>Per utterance, words are taken in start order, ties by end: {@code zeroDuration} end = start
 * on the microsecond grid; {@code overlap} start before the end of the word before it; {@code long}
 * end - start over the longest plausible word; {@code pastAudioEnd} end after the audio's
 * duration, where the utterance gave one.
 */
public record TimestampHealth(long words, long zeroDuration, long overlap, long longWords, long pastAudioEnd) {
    public static final TimestampHealth ZERO = new TimestampHealth(0, 0, 0, 0, 0);
    /** No duration given: no word can be past the audio's end. */
    public static final long NO_AUDIO_END = Long.MAX_VALUE;

    /** The counts of one utterance's words ({@code starts[i]}, {@code ends[i]} in microseconds, any order). */
    public static TimestampHealth of(long[] starts, long[] ends, long maxWordMicros, long audioEndMicros) {
        Integer[] order = new Integer[starts.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.<Integer>comparingLong(i -> starts[i]).thenComparingLong(i -> ends[i]));
        long zero = 0;
        long overlap = 0;
        long tooLong = 0;
        long past = 0;
        for (int k = 0; k < order.length; k++) {
            int i = order[k];
            long d = ends[i] - starts[i];
            zero += d == 0 ? 1 : 0;
            tooLong += d > maxWordMicros ? 1 : 0;
            past += ends[i] > audioEndMicros ? 1 : 0;
            overlap += k > 0 && starts[i] < ends[order[k - 1]] ? 1 : 0;
        }
        return new TimestampHealth(starts.length, zero, overlap, tooLong, past);
    }

    public TimestampHealth plus(TimestampHealth o) {
        return new TimestampHealth(words + o.words, zeroDuration + o.zeroDuration, overlap + o.overlap,
                longWords + o.longWords, pastAudioEnd + o.pastAudioEnd);
    }

    /** The anomalies' counts by their contract name, in a fixed order. */
    public long of(Anomaly a) {
        return switch (a) {
            case ZERO_DURATION -> zeroDuration;
            case OVERLAP -> overlap;
            case LONG -> longWords;
            case PAST_AUDIO_END -> pastAudioEnd;
        };
    }

    /** Share of words with the anomaly; null without words. */
    public Double rate(Anomaly a) {
        return Ratio.of(of(a), words);
    }

    /** The anomaly kinds, with the {@code kind} label of docs/contract.md 3.6. */
    public enum Anomaly {
        ZERO_DURATION("zero_duration"), OVERLAP("overlap"), LONG("long"), PAST_AUDIO_END("past_audio_end");

        private final String label;

        Anomaly(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }
}
