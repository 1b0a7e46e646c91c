package dev.segmon.app.metrics;

import dev.segmon.app.view.IntervalView;
import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.Keys.PairTier;
import dev.segmon.model.interval.Estimate;
import dev.segmon.model.interval.Interval;
import dev.segmon.model.interval.Measure;
import dev.segmon.model.interval.PairedMeasure;
import dev.segmon.model.interval.PairedMoments;
import dev.segmon.model.interval.PairedMoments.Component;
import dev.segmon.model.interval.UtteranceMoments;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.function.UnaryOperator;
import java.util.function.ToLongFunction;

/**
 * The interval families (docs/contract.md 3.2; docs/intervals.md, "Counters"), read from the
 * moment stores at scrape time like {@link StoreMetrics}: the moment counters per model and tier
 * and per comparison, and gauges of the 95 % intervals over the {@code cumulative} and
 * {@code 5m} windows. Every interval comes from {@link UtteranceMoments#estimate} and
 * {@link PairedMoments#estimate} with {@link Estimate#confidenceInterval} (the code of
 * {@code eval boundaries --confidence}; the paired differences clipped by {@link PairedMeasure#clip});
 * one without an estimate (fewer than two utterances, an empty denominator) is left out.
 */
public final class IntervalMetrics implements MultiCollector {
    /** The two-sided level of the gauges, as the recording rules (docs/contract.md 2.1.1). */
    private static final double LEVEL = 0.95;

    /** Counter name (without _total) -> the moment it exports. */
    private static final Map<String, ToLongFunction<UtteranceMoments>> MOMENTS = new LinkedHashMap<>();

    static {
        MOMENTS.put("segmon_scored_utterances", UtteranceMoments::utterances);
        MOMENTS.put("segmon_utterance_hits", UtteranceMoments::hits);
        MOMENTS.put("segmon_utterance_hypothesis_boundaries", UtteranceMoments::hypothesis);
        MOMENTS.put("segmon_utterance_reference_boundaries", UtteranceMoments::reference);
        MOMENTS.put("segmon_utterance_hits_squared", UtteranceMoments::hitsSquared);
        MOMENTS.put("segmon_utterance_hypothesis_squared", UtteranceMoments::hypothesisSquared);
        MOMENTS.put("segmon_utterance_reference_squared", UtteranceMoments::referenceSquared);
        MOMENTS.put("segmon_utterance_hits_hypothesis", UtteranceMoments::hitsHypothesis);
        MOMENTS.put("segmon_utterance_hits_reference", UtteranceMoments::hitsReference);
        MOMENTS.put("segmon_utterance_hypothesis_reference", UtteranceMoments::hypothesisReference);
    }

    private final IntervalView state;
    private final LongSupplier wallClock;

    public IntervalMetrics(IntervalView state, LongSupplier wallClock) {
        this.state = state;
        this.wallClock = wallClock;
    }

    /** The measure's part of a gauge name, as in segmon_boundary_over_segmentation_ratio. */
    static String metricName(Measure m) {
        return m == Measure.OVER_SEGMENTATION ? "over_segmentation" : m.key();
    }

    static String metricName(PairedMeasure m) {
        return m == PairedMeasure.OVER_SEGMENTATION ? "over_segmentation" : m.key();
    }

    /** The paired counters' names (without _total): utterances, the five sums, the 15 products. */
    static List<String> pairedCounterNames() {
        List<String> out = new ArrayList<>();
        out.add("segmon_paired_utterances");
        Component[] cs = Component.values();
        for (Component c : cs) {
            out.add("segmon_paired_" + c.key());
        }
        for (int a = 0; a < cs.length; a++) {
            for (int b = a; b < cs.length; b++) {
                out.add("segmon_paired_" + cs[a].key() + "_" + cs[b].key());
            }
        }
        return out;
    }

