package dev.segmon.app.measures;

import dev.segmon.app.metrics.Points;
import dev.segmon.app.state.Component;
import dev.segmon.app.state.HypothesisState;
import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.StateSerde;
import dev.segmon.app.state.WordList;
import dev.segmon.app.view.ComponentView;
import dev.segmon.app.wire.HypothesisEvent;
import dev.segmon.model.health.TimestampHealth;
import dev.segmon.model.health.TimestampHealth.Anomaly;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Word-timestamp health (docs/contract.md 3.6): for every hypothesis that carries words,
 * referenced or not, its words and their anomalies ({@link TimestampHealth}), counted when its
 * {@code end} comes, against the duration that end carried.
 */
public final class TimestampHealthMeasure implements Measure<TimestampHealth> {
    /** Series bit 8, minute bit 6: words, zero_duration, overlap, long, past_audio_end as longs. */
    static final Component<TimestampHealth> COMPONENT = new Component<>("timestamp_health", 8, 6,
            StateSerde.ofLongs(5, h -> new long[] {h.words(), h.zeroDuration(), h.overlap(), h.longWords(), h.pastAudioEnd()},
                    l -> new TimestampHealth(l[0], l[1], l[2], l[3], l[4])),
            TimestampHealth::plus);

    static final String WORDS = "segmon_hypothesis_words";
    static final String ANOMALIES = "segmon_hypothesis_word_anomalies";
    static final String RATIO = "segmon_hypothesis_word_anomaly_ratio";

    private final long maxWordMicros;

    /** {@code maxWordDuration}: a word longer than this is {@code long} ({@code --max-word-duration}). */
    public TimestampHealthMeasure(Duration maxWordDuration) {
        this.maxWordMicros = maxWordDuration.toNanos() / 1_000;
    }

    @Override
    public Component<TimestampHealth> component() {
        return COMPONENT;
    }

    @Override
    public TimestampHealth ended(HypothesisState hypothesis, HypothesisEvent end) {
        WordList words = hypothesis.words();
        if (!words.present() || words.size() == 0) {
            return null;
        }
        // The duration as the end carried it; a refused one (not a number, negative) gives no audio end.
        long audioEnd = end.duration().usable() ? Math.round(end.duration().seconds() * 1e6) : TimestampHealth.NO_AUDIO_END;
        return TimestampHealth.of(words.starts(), words.ends(), maxWordMicros, audioEnd);
    }

    @Override
    public MultiCollector metrics(ComponentView<TimestampHealth> view, LongSupplier clock) {
        return new MultiCollector() {
            @Override
            public MetricSnapshots collect() {
                CounterSnapshot.Builder words = CounterSnapshot.builder().name(WORDS)
                        .help("Words of the hypotheses that carried words, counted at their end (referenced or not).");
                CounterSnapshot.Builder anomalies = CounterSnapshot.builder().name(ANOMALIES)
                        .help("Hypothesis words with a timestamp anomaly, by kind (docs/contract.md 3.6).");
                GaugeSnapshot.Builder ratio = GaugeSnapshot.builder().name(RATIO).help("Share of hypothesis words with the anomaly.");
                Map<ModelTier, TimestampHealth> recent = view.since(Points.slidingStart(clock.getAsLong()));
                for (Map.Entry<ModelTier, TimestampHealth> e : view.totals().entrySet()) {
                    Labels series = Points.series(e.getKey());
                    TimestampHealth h = e.getValue();
                    words.dataPoint(Points.counter(series, h.words()));
                    TimestampHealth sliding = recent.getOrDefault(e.getKey(), TimestampHealth.ZERO);
                    for (Anomaly a : Anomaly.values()) {
                        Labels kind = series.add("kind", a.label());
                        anomalies.dataPoint(Points.counter(kind, h.of(a)));
                        Points.gauge(ratio, kind.add("window", Points.CUMULATIVE), h.rate(a));
                        Points.gauge(ratio, kind.add("window", Points.SLIDING), sliding.rate(a));
                    }
                }
                return MetricSnapshots.builder().metricSnapshot(words.build()).metricSnapshot(anomalies.build())
                        .metricSnapshot(ratio.build()).build();
            }

            @Override
            public List<String> getPrometheusNames() {
                return List.of(WORDS, ANOMALIES, RATIO);
            }
        };
    }
}
