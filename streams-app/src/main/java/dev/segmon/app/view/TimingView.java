package dev.segmon.app.view;

import dev.segmon.app.state.Components;
import dev.segmon.app.state.SeriesFigures;
import dev.segmon.app.state.WordTiming;

/**
 * The word timing of every (model, tier), read-only, from the series aggregates (docs/timing.md,
 * "Live"): what the metrics exporter reads.
 */
public final class TimingView extends ComponentView<WordTiming> {
    public TimingView(StoreView stores) {
        super(stores, SeriesFigures::timing, m -> m.get(Components.TIMING), WordTiming::plus);
    }
}
