package dev.segmon.app.web;

import dev.segmon.model.boundary.BoundaryCounts;

/**
 * One minute of one (model, tier): the utterances closed and the boundary counts decided in it
 * (by record time). Minutes of the same start from different tasks or instances add up with
 * {@link #plus}, as {@link BoundaryCounts} do.
 */
public record MinuteWindow(long startMs, long utterances, BoundaryCounts counts) {

    public MinuteWindow plus(MinuteWindow other) {
        if (other.startMs != startMs) {
            throw new IllegalArgumentException("minutes " + startMs + " and " + other.startMs + " do not add up");
        }
        return new MinuteWindow(startMs, utterances + other.utterances, counts.plus(other.counts));
    }
}
