package dev.segmon.app.view;

import dev.segmon.app.processors.DetectorProcessor;
import dev.segmon.app.state.DetectorSeries;
import dev.segmon.app.state.Keys.SeriesKey;
import dev.segmon.model.detection.DetectorSettings;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The change detectors this instance holds (its active tasks' {@link DetectorProcessor#DETECTORS}), for
 * the exporter and the live page. A series' detectors live in exactly one task, so across
 * instances every series appears once.
 */
public final class ChangeView {
    private final StoreView stores;
    private final DetectorSettings settings;

    public ChangeView(StoreView stores, DetectorSettings settings) {
        this.stores = stores;
        this.settings = settings;
    }

    /** Every series' detectors in the view's slice, decoded, under plain (model, baseline, tier) keys. */
    public SortedMap<SeriesKey, DetectorSeries> series() {
        return decoded(stores);
    }

    /** Every series' detectors, the pooled ones and each slice's under its own key (docs/slices.md). */
    public SortedMap<SeriesKey, DetectorSeries> everySlice() {
        return decoded(stores.everySlice());
    }

    private SortedMap<SeriesKey, DetectorSeries> decoded(StoreView stores) {
        SortedMap<SeriesKey, byte[]> raw = stores.all(DetectorProcessor.DETECTORS, (a, b) -> a);
        SortedMap<SeriesKey, DetectorSeries> out = new TreeMap<>();
        raw.forEach((k, v) -> out.put(k, DetectorSeries.decode(v, settings)));
        return out;
    }
}
