package dev.segmon.app.processors;

import dev.segmon.app.state.SeriesFigures;
import dev.segmon.model.interval.UtteranceMoments;

/**
 * Books every scored utterance of a model (scored or timed out; unreferenced only with
 * {@code --unreferenced score-empty}, as {@code eval boundaries} counts an id with one side
 * missing) as its {@link UtteranceMoments}, per
 * (model, tier) cumulatively and per minute: the counters and gauges behind the live intervals
 * (docs/intervals.md, "Counters").
 */
public final class MomentsBook implements UtteranceBook {
    @Override
    public SeriesFigures figures(Closed utterance, boolean scored) {
        return scored ? SeriesFigures.ofMoments(UtteranceMoments.of(utterance.counts())) : null;
    }
}
