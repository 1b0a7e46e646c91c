package dev.segmon.app.processors;

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
 * timed-out one has no, or a partial, reference) with the word errors the close carries;
 * {@link PairedBook} hands it each booked pair.
 */
public final class DetectionFeed implements UtteranceBook {
    private final String sink;
    private ProcessorContext<Object, Object> context;

    /** @param sink the name of the sink to the detection topic */
    public DetectionFeed(String sink) {
        this.sink = sink;
    }

    @Override
    public void init(ProcessorContext<Object, Object> context, SeriesAggregates aggregates) {
        this.context = context;
    }

    @Override
    public void closed(Closed u) {
        if (u.outcome() != Outcome.SCORED) {
            return;
        }
        // Word errors only of an utterance scored for words (a reference with tokens).
        EditCounts w = u.words().edits().referenceTokens() > 0 ? u.words().edits() : null;
        Observation o = w == null ? Observation.single(u.counts(), -1, -1) : Observation.single(u.counts(), w.errors(), w.referenceTokens());
        context.forward(new Record<Object, Object>(SeriesKey.of(u.key().series()), o, u.timestampMs()), sink);
    }

    /** A comparison's utterance, booked by the paired book: both models' counts on one reference. */
    void pair(SeriesKey comparison, BoundaryCounts candidate, BoundaryCounts baseline, long timestampMs) {
        context.forward(new Record<Object, Object>(comparison, Observation.paired(candidate, baseline), timestampMs), sink);
    }
}
