package dev.segmon.app.demo;

import dev.segmon.app.metrics.StoreMetrics;
import dev.segmon.app.view.ChangeView;
import dev.segmon.app.state.DetectorSeries;
import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.Keys.SeriesKey;
import dev.segmon.app.view.MonitorView;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.detection.DetectedMeasure;
import dev.segmon.model.detection.MeasureDetector;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;

/**
 * The demo's race between the change detectors and today's threshold alert (docs/detection.md):
 * a line when a detector first calls a change, and a line when SegmonOverSegmentationOutOfBand
 * would fire — its condition, the 5-minute over-segmentation beyond ±0.10, checked at every
 * report and held for its {@code for: 10m} (deploy/prometheus/rules/segmon-alerts.rules.yml) —
 * each with its time since the demo's traffic started. A call names its series as the report
 * does, with its slice ({@code canary vs healthy word lang=de recall}), and gives an offset bias in
 * milliseconds.
 */
public final class DemoCalls {
    /** SegmonOverSegmentationOutOfBand: |OS over 5 m| > 0.10 for 10 m. */
    static final double OS_BAND = 0.10;
    static final Duration OS_FOR = Duration.ofMinutes(10);

    private final long startMs;
    private final Set<String> called = new HashSet<>();
    private final Map<String, Long> outOfBandSince = new HashMap<>();
    private final Set<String> fired = new HashSet<>();

    /** Times are told from {@code startMs}, the wall time the traffic started. */
    public DemoCalls(long startMs) {
        this.startMs = startMs;
    }

    /** Lines for what happened since the last look, at wall time {@code nowMs}. */
    public List<String> look(ChangeView changes, MonitorView state, String tier, long nowMs) {
        List<String> out = new ArrayList<>();
        if (changes != null) {
            // A slice's call is shown only while its pooled series has not called that measure, at
            // this look or before: a slice called alone says where a change is that the pooled
            // figure hides; one called with or after its pool repeats what the pooled line says.
            SortedMap<SeriesKey, DetectorSeries> series = changes.everySlice();
            for (boolean slices : new boolean[] {false, true}) {
                for (Map.Entry<SeriesKey, DetectorSeries> e : series.entrySet()) {
                    if (e.getKey().slice().isNone() == slices) {
                        continue;
                    }
                    for (Map.Entry<DetectedMeasure, MeasureDetector> m : e.getValue().detectors().entrySet()) {
                        MeasureDetector d = m.getValue();
                        String name = series(e.getKey()) + " " + m.getKey().key();
                        if (!d.called() || (slices && called.contains(series(pooledOf(e.getKey())) + " " + m.getKey().key()))
                                || !called.add(name)) {
                            continue;
                        }
                        Long since = d.since();
                        out.add(String.format(Locale.ROOT, "[%s] change detector calls %s: %s since %s (%s)", elapsed(nowMs),
                                name, size(m.getKey(), d.estimate()),
                                since == null ? "?" : elapsed(since), since == null ? "no start" : Instant.ofEpochMilli(since)));
                    }
                }
            }
        }
        for (Map.Entry<ModelTier, BoundaryCounts> e : StoreMetrics.sliding(state, nowMs).entrySet()) {
            if (!e.getKey().tier().equals(tier) || !e.getKey().pooled()) {
                continue;
            }
            String model = e.getKey().model();
            Double os = e.getValue().scores().overSegmentation();
            if (os == null || Math.abs(os) <= OS_BAND) {
                outOfBandSince.remove(model);
                continue;
            }
            long since = outOfBandSince.computeIfAbsent(model, k -> nowMs);
            if (nowMs - since >= OS_FOR.toMillis() && fired.add(model)) {
                out.add(String.format(Locale.ROOT, "[%s] SegmonOverSegmentationOutOfBand would fire for %s %s: 5m OS %+.3f, beyond ±%.2f for %d min",
                        elapsed(nowMs), model, tier, os, OS_BAND, OS_FOR.toMinutes()));
            }
        }
        return out;
    }

    /** "canary vs healthy word lang=de", "canary word": the series as the report names it. */
    private static String series(SeriesKey k) {
        String s = k.paired() ? k.model() + " vs " + k.baseline() + " " + k.tier() : k.model() + " " + k.tier();
        return k.slice().isNone() ? s : s + " " + k.slice();
    }

    private static SeriesKey pooledOf(SeriesKey k) {
        return new SeriesKey(k.model(), k.baseline(), k.tier());
    }

    /** A change's size: the offset bias in milliseconds, a ratio as it is. */
    private static String size(DetectedMeasure measure, double estimate) {
        return measure == DetectedMeasure.OFFSET_BIAS ? String.format(Locale.ROOT, "%+.1f ms", 1000 * estimate)
                : String.format(Locale.ROOT, "%+.3f", estimate);
    }

    /** Time since the traffic started, for a wall time or a record time (the producer's wall time). */
    private String elapsed(long atMs) {
        long s = Math.max(0, (atMs - startMs) / 1000);
        return String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60);
    }
}
