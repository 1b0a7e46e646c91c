package dev.segmon.app.metrics;

import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.WordTiming;
import dev.segmon.app.view.TimingView;
import dev.segmon.model.interval.Interval;
import dev.segmon.model.interval.TimingMoments.Mean;
import dev.segmon.model.timing.Collar;
import dev.segmon.model.timing.CollarCounts;
import dev.segmon.model.timing.OffsetBuckets;
import dev.segmon.model.timing.TimingCounts;
import dev.segmon.model.timing.TimingScores;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The word-timing families (docs/contract.md 3.2, docs/timing.md "Live"), read from the series
 * aggregates at scrape time as {@link WordMetrics} reads the word errors. Figures come from
 * {@link TimingScores} (as {@code eval timing} forms them) and the intervals from
 * {@code TimingMoments}; offsets are exported in seconds. A figure with a zero denominator is left out.
 */
public final class TimingMetrics implements MultiCollector {
    /** Two-sided 95 %, the level of every interval gauge. */
    private static final double LEVEL = 0.95;
    private static final String[] EDGES = {"start", "end"};

    private final TimingView state;
    private final LongSupplier wallClock;

    public TimingMetrics(TimingView state, LongSupplier wallClock) {
        this.state = state;
        this.wallClock = wallClock;
    }

    /** A gauge with its 95 % interval: NAME_seconds, NAME_lower_seconds, NAME_upper_seconds. */
    private record Bounded(GaugeSnapshot.Builder value, GaugeSnapshot.Builder lower, GaugeSnapshot.Builder upper) {
        static Bounded of(String name, String help) {
            return new Bounded(GaugeSnapshot.builder().name(name + "_seconds").help(help),
                    GaugeSnapshot.builder().name(name + "_lower_seconds").help("Lower bound of the 95 % interval of " + name + ", the utterance as the unit."),
                    GaugeSnapshot.builder().name(name + "_upper_seconds").help("Upper bound of the 95 % interval of " + name + ", the utterance as the unit."));
        }

        void add(Labels labels, Double micros, Interval interval) {
            Points.gauge(value, labels, micros == null ? null : micros / 1e6);
            if (interval != null) {
                Points.gauge(lower, labels, interval.lower() / 1e6);
                Points.gauge(upper, labels, interval.upper() / 1e6);
            }
        }
    }

    @Override
    public MetricSnapshots collect() {
        HistogramSnapshot.Builder signed = HistogramSnapshot.builder().name("segmon_word_timing_offset_seconds")
                .help("Signed offset hyp - ref of the start (end) of correctly recognised words.");
        HistogramSnapshot.Builder absolute = HistogramSnapshot.builder().name("segmon_word_timing_absolute_offset_seconds")
                .help("|hyp - ref| of the start (end) of correctly recognised words.");
        CounterSnapshot.Builder utterances = counter("segmon_word_timing_utterances", "Utterances with a word score, whose matched words the timing counts.");
        CounterSnapshot.Builder matched = counter("segmon_word_timing_matched_words", "Reference words matched by an equal hypothesis word.");
        CounterSnapshot.Builder hypWords = counter("segmon_word_timing_hypothesis_words", "Hypothesis words of the utterances with a word score.");
        CounterSnapshot.Builder within = counter("segmon_word_timing_within_words", "Matched words whose start, end, or both lie within the collar.");
        GaugeSnapshot.Builder share = GaugeSnapshot.builder().name("segmon_word_timing_matched_share_ratio").help("Matched words / reference words.");
        GaugeSnapshot.Builder withinShare = GaugeSnapshot.builder().name("segmon_word_timing_within_ratio")
                .help("Share of matched words whose start, end, or both lie within the collar.");
        Bounded bias = Bounded.of("segmon_word_timing_bias", "Mean signed offset hyp - ref of matched words (positive: late).");
        Bounded error = Bounded.of("segmon_word_timing_mean_absolute_error", "Mean |hyp - ref| of matched words.");
        Map<ModelTier, WordTiming> recent = state.since(Points.slidingStart(wallClock.getAsLong()));
        for (Map.Entry<ModelTier, WordTiming> e : state.totals().entrySet()) {
            Labels mt = Points.series(e.getKey());
            WordTiming t = e.getValue();
            TimingCounts c = t.counts();
            histogram(signed, mt.add("edge", "start"), OffsetBuckets.signedBoundsSeconds(), t.startSigned(), c.startOffsetSum());
            histogram(signed, mt.add("edge", "end"), OffsetBuckets.signedBoundsSeconds(), t.endSigned(), c.endOffsetSum());
            histogram(absolute, mt.add("edge", "start"), OffsetBuckets.absoluteBoundsSeconds(), t.startAbsolute(), c.startErrorSum());
            histogram(absolute, mt.add("edge", "end"), OffsetBuckets.absoluteBoundsSeconds(), t.endAbsolute(), c.endErrorSum());
            utterances.dataPoint(Points.counter(mt, t.moments().utterances()));
            matched.dataPoint(Points.counter(mt, c.matched()));
            hypWords.dataPoint(Points.counter(mt, c.hypothesisWords()));
            for (Collar collar : Collar.values()) {
                CollarCounts w = c.within(collar);
                Labels l = mt.add("collar", collarLabel(collar));
                within.dataPoint(Points.counter(l.add("edge", "start"), w.starts()));
                within.dataPoint(Points.counter(l.add("edge", "end"), w.ends()));
                within.dataPoint(Points.counter(l.add("edge", "both"), w.words()));
            }
            gauges(mt.add("window", Points.CUMULATIVE), t, share, withinShare, bias, error);
            WordTiming r = recent.get(e.getKey());
            if (r != null) {
                gauges(mt.add("window", Points.SLIDING), r, share, withinShare, bias, error);
            }
        }
        return MetricSnapshots.builder().metricSnapshot(signed.build()).metricSnapshot(absolute.build())
                .metricSnapshot(utterances.build()).metricSnapshot(matched.build()).metricSnapshot(hypWords.build())
                .metricSnapshot(within.build()).metricSnapshot(share.build()).metricSnapshot(withinShare.build())
                .metricSnapshot(bias.value.build()).metricSnapshot(bias.lower.build()).metricSnapshot(bias.upper.build())
                .metricSnapshot(error.value.build()).metricSnapshot(error.lower.build()).metricSnapshot(error.upper.build()).build();
    }

