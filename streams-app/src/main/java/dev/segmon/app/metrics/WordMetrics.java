package dev.segmon.app.metrics;

import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.WordCounts;
import dev.segmon.app.state.WordCounts.Unscored;
import dev.segmon.app.view.WordView;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The word-error families (docs/contract.md 3.2), read from the word stores at scrape time, for
 * the reasons {@link StoreMetrics} gives. Ratios come from {@code EditCounts.wer()} and
 * {@code NedCounts.ned()} only, and one with a zero denominator is left out. Window
 * {@code cumulative} = the totals; {@code 5m} = the minutes {@link Points#slidingStart} on.
 */
public final class WordMetrics implements MultiCollector {
    private final WordView state;
    private final LongSupplier wallClock;

    public WordMetrics(WordView state, LongSupplier wallClock) {
        this.state = state;
        this.wallClock = wallClock;
    }

    @Override
    public MetricSnapshots collect() {
        CounterSnapshot.Builder sub = counter("segmon_word_substitutions", "Word substitutions (unit-cost alignment, as eval wer).");
        CounterSnapshot.Builder ins = counter("segmon_word_insertions", "Word insertions (unit-cost alignment, as eval wer).");
        CounterSnapshot.Builder del = counter("segmon_word_deletions", "Word deletions (unit-cost alignment, as eval wer).");
        CounterSnapshot.Builder refWords = counter("segmon_reference_words", "Reference words of the utterances with a word score.");
        CounterSnapshot.Builder nedSum = counter("segmon_word_ned_sum", "Sum of per-utterance NED (as eval ned).");
        CounterSnapshot.Builder scored = counter("segmon_word_scored_utterances", "Utterances with a word score.");
        CounterSnapshot.Builder unscored = counter("segmon_word_unscored_utterances", "Closed utterances without a word score, by reason.");
        GaugeSnapshot.Builder wer = GaugeSnapshot.builder().name("segmon_word_error_rate_ratio").help("(S + I + D) / reference words");
        GaugeSnapshot.Builder ned = GaugeSnapshot.builder().name("segmon_word_ned_ratio").help("mean NED over scored utterances");
        Map<ModelTier, WordCounts> recent = state.since(Points.slidingStart(wallClock.getAsLong()));
        for (Map.Entry<ModelTier, WordCounts> e : state.totals().entrySet()) {
            Labels mt = Points.series(e.getKey());
            WordCounts c = e.getValue();
            point(sub, mt, c.edits().substitutions());
            point(ins, mt, c.edits().insertions());
            point(del, mt, c.edits().deletions());
            point(refWords, mt, c.edits().referenceTokens());
            point(nedSum, mt, c.ned().distanceSum());
            point(scored, mt, c.ned().utterances());
            for (Unscored reason : Unscored.values()) {
                point(unscored, mt.add("reason", reason.label()), c.unscoredOf(reason));
            }
            ratios(wer, ned, mt.add("window", Points.CUMULATIVE), c);
            ratios(wer, ned, mt.add("window", Points.SLIDING), recent.getOrDefault(e.getKey(), WordCounts.ZERO));
        }
        return MetricSnapshots.builder().metricSnapshot(sub.build()).metricSnapshot(ins.build()).metricSnapshot(del.build())
                .metricSnapshot(refWords.build()).metricSnapshot(nedSum.build()).metricSnapshot(scored.build())
                .metricSnapshot(unscored.build()).metricSnapshot(wer.build()).metricSnapshot(ned.build()).build();
    }

    @Override
    public List<String> getPrometheusNames() {
        return List.of("segmon_word_substitutions", "segmon_word_insertions", "segmon_word_deletions", "segmon_reference_words",
                "segmon_word_ned_sum", "segmon_word_scored_utterances", "segmon_word_unscored_utterances",
                "segmon_word_error_rate_ratio", "segmon_word_ned_ratio");
    }

    private static void ratios(GaugeSnapshot.Builder wer, GaugeSnapshot.Builder ned, Labels labels, WordCounts c) {
        Points.gauge(wer, labels, c.edits().wer());
        Points.gauge(ned, labels, c.ned().ned());
    }

    private static CounterSnapshot.Builder counter(String name, String help) {
        return CounterSnapshot.builder().name(name).help(help);
    }

    private static void point(CounterSnapshot.Builder b, Labels labels, double value) {
        b.dataPoint(Points.counter(labels, value));
    }
}