    @Override
    public MetricSnapshots collect() {
        long from = Points.slidingStart(wallClock.getAsLong());
        MetricSnapshots.Builder out = MetricSnapshots.builder();
        SortedMap<ModelTier, UtteranceMoments> moments = state.moments();
        Map<ModelTier, UtteranceMoments> recent = state.momentsSince(from);
        MOMENTS.forEach((name, f) -> out.metricSnapshot(Points.counters(name, "Per closed utterance: docs/intervals.md, Counters.",
                moments, Points::series, f::applyAsLong)));
        for (Measure measure : Measure.values()) {
            intervals(out, "segmon_boundary_" + metricName(measure), false, moments, recent, UtteranceMoments.ZERO,
                    Points::series, m -> m.estimate(measure), UnaryOperator.identity());
        }

        SortedMap<PairTier, PairedMoments> paired = state.paired();
        Map<PairTier, PairedMoments> pairedRecent = state.pairedSince(from);
        List<String> names = pairedCounterNames();
        List<ToLongFunction<PairedMoments>> values = pairedValues();
        for (int i = 0; i < names.size(); i++) {
            out.metricSnapshot(Points.counters(names.get(i), "Per utterance scored for both: docs/intervals.md, Counters.",
                    paired, IntervalMetrics::labels, values.get(i)::applyAsLong));
        }
        for (PairedMeasure measure : PairedMeasure.values()) {
            intervals(out, "segmon_paired_" + metricName(measure) + "_difference", true, paired, pairedRecent, PairedMoments.ZERO,
                    IntervalMetrics::labels, m -> m.estimate(measure), measure::clip);
        }
        return out.build();
    }

    /**
     * The gauges {@code NAME_lower_ratio} and {@code NAME_upper_ratio} (and, {@code withValue},
     * {@code NAME_ratio}) of one measure over the cumulative and 5 m windows of every series.
     */
    private static <K, V> void intervals(MetricSnapshots.Builder out, String name, boolean withValue, Map<K, V> cumulative,
                                         Map<K, V> recent, V zero, Function<K, Labels> labels, Function<V, Estimate> estimate,
                                         UnaryOperator<Interval> clip) {
        IntervalGauges gauges = new IntervalGauges(name, "Candidate minus baseline on the utterances scored for both.",
                "Lower end of the 95 % utterance-level interval.", "Upper end of the 95 % utterance-level interval.");
        cumulative.forEach((series, total) -> {
            for (String window : List.of(Points.CUMULATIVE, Points.SLIDING)) {
                Estimate e = estimate.apply(window.equals(Points.SLIDING) ? recent.getOrDefault(series, zero) : total);
                if (e != null) {
                    gauges.add(labels.apply(series).add("window", window), e.value(), clip.apply(e.confidenceInterval(LEVEL)));
                }
            }
        });
        if (withValue) {
            out.metricSnapshot(gauges.value());
        }
        out.metricSnapshot(gauges.lower()).metricSnapshot(gauges.upper());
    }

    private static List<ToLongFunction<PairedMoments>> pairedValues() {
        List<ToLongFunction<PairedMoments>> out = new ArrayList<>();
        out.add(PairedMoments::utterances);
        Component[] cs = Component.values();
        for (Component c : cs) {
            out.add(m -> m.sum(c));
        }
        for (int a = 0; a < cs.length; a++) {
            for (int b = a; b < cs.length; b++) {
                Component x = cs[a];
                Component y = cs[b];
                out.add(m -> m.product(x, y));
            }
        }
        return out;
    }

    private static Labels labels(PairTier s) {
        return Labels.of("candidate", s.candidate(), "baseline", s.baseline(), "tier", s.tier());
    }

    @Override
    public List<String> getPrometheusNames() {
        List<String> out = new ArrayList<>(MOMENTS.keySet());
        for (Measure m : Measure.values()) {
            out.add("segmon_boundary_" + metricName(m) + "_lower_ratio");
            out.add("segmon_boundary_" + metricName(m) + "_upper_ratio");
        }
        out.addAll(pairedCounterNames());
        for (PairedMeasure m : PairedMeasure.values()) {
            for (String suffix : List.of("_difference_ratio", "_difference_lower_ratio", "_difference_upper_ratio")) {
                out.add("segmon_paired_" + metricName(m) + suffix);
            }
        }
        return out;
    }
}
