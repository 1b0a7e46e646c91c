package dev.segmon.app.web;

import dev.segmon.app.view.ChangeView;
import dev.segmon.app.state.DetectorSeries;
import dev.segmon.app.state.Keys.SeriesKey;
import dev.segmon.model.detection.DetectedMeasure;
import dev.segmon.model.detection.MeasureDetector;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The change detectors of this instance's tasks as the overview shows them (docs/detection.md):
 * one {@link SeriesChange} per series it holds, with the measures whose detectors watch (those
 * still learning their baseline are left out) and the last hour's evidence per minute.
 */
public final class DetectorChanges implements ChangeSource {
    private final ChangeView state;

    public DetectorChanges(ChangeView state) {
        this.state = state;
    }

    @Override
    public List<SeriesChange> local() {
        List<SeriesChange> out = new ArrayList<>();
        for (Map.Entry<SeriesKey, DetectorSeries> e : state.series().entrySet()) {
            SeriesKey k = e.getKey();
            List<MeasureChange> measures = new ArrayList<>();
            for (Map.Entry<DetectedMeasure, MeasureDetector> m : e.getValue().detectors().entrySet()) {
                MeasureDetector d = m.getValue();
                if (d.learning() || !Double.isFinite(d.logStatistic())) {
                    continue;
                }
                measures.add(new MeasureChange(m.getKey().key(), d.logStatistic(), d.logThreshold(), d.called(), d.since(), d.estimate()));
            }
            List<EvidencePoint> history = new ArrayList<>();
            for (double[] p : e.getValue().history()) {
                history.add(new EvidencePoint((long) p[0], p[1]));
            }
            out.add(new SeriesChange(k.model(), k.paired() ? k.baseline() : null, k.tier(), measures, history));
        }
        return out;
    }
}
