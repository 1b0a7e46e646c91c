package dev.segmon.app.processors;

import dev.segmon.app.state.SeriesFigures;
import dev.segmon.model.interval.UtteranceMoments;
import org.apache.kafka.streams.processor.api.ProcessorContext;

/**
 * Books every scored utterance of a model (scored or timed out; unreferenced only with
 * {@code --unreferenced score-empty}, as {@code eval boundaries} counts an id with one side
 * missing) as its {@link UtteranceMoments}, per
 * (model, tier) cumulatively and per minute: the counters and gauges behind the live intervals
 * (docs/intervals.md, "Counters").
 */
public final class MomentsBook implements UtteranceBook {
    private SeriesAggregates aggregates;

    @Override
    public void init(ProcessorContext<Object, Object> context, SeriesAggregates aggregates) {
        this.aggregates = aggregates;
    }

    @Override
    public void closed(Closed utterance) {
        aggregates.add(utterance.key().series(), SeriesFigures.ofMoments(UtteranceMoments.of(utterance.counts())), utterance.timestampMs());
    }
}
