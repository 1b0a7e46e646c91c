package dev.segmon.app.metrics;

import dev.segmon.app.view.ChangeView;
import dev.segmon.app.state.DetectorSeries;
import dev.segmon.app.state.Keys.SeriesKey;
import dev.segmon.model.detection.DetectedMeasure;
import dev.segmon.model.detection.MeasureDetector;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The change detectors' gauges (docs/detection.md, docs/contract.md appendix C), read from the
 * detectors' store at scrape time: per (model, tier, measure) {@code segmon_change_*}, per
 * (candidate, baseline, tier, measure) {@code segmon_paired_change_*}. A series' detectors live in
 * one task, so one instance exports each; a dashboard or rule takes {@code max by} the labels.
 */
public final class ChangeMetrics implements MultiCollector {
    private final ChangeView state;

    public ChangeMetrics(ChangeView state) {
        this.state = state;
    }

    /** The family names after a prefix, in the order of {@link Families}. */
    private static final List<String> SUFFIXES = List.of("_evidence_ratio", "_called", "_learning", "_log_statistic",
            "_log_threshold", "_shift_ratio", "_start_timestamp_seconds");
    private static final String SINGLE = "segmon_change";
    private static final String PAIRED = "segmon_paired_change";
    /**
     * Declared so that a selected scrape ({@code name[]=...}) of other families skips reading the
     * detectors' store: the client library collects a collector without names and filters after.
     */
    private static final List<String> FAMILIES = Stream.of(SINGLE, PAIRED)
            .flatMap(prefix -> SUFFIXES.stream().map(suffix -> prefix + suffix)).toList();

    /** The families of one kind of series: single models or comparisons. */
    private record Families(GaugeSnapshot.Builder evidence, GaugeSnapshot.Builder called, GaugeSnapshot.Builder learning,
                            GaugeSnapshot.Builder logStatistic, GaugeSnapshot.Builder logThreshold, GaugeSnapshot.Builder shift,
                            GaugeSnapshot.Builder start) {
        static Families of(String prefix, String what) {
            return new Families(
                    gauge(prefix + SUFFIXES.get(0), "ln(statistic) / ln(threshold) of " + what + "'s change detector: 1 = a change is called"),
                    gauge(prefix + SUFFIXES.get(1), "1 while " + what + "'s change detector calls a change"),
                    gauge(prefix + SUFFIXES.get(2), "1 while " + what + "'s change detector still learns its baseline"),
                    gauge(prefix + SUFFIXES.get(3), "ln of the mixture Shiryaev-Roberts statistic"),
                    gauge(prefix + SUFFIXES.get(4), "ln of its threshold (false-alarm period x utterance rate)"),
                    gauge(prefix + SUFFIXES.get(5), "estimated size of the change in the measure's units (signed; 0 when none)"),
                    gauge(prefix + SUFFIXES.get(6), "estimated start of the change (record time), while one is measured"));
        }

        void add(Labels labels, MeasureDetector d) {
            point(learning, labels, d.learning() ? 1 : 0);
            if (d.learning()) {
                return;
            }
            point(evidence, labels, d.evidence());
            point(called, labels, d.called() ? 1 : 0);
            double s = d.logStatistic();
            if (Double.isFinite(s)) {
                point(logStatistic, labels, s);
            }
            point(logThreshold, labels, d.logThreshold());
            point(shift, labels, d.estimate());
            Long since = d.since();
            if (since != null) {
                point(start, labels, since / 1000.0);
            }
        }

        void into(MetricSnapshots.Builder out) {
            for (GaugeSnapshot.Builder g : new GaugeSnapshot.Builder[] {evidence, called, learning, logStatistic, logThreshold, shift, start}) {
                out.metricSnapshot(g.build());
            }
        }
    }

    @Override
    public MetricSnapshots collect() {
        Families single = Families.of(SINGLE, "the model");
        Families paired = Families.of(PAIRED, "the comparison");
        for (Map.Entry<SeriesKey, DetectorSeries> e : state.series().entrySet()) {
            SeriesKey k = e.getKey();
            for (Map.Entry<DetectedMeasure, MeasureDetector> m : e.getValue().detectors().entrySet()) {
                if (k.paired()) {
                    paired.add(Labels.of("candidate", k.model(), "baseline", k.baseline(), "tier", k.tier(), "measure", m.getKey().key()), m.getValue());
                } else {
                    single.add(Labels.of("model", k.model(), "tier", k.tier(), "measure", m.getKey().key()), m.getValue());
                }
            }
        }
        MetricSnapshots.Builder out = MetricSnapshots.builder();
        single.into(out);
        paired.into(out);
        return out.build();
    }

    @Override
    public List<String> getPrometheusNames() {
        return FAMILIES;
    }

    private static GaugeSnapshot.Builder gauge(String name, String help) {
        return GaugeSnapshot.builder().name(name).help(help);
    }

    private static void point(GaugeSnapshot.Builder g, Labels labels, double v) {
        g.dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder().labels(labels).value(v).build());
    }
}
