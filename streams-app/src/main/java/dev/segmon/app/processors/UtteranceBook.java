package dev.segmon.app.processors;

import dev.segmon.app.state.HypothesisState;
import dev.segmon.app.state.Keys.HypothesisKey;
import dev.segmon.app.state.ReferenceState;
import dev.segmon.app.state.SeriesFigures;
import dev.segmon.app.state.Slice;
import dev.segmon.app.state.WordCounts;
import dev.segmon.app.state.WordTiming;
import dev.segmon.app.store.StoreSpec;
import dev.segmon.app.wire.HypothesisEvent;
import dev.segmon.app.wire.Outcome;
import dev.segmon.model.boundary.BoundaryCounts;
import java.util.List;
import org.apache.kafka.streams.processor.api.ProcessorContext;

/**
 * Something that keeps figures per closed utterance beside the boundary counts (utterance-level
 * moments for intervals, word errors, duration sums for the early estimate). The processor calls
 * every book it was built with, in the same transaction as the rest of the record's effects. A
 * book adds its figures to the series' one aggregate ({@link SeriesAggregates}, a component of
 * {@code SeriesFigures} and {@code MinuteFigures}), so that a new measure adds no store and a
 * close writes each aggregate once; figures kept per utterance until a close may use a store of
 * the book's own, declared by {@link #stores}.
 */
public interface UtteranceBook {

    /**
     * One utterance of one model, closed: its key, outcome, final counts and last states, and its
     * word figures (scored once, here, for every book that needs them: {@link WordBook#score}):
     * word errors, and word timing from the same alignment ({@code timing}: null without a word
     * score; its {@code counts().scores().endBias()} is the utterance's mean signed end offset).
     * {@code endedIn}: the slice its hypothesis' end was booked in ({@link #ended}), the key's own
     * except where the reference gave a slice key its value (docs/slices.md).
     */
    record Closed(HypothesisKey key, Outcome outcome, BoundaryCounts counts, HypothesisState hypothesis,
                  ReferenceState reference, long timestampMs, WordCounts words, WordTiming timing, Slice endedIn) {

        /** Closed in the slice its end was booked in. */
        public Closed(HypothesisKey key, Outcome outcome, BoundaryCounts counts, HypothesisState hypothesis,
                      ReferenceState reference, long timestampMs, WordCounts words, WordTiming timing) {
            this(key, outcome, counts, hypothesis, reference, timestampMs, words, timing, key.slice());
        }

        /** The key its hypothesis' end was booked under. */
        public HypothesisKey endedKey() {
            return key.in(endedIn);
        }

        /** This close's copy in a slice of its series: closed in {@code closedIn}, its end booked in {@code ended}. */
        public Closed in(Slice closedIn, Slice ended) {
            return new Closed(key.in(closedIn), outcome, counts, hypothesis, reference, timestampMs, words, timing, ended);
        }
    }

    /** The stores this book keeps per utterance (most keep none: their figures go to the aggregates). */
    default List<StoreSpec<?>> stores() {
        return List.of();
    }

    /**
     * Called from the processor's {@code init}, after a restore or revival too: take the stores
     * and the task's aggregates here.
     */
    default void init(ProcessorContext<Object, Object> context, SeriesAggregates aggregates) {
    }

    /**
     * A hypothesis received its end mark (its utterance may still wait for a reference); {@code end}
     * is the end message itself, with its optional {@code duration} (docs/contract.md 3.1).
     */
    default void ended(HypothesisKey key, HypothesisState hypothesis, HypothesisEvent end, long timestampMs) {
    }

    /**
     * What a close adds to its series' aggregate, for a book that keeps nothing else (null: nothing
     * to add). The scorer adds every book's figures up and adds the sum once to the series and once
     * to each slice the utterance closed in: one aggregate change per series and close, however
     * many books (docs/slices.md). {@code scored}: as {@link #closed} against {@link #unscored}.
     */
    default SeriesFigures figures(Closed utterance, boolean scored) {
        return null;
    }

    /**
     * An utterance was closed ({@code reference} is null when none came), beside its
     * {@link #figures}.
     */
    default void closed(Closed utterance) {
    }

    /**
     * A close and its copies in the slices of its series ({@code slices}, in the order of the
     * slice keys), told at once: by default each in turn, to {@link #closed} when {@code scored},
     * else to {@link #unscored}. A book that can book every slice in one step overrides it.
     */
    default void closed(Closed pooled, List<Closed> slices, boolean scored) {
        if (scored) {
            closed(pooled);
            slices.forEach(this::closed);
        } else {
            unscored(pooled);
            slices.forEach(this::unscored);
        }
    }

    /**
     * An utterance was closed and is not scored ({@code unreferenced} under the default
     * {@code --unreferenced skip}, docs/contract.md appendix C): it must add nothing to the
     * scores; a book forgets here what it kept for the utterance.
     */
    default void unscored(Closed utterance) {
    }
}
