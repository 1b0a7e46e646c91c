package dev.segmon.app.web;

import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.edit.EditCounts;
import dev.segmon.model.interval.UtteranceMoments;

/**
 * One minute's totals of one (model, tier) as the HTTP API adds them across tasks and instances;
 * unlike the minute-window topic's record ({@link dev.segmon.app.wire.MinuteWindow}: boundary
 * counts only, one per key) it also carries what the intervals and word error rate need. Holds
 * the utterances closed and the boundary counts decided in the minute (by record time), the
 * moment sums of the utterances closed in it (docs/intervals.md, "Counters") and the word errors
 * of those that had a word score. Minutes of the same start add up with {@link #plus}, as {@link
 * BoundaryCounts} and {@link UtteranceMoments} do; an interval does not add up, so it is derived
 * from the sum ({@link ApiJson#window(MinuteTotals)}), never summed.
 */
public record MinuteTotals(long startMs, long utterances, BoundaryCounts counts, UtteranceMoments moments, EditCounts words) {

    /** Without word errors (a minute of a model whose hypotheses carry no words). */
    public MinuteTotals(long startMs, long utterances, BoundaryCounts counts, UtteranceMoments moments) {
        this(startMs, utterances, counts, moments, EditCounts.ZERO);
    }

    /** Nothing counted in the minute starting at {@code startMs}. */
    public static MinuteTotals empty(long startMs) {
        return new MinuteTotals(startMs, 0, BoundaryCounts.ZERO, UtteranceMoments.ZERO);
    }

    /** The same counts as a window starting at {@code startMs}: to add several minutes up into one window. */
    public MinuteTotals at(long startMs) {
        return new MinuteTotals(startMs, utterances, counts, moments, words);
    }

    public MinuteTotals plus(MinuteTotals other) {
        if (other.startMs != startMs) {
            throw new IllegalArgumentException("minutes " + startMs + " and " + other.startMs + " do not add up");
        }
        return new MinuteTotals(startMs, utterances + other.utterances, counts.plus(other.counts), moments.plus(other.moments),
                words.plus(other.words));
    }
}
