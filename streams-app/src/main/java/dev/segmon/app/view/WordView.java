package dev.segmon.app.view;

import dev.segmon.app.state.Components;
import dev.segmon.app.state.SeriesFigures;
import dev.segmon.app.state.WordCounts;

/**
 * The word figures of every (model, tier), read-only, from the series aggregates (docs/contract.md 3.2):
 * what the metrics exporter and the live page read.
 */
public final class WordView extends ComponentView<WordCounts> {
    public WordView(StoreView stores) {
        super(stores, SeriesFigures::words, m -> m.get(Components.WORDS), WordCounts::plus);
    }
}
