package dev.segmon.app.processors;

import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.StoreNames;
import dev.segmon.model.interval.UtteranceMoments;
import org.apache.kafka.streams.processor.api.ProcessorContext;

/**
 * Books every closed utterance of a model (scored, unreferenced or timed out, as
 * {@code eval boundaries} counts an id with one side missing) as its {@link UtteranceMoments}, per
 * (model, tier) cumulatively and per minute: the counters and gauges behind the live intervals
 * (docs/intervals.md, "Counters").
 */
public final class MomentsBook implements UtteranceBook {
    private final SeriesLedger<ModelTier, UtteranceMoments> ledger =
            new SeriesLedger<>(StoreNames.UTTERANCE_MOMENTS, StoreNames.UTTERANCE_MOMENT_MINUTES, UtteranceMoments::plus);

    @Override
    public void init(ProcessorContext<Object, Object> context) {
        ledger.init(context);
    }

    @Override
    public void closed(Closed utterance) {
        ledger.add(utterance.key().series(), UtteranceMoments.of(utterance.counts()), utterance.timestampMs());
    }
}
