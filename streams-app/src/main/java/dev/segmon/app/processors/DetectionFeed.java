package dev.segmon.app.processors;

import dev.segmon.app.state.Keys.HypothesisKey;
import dev.segmon.app.state.Keys.SeriesKey;
import dev.segmon.app.state.Observation;
import dev.segmon.app.wire.Outcome;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.edit.EditCounts;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/**
 * Sends each closed utterance to its series' change detector (docs/detection.md): a record of the
 * detection topic keyed by the series, so that all of a series' utterances, closed by whichever
 * task holds their utterance ids, reach the one task that holds its detector, in one order that
 * exactly-once keeps through restarts.
 *
 * <p>A book: it sends a model's utterance closed as {@link Outcome#SCORED} (an unreferenced or
 * timed-out one has no, or a partial, reference) with the word errors {@link WordBook} found for
 * it, so it must come after the word book; {@link PairedBook} hands it each booked pair.
 */
public final class DetectionFeed implements UtteranceBook {
    private final String sink;
    private ProcessorContext<Object, Object> context;
    /** The word errors of the utterance being closed, left by the word book. */
    private HypothesisKey wordsOf;
    private EditCounts words;

    /** @param sink the name of the sink to the detection topic */
    public DetectionFeed(String sink) {
        this.sink = sink;
    }

    @Override
    public void init(ProcessorContext<Object, Object> context, SeriesAggregates aggregates) {
        this.context = context;
        this.wordsOf = null;
        this.words = null;
    }

    /** The word book's edit counts of an utterance it scored, read at its close. */
    void words(HypothesisKey key, EditCounts edits) {
        this.wordsOf = key;
        this.words = edits;
    }

    @Override
    public void closed(Closed u) {
        boolean scoredWords = u.key().equals(wordsOf);
        EditCounts w = scoredWords ? words : null;
        wordsOf = null;
        words = null;
        if (u.outcome() != Outcome.SCORED) {
            return;
        }
        Observation o = w == null ? Observation.single(u.counts(), -1, -1) : Observation.single(u.counts(), w.errors(), w.referenceTokens());
        context.forward(new Record<Object, Object>(SeriesKey.of(u.key().series()), o, u.timestampMs()), sink);
    }

    /** A comparison's utterance, booked by the paired book: both models' counts on one reference. */
    void pair(SeriesKey comparison, BoundaryCounts candidate, BoundaryCounts baseline, long timestampMs) {
        context.forward(new Record<Object, Object>(comparison, Observation.paired(candidate, baseline), timestampMs), sink);
    }
}
