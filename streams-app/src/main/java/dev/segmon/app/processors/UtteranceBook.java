package dev.segmon.app.processors;

import dev.segmon.app.state.HypothesisState;
import dev.segmon.app.state.Keys.HypothesisKey;
import dev.segmon.app.state.ReferenceState;
import dev.segmon.app.wire.HypothesisEvent;
import dev.segmon.app.wire.Outcome;
import dev.segmon.model.boundary.BoundaryCounts;
import org.apache.kafka.streams.processor.api.ProcessorContext;

/**
 * Something that keeps figures per closed utterance beside the boundary counts (utterance-level
 * moments for intervals, word errors, duration sums for the early estimate). The processor calls
 * every book it was built with, in the same transaction as the rest of the record's effects. A
 * book adds its figures to the series' one aggregate ({@link SeriesAggregates}, a component of
 * {@code SeriesFigures} and {@code MinuteFigures}), so that a new measure adds no store and a
 * close writes each aggregate once; figures kept per utterance until a close may use a store of
 * the book's own.
 */
public interface UtteranceBook {

    /** One utterance of one model, closed: its key, outcome, final counts and last states. */
    record Closed(HypothesisKey key, Outcome outcome, BoundaryCounts counts, HypothesisState hypothesis,
                  ReferenceState reference, long timestampMs) {
    }

    /**
     * Called from the processor's {@code init}, after a restore or revival too: take the stores
     * and the task's aggregates here.
     */
    void init(ProcessorContext<Object, Object> context, SeriesAggregates aggregates);

    /** A hypothesis received its end mark (its utterance may still wait for a reference). */
    default void ended(HypothesisKey key, HypothesisState hypothesis, long timestampMs) {
    }

    /**
     * As {@link #ended(HypothesisKey, HypothesisState, long)}, with the end message itself (its
     * optional {@code duration}, docs/contract.md 3.1); the processor calls this one.
     */
    default void ended(HypothesisKey key, HypothesisState hypothesis, HypothesisEvent end, long timestampMs) {
        ended(key, hypothesis, timestampMs);
    }

    /** An utterance was closed ({@code reference} is null when none came). */
    void closed(Closed utterance);
}
