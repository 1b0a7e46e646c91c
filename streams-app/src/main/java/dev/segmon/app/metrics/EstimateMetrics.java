package dev.segmon.app.metrics;

import dev.segmon.app.view.EstimateView;
import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.model.estimate.Backtest;
import dev.segmon.model.estimate.EstimatedOverSegmentation;
import dev.segmon.model.estimate.RateMoments;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.function.LongSupplier;
import java.util.function.ToDoubleFunction;

/**
 * The early over-segmentation estimate's families (docs/contract.md 3.2), read from its stores at
 * scrape time as {@link StoreMetrics} reads the boundary counts, and for the same reason (exact
 * through crashes). The sums are counters so that Prometheus can compute the estimate and its
 * interval over any range and across instances; the gauges are the estimate itself (window
 * {@code cumulative} and {@code 5m}, rho as it stands), rho, and the backtest pair. Ratios come
 * from the model records only ({@link EstimatedOverSegmentation}, {@link Backtest}); one whose
 * denominator is still empty is left out.
 */
public final class EstimateMetrics implements MultiCollector {

    /** The six sums of {@link RateMoments}, as counter name suffixes. */
    private static final Map<String, ToDoubleFunction<RateMoments>> SUMS = new LinkedHashMap<>();

    static {
        SUMS.put("utterances", RateMoments::utterances);
        SUMS.put("boundaries", RateMoments::boundaries);
        SUMS.put("audio_seconds", RateMoments::seconds);
        SUMS.put("boundaries_squared", RateMoments::boundariesSquared);
        SUMS.put("audio_seconds_squared", RateMoments::secondsSquared);
        SUMS.put("boundary_audio_seconds", RateMoments::boundarySeconds);
    }

    private final EstimateView view;
    private final LongSupplier wallClock;

    public EstimateMetrics(EstimateView view, LongSupplier wallClock) {
        this.view = view;
        this.wallClock = wallClock;
    }

    @Override
    public MetricSnapshots collect() {
        List<MetricSnapshot> out = new ArrayList<>();
        SortedMap<ModelTier, RateMoments> hypothesis = view.hypothesisRates();
        SortedMap<String, RateMoments> reference = view.referenceRates();
        SUMS.forEach((suffix, f) -> {
            out.add(Points.counters("segmon_estimate_hypothesis_" + suffix,
                    "Hypotheses that ended with a usable duration: sum of " + suffix.replace('_', ' ') + " (n = hypothesis boundaries).",
                    hypothesis, Points::series, f));
            out.add(Points.counters("segmon_estimate_reference_" + suffix,
                    "Scored utterances with a duration, rho's sums: " + suffix.replace('_', ' ') + " (n = reference boundaries).",
                    reference, tier -> Labels.of("tier", tier), f));
        });

        GaugeSnapshot.Builder rho = GaugeSnapshot.builder().name("segmon_estimate_reference_boundaries_per_second")
                .help("rho: reference boundaries per second of audio, scored utterances with a duration");
        reference.forEach((tier, m) -> Points.gauge(rho, Labels.of("tier", tier), m.rate()));
        out.add(rho.build());

        IntervalGauges estimated = new IntervalGauges("segmon_boundary_over_segmentation_estimated",
                "sum n_hyp / (rho * sum duration) - 1, before references arrive",
                "Lower end of the estimate's 95 % utterance-level interval", "Upper end of the estimate's 95 % utterance-level interval");
        estimates(view.estimates(hypothesis), Points.CUMULATIVE, estimated);
        estimates(view.estimates(view.hypothesisRatesSince(Points.slidingStart(wallClock.getAsLong()))), Points.SLIDING, estimated);
        out.add(estimated.value());
        out.add(estimated.lower());
        out.add(estimated.upper());

        backtest(view.backtest(), out);

        out.add(Points.counters("segmon_estimate_closed_utterances",
                "Closed utterances, whatever their outcome, whose hypothesis ended with a usable duration: those the estimate covers",
                view.estimatedClosed(), Points::series, Long::doubleValue));
        GaugeSnapshot.Builder covered = GaugeSnapshot.builder().name("segmon_estimated_utterances_ratio")
                .help("Closed utterances the estimate covers (a usable duration), over all closed");
        view.estimatedShare().forEach((s, share) -> Points.gauge(covered, Points.series(s), share));
        out.add(covered.build());

        CounterSnapshot.Builder refused = CounterSnapshot.builder().name("segmon_durations_refused")
                .help("End messages whose duration was not used, by reason (the end itself was)");
        view.refused().forEach((k, n) -> refused.dataPoint(Points.counter(
                Labels.of("reason", k.reason().label(), "model", k.model(), "tier", k.tier()), n)));
        out.add(refused.build());
        return new MetricSnapshots(out);
    }

    private static void estimates(SortedMap<ModelTier, EstimatedOverSegmentation> estimates, String window, IntervalGauges gauges) {
        estimates.forEach((s, e) -> gauges.add(Points.series(s).add("window", window), e.value(), e.interval()));
    }

    private static void backtest(SortedMap<ModelTier, Backtest> backtest, List<MetricSnapshot> out) {
        out.add(Points.counters("segmon_estimate_backtest_utterances", "Utterances that had an estimate and whose reference has come",
                backtest, Points::series, Backtest::utterances));
        out.add(Points.counters("segmon_estimate_backtest_hypothesis_boundaries", "Their hypothesis boundaries",
                backtest, Points::series, Backtest::hypothesis));
        out.add(Points.counters("segmon_estimate_backtest_expected_reference_boundaries",
                "Their reference boundaries as the estimate expected them: rho * duration", backtest, Points::series,
                Backtest::expectedReference));
        out.add(Points.counters("segmon_estimate_backtest_reference_boundaries", "Their reference boundaries",
                backtest, Points::series, Backtest::reference));
        GaugeSnapshot.Builder estimated = GaugeSnapshot.builder().name("segmon_boundary_over_segmentation_backtest_estimated_ratio")
                .help("Estimated OS of the backtest utterances: n_hyp / expected n_ref - 1");
        GaugeSnapshot.Builder realised = GaugeSnapshot.builder().name("segmon_boundary_over_segmentation_backtest_realised_ratio")
                .help("Realised OS of the same utterances: n_hyp / n_ref - 1");
        backtest.forEach((s, b) -> {
            Points.gauge(estimated, Points.series(s), b.estimated());
            Points.gauge(realised, Points.series(s), b.realised());
        });
        out.add(estimated.build());
        out.add(realised.build());
    }

    @Override
    public List<String> getPrometheusNames() {
        List<String> names = new ArrayList<>();
        for (String suffix : SUMS.keySet()) {
            names.add("segmon_estimate_hypothesis_" + suffix);
            names.add("segmon_estimate_reference_" + suffix);
        }
        names.addAll(List.of("segmon_estimate_reference_boundaries_per_second",
                "segmon_boundary_over_segmentation_estimated_ratio", "segmon_boundary_over_segmentation_estimated_lower_ratio",
                "segmon_boundary_over_segmentation_estimated_upper_ratio", "segmon_estimate_backtest_utterances",
                "segmon_estimate_backtest_hypothesis_boundaries", "segmon_estimate_backtest_expected_reference_boundaries",
                "segmon_estimate_backtest_reference_boundaries", "segmon_boundary_over_segmentation_backtest_estimated_ratio",
                "segmon_boundary_over_segmentation_backtest_realised_ratio", "segmon_durations_refused",
                "segmon_estimate_closed_utterances", "segmon_estimated_utterances_ratio"));
        return names;
    }
}