    @Override
    public List<String> getPrometheusNames() {
        return List.of("segmon_word_timing_offset_seconds", "segmon_word_timing_absolute_offset_seconds", "segmon_word_timing_utterances",
                "segmon_word_timing_matched_words", "segmon_word_timing_hypothesis_words", "segmon_word_timing_within_words",
                "segmon_word_timing_matched_share_ratio", "segmon_word_timing_within_ratio",
                "segmon_word_timing_bias_seconds", "segmon_word_timing_bias_lower_seconds", "segmon_word_timing_bias_upper_seconds",
                "segmon_word_timing_mean_absolute_error_seconds", "segmon_word_timing_mean_absolute_error_lower_seconds",
                "segmon_word_timing_mean_absolute_error_upper_seconds");
    }

    /** The collar label: seconds as Prometheus writes a bucket bound ("0.02", "0.2"). */
    static String collarLabel(Collar collar) {
        return Double.toString(collar.micros() / 1e6);
    }

    private static void gauges(Labels labels, WordTiming t, GaugeSnapshot.Builder share, GaugeSnapshot.Builder withinShare,
                               Bounded bias, Bounded error) {
        TimingScores s = t.counts().scores();
        Points.gauge(share, labels, s.matchedShare());
        for (Collar collar : Collar.values()) {
            Labels l = labels.add("collar", collarLabel(collar));
            Points.gauge(withinShare, l.add("edge", "start"), s.startsWithin(collar));
            Points.gauge(withinShare, l.add("edge", "end"), s.endsWithin(collar));
            Points.gauge(withinShare, l.add("edge", "both"), s.wordsWithin(collar));
        }
        bias.add(labels.add("edge", "start"), s.startBias(), t.moments().confidenceInterval(Mean.START_BIAS, LEVEL));
        bias.add(labels.add("edge", "end"), s.endBias(), t.moments().confidenceInterval(Mean.END_BIAS, LEVEL));
        error.add(labels.add("edge", "start"), s.startMeanError(), t.moments().confidenceInterval(Mean.START_ERROR, LEVEL));
        error.add(labels.add("edge", "end"), s.endMeanError(), t.moments().confidenceInterval(Mean.END_ERROR, LEVEL));
    }

    private static void histogram(HistogramSnapshot.Builder b, Labels labels, double[] bounds, long[] counts, long sumMicros) {
        b.dataPoint(HistogramSnapshot.HistogramDataPointSnapshot.builder().labels(labels)
                .classicHistogramBuckets(ClassicHistogramBuckets.of(bounds, counts)).sum(sumMicros / 1e6).build());
    }

    private static CounterSnapshot.Builder counter(String name, String help) {
        return CounterSnapshot.builder().name(name).help(help);
    }
}
