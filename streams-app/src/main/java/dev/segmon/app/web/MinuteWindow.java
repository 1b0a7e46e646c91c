package dev.segmon.app.web;

import dev.segmon.model.edit.EditCounts;

import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.interval.UtteranceMoments;

/**
 * One minute of one (model, tier): the utterances closed and the boundary counts decided in it
 * (by record time), and the moment sums of the utterances closed in it (docs/intervals.md,
 * "Counters"), and the word errors of the utterances closed in it that had a word score. Minutes of the same start from different tasks or instances add up with
 * {@link #plus}, as {@link BoundaryCounts} and {@link UtteranceMoments} do; an interval does not
 * add up, so it is derived from the sum ({@link Json#window(MinuteWindow)}), never summed.
 */
public record MinuteWindow(long startMs, long utterances, BoundaryCounts counts, UtteranceMoments moments, EditCounts words) {

    /** Without word errors (a minute of a model whose hypotheses carry no words). */
    public MinuteWindow(long startMs, long utterances, BoundaryCounts counts, UtteranceMoments moments) {
        this(startMs, utterances, counts, moments, EditCounts.ZERO);
    }

    /** Nothing counted in the minute starting at {@code startMs}. */
    public static MinuteWindow empty(long startMs) {
        return new MinuteWindow(startMs, 0, BoundaryCounts.ZERO, UtteranceMoments.ZERO);
    }

    /** The same counts as a window starting at {@code startMs}: to add several minutes up into one window. */
    public MinuteWindow at(long startMs) {
        return new MinuteWindow(startMs, utterances, counts, moments, words);
    }

    public MinuteWindow plus(MinuteWindow other) {
        if (other.startMs != startMs) {
            throw new IllegalArgumentException("minutes " + startMs + " and " + other.startMs + " do not add up");
        }
        return new MinuteWindow(startMs, utterances + other.utterances, counts.plus(other.counts), moments.plus(other.moments),
                words.plus(other.words));
    }
}
