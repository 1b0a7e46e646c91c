package dev.segmon.app.metrics;

import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.MinuteCounts;
import dev.segmon.app.state.OffsetBias;
import dev.segmon.app.view.MonitorView;
import dev.segmon.app.state.SignedOffsets;
import dev.segmon.app.state.Totals;
import dev.segmon.app.wire.InputEvent;
import dev.segmon.app.wire.Outcome;
import dev.segmon.app.wire.MinuteWindow;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.boundary.BoundaryScores;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.registry.PrometheusScrapeRequest;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * Every segmon metric, read from the monitor's state ({@link MonitorView}) at scrape time.
 *
 * <p>Why from stores: exactly-once processing commits store updates atomically with the input
 * offsets, so a store holds each record's effect exactly once even after a crash or a task
 * migration, whereas a counter bumped in {@code process()} would count replayed records twice.
 * Interactive queries see this instance's ACTIVE tasks only (stale stores are not enabled), so a
 * series moves with its task and {@code sum()} across instances is exact. One consequence: an
 * instance's series can drop when a task leaves it; aggregate with {@code sum()} before
 * {@code rate()} / {@code increase()} across instances only with that in mind (documented in
 * docs/streaming.md).
 *
 * <p>Ratios come from {@link BoundaryCounts#scores()} only; a ratio with a zero denominator is
 * not exported (Prometheus has no null). Window {@code cumulative} = the totals; window
 * {@code 5m} = the per-minute buckets of the current minute and the four before it (wall clock
 * at scrape; buckets are keyed by record timestamp).
 */
public final class StoreMetrics implements MultiCollector {

    private final MonitorView state;
    private final LongSupplier wallClock;

    /** Reads {@code state}, with the given wall clock for the sliding window. */
    public StoreMetrics(MonitorView state, LongSupplier wallClock) {
        this.state = state;
        this.wallClock = wallClock;
    }

    /** The counts of each (model, tier) in the sliding window ending at {@code nowMs}: this minute and the four before it. */
    public static Map<ModelTier, BoundaryCounts> sliding(MonitorView state, long nowMs) {
        long from = Points.slidingStart(nowMs);
        Map<ModelTier, BoundaryCounts> recent = new TreeMap<>();
        state.minutes(from, Long.MAX_VALUE).forEach((series, minutes) -> recent.put(series,
                minutes.values().stream().map(MinuteCounts::counts).reduce(BoundaryCounts.ZERO, BoundaryCounts::plus)));
        return recent;
    }


    /**
     * The share of a series' closed utterances that came with a reference: all closed but those
     * closed {@code unreferenced} or {@code reference_missing}; what the scores describe under
     * {@code --unreferenced skip}. Null before any closed.
     */
    public static Double referencedShare(Totals t) {
        long closed = t.outcomes().values().stream().mapToLong(Long::longValue).sum();
        long without = t.outcomes().getOrDefault(Outcome.UNREFERENCED, 0L) + t.outcomes().getOrDefault(Outcome.REFERENCE_MISSING, 0L);
        return closed == 0 ? null : (closed - without) / (double) closed;
    }

    @Override
    public MetricSnapshots collect() {
        return collect(name -> true);
    }

    /**
     * The families {@code included} names, reading only the stores those need: a selected scrape
     * ({@code /metrics?name[]=segmon_utterances_total}) reads the totals, not the minutes, the dead
     * letters and the reference clock. The client library would filter after a full collect, and a
     * poller asking for one counter every few milliseconds would read the minute store for sliding
     * ratios it discards (docs/decisions/0033-metrics-endpoint-nodelay-and-selectors.md).
     */
    @Override
    public MetricSnapshots collect(Predicate<String> included) {
        boolean ratiosWanted = RATIO_FAMILIES.stream().anyMatch(included);
        boolean totalsWanted = ratiosWanted || SERIES_FAMILIES.stream().anyMatch(included);
        SortedMap<ModelTier, Totals> totals = totalsWanted ? state.totals() : Collections.emptySortedMap();
        Map<ModelTier, BoundaryCounts> recent = ratiosWanted ? sliding(state, wallClock.getAsLong()) : Map.of();
        Map<ModelTier, OffsetBias> recentBias = included.test("segmon_boundary_offset_bias_seconds")
                ? state.biasSince(Points.slidingStart(wallClock.getAsLong())) : Map.of();

        CounterSnapshot.Builder hits = CounterSnapshot.builder().name("segmon_boundary_hits").help("One-to-one boundary hits (decided).");
        CounterSnapshot.Builder refs = CounterSnapshot.builder().name("segmon_reference_boundaries").help("Reference boundaries decided.");
        CounterSnapshot.Builder hyps = CounterSnapshot.builder().name("segmon_hypothesis_boundaries").help("Hypothesis boundaries decided.");
        CounterSnapshot.Builder utterances = CounterSnapshot.builder().name("segmon_utterances").help("Utterances closed, by outcome.");
        CounterSnapshot.Builder deadLetters = CounterSnapshot.builder().name("segmon_dead_letters").help("Records sent to the dead-letter topic, by reason.");
        GaugeSnapshot.Builder referenced = GaugeSnapshot.builder().name("segmon_referenced_utterances_ratio")
                .help("Closed utterances that were not closed unreferenced or reference_missing, over all closed.");
        GaugeSnapshot.Builder open = GaugeSnapshot.builder().name("segmon_open_utterances").help("(utterance, model) pairs with open state.");
        HistogramSnapshot.Builder offsets = HistogramSnapshot.builder().name("segmon_boundary_offset_seconds").help("|hyp - ref| of hits.");
        HistogramSnapshot.Builder signed = HistogramSnapshot.builder().name("segmon_boundary_signed_offset_seconds")
                .help("hyp - ref of hits (negative: early), in quarters of the tier's tolerance.");
        GaugeSnapshot.Builder bias = GaugeSnapshot.builder().name("segmon_boundary_offset_bias_seconds")
                .help("Mean hyp - ref of the hits (negative: early).");
        GaugeSnapshot.Builder lastRef = GaugeSnapshot.builder().name("segmon_reference_last_received_timestamp_seconds")
                .help("Record timestamp of the latest accepted reference chunk.");
        Ratios ratios = new Ratios();

        for (Map.Entry<ModelTier, Totals> e : totals.entrySet()) {
            String model = e.getKey().model();
            String tier = e.getKey().tier();
            Totals t = e.getValue();
            Labels mt = Points.series(e.getKey());
            // A model's outcomes are exported at 0 until one closes so: an alert's ratio (SegmonReferencesMissing) needs the series.
            for (Outcome outcome : Outcome.values()) {
                Long n = t.outcomes().get(outcome);
                if (n != null || outcome != Outcome.UNHYPOTHESIZED && !model.equals(InputEvent.NO_MODEL)) {
                    utterances.dataPoint(CounterSnapshot.CounterDataPointSnapshot.builder()
                            .labels(mt.add("outcome", outcome.label())).value(n == null ? 0 : n).build());
                }
            }
            if (model.equals(InputEvent.NO_MODEL)) {
                continue;
            }
            BoundaryCounts c = t.counts();
            hits.dataPoint(Points.counter(mt, c.hits()));
            refs.dataPoint(Points.counter(mt, c.reference()));
            hyps.dataPoint(Points.counter(mt, c.hypothesis()));
            open.dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder().labels(mt).value(t.open()).build());
            Double share = referencedShare(t);
            if (share != null) {
                referenced.dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder().labels(mt).value(share).build());
            }
            offsets.dataPoint(HistogramSnapshot.HistogramDataPointSnapshot.builder().labels(mt)
                    .classicHistogramBuckets(ClassicHistogramBuckets.of(Totals.OFFSET_BUCKETS, t.offsetBuckets()))
                    .sum(t.offsetSumMicros() / 1e6).build());
            SignedOffsets s = t.signed();
            if (s.toleranceMicros() > 0) {
                // A zero tolerance has no quarters to cut: its hits are all at 0, the bias gauge says so.
                signed.dataPoint(HistogramSnapshot.HistogramDataPointSnapshot.builder().labels(mt)
                        .classicHistogramBuckets(ClassicHistogramBuckets.of(s.bounds(), s.buckets())).sum(s.sumMicros() / 1e6).build());
            }
            if (s.meanSeconds() != null) {
                bias.dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder().labels(mt.add("window", Points.CUMULATIVE))
                        .value(s.meanSeconds()).build());
            }
            OffsetBias b = recentBias.get(e.getKey());
            if (b != null && b.meanSeconds() != null) {
                bias.dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder().labels(mt.add("window", Points.SLIDING))
                        .value(b.meanSeconds()).build());
            }
            if (ratiosWanted) {
                ratios.add(mt.add("window", Points.CUMULATIVE), c.scores());
                ratios.add(mt.add("window", Points.SLIDING), recent.getOrDefault(e.getKey(), BoundaryCounts.ZERO).scores());
            }
        }
        if (included.test("segmon_dead_letters")) {
            state.deadLetters().forEach((k, n) -> deadLetters.dataPoint(
                    Points.counter(Labels.of("reason", k.reason().label(), "model", k.model(), "tier", k.tier()), n)));
        }
        if (included.test("segmon_reference_last_received_timestamp_seconds")) {
            state.referenceClock().forEach((tier, ms) -> lastRef.dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder()
                    .labels(Labels.of("tier", tier)).value(ms / 1000.0).build()));
        }

        MetricSnapshots.Builder out = MetricSnapshots.builder();
        for (MetricSnapshot m : List.of(hits.build(), refs.build(), hyps.build(), utterances.build(), deadLetters.build(),
                open.build(), referenced.build(), offsets.build(), signed.build(), bias.build(), lastRef.build())) {
            addIfIncluded(out, m, included);
        }
        ratios.addTo(out, included);
        return out.build();
    }

    @Override
    public MetricSnapshots collect(Predicate<String> included, PrometheusScrapeRequest request) {
        return collect(included);
    }

    /** The families read from the totals alone. */
    private static final List<String> SERIES_FAMILIES = List.of("segmon_boundary_hits", "segmon_reference_boundaries",
            "segmon_hypothesis_boundaries", "segmon_utterances", "segmon_open_utterances", "segmon_boundary_offset_seconds",
            "segmon_referenced_utterances_ratio", "segmon_boundary_signed_offset_seconds", "segmon_boundary_offset_bias_seconds");
    /** The ratio gauges, which need the minutes too (their sliding window). */
    private static final List<String> RATIO_FAMILIES = List.of("segmon_boundary_precision_ratio", "segmon_boundary_recall_ratio",
            "segmon_boundary_f1_ratio", "segmon_boundary_hit_rate_ratio", "segmon_boundary_over_segmentation_ratio",
            "segmon_boundary_r_value");

    private static final List<String> FAMILIES = Stream.of(SERIES_FAMILIES,
            List.of("segmon_dead_letters", "segmon_reference_last_received_timestamp_seconds"), RATIO_FAMILIES)
            .flatMap(List::stream).toList();

    @Override
    public List<String> getPrometheusNames() {
        return FAMILIES;
    }

    private static void addIfIncluded(MetricSnapshots.Builder out, MetricSnapshot m, Predicate<String> included) {
        if (included.test(m.getMetadata().getPrometheusName())) {
            out.metricSnapshot(m);
        }
    }

    /** The six ratio gauges; a null ratio (zero denominator) is left out. */
    private static final class Ratios {
        final GaugeSnapshot.Builder precision = GaugeSnapshot.builder().name("segmon_boundary_precision_ratio").help("hits / n_hyp");
        final GaugeSnapshot.Builder recall = GaugeSnapshot.builder().name("segmon_boundary_recall_ratio").help("hits / n_ref");
        final GaugeSnapshot.Builder f1 = GaugeSnapshot.builder().name("segmon_boundary_f1_ratio").help("2 hits / (n_hyp + n_ref)");
        final GaugeSnapshot.Builder hitRate = GaugeSnapshot.builder().name("segmon_boundary_hit_rate_ratio").help("hits / n_ref (= recall)");
        final GaugeSnapshot.Builder os = GaugeSnapshot.builder().name("segmon_boundary_over_segmentation_ratio").help("n_hyp / n_ref - 1");
        final GaugeSnapshot.Builder r = GaugeSnapshot.builder().name("segmon_boundary_r_value").help("R-value (Rasanen et al. 2009)");

        void add(Labels labels, BoundaryScores s) {
            put(precision, labels, s.precision());
            put(recall, labels, s.recall());
            put(f1, labels, s.f1());
            put(hitRate, labels, s.hitRate());
            put(os, labels, s.overSegmentation());
            put(r, labels, s.rValue());
        }

        private static void put(GaugeSnapshot.Builder b, Labels labels, Double v) {
            Points.gauge(b, labels, v);
        }

        void addTo(MetricSnapshots.Builder out, Predicate<String> included) {
            for (GaugeSnapshot.Builder g : List.of(precision, recall, f1, hitRate, os, r)) {
                addIfIncluded(out, g.build(), included);
            }
        }
    }

}
