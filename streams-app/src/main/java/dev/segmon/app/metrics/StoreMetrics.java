package dev.segmon.app.metrics;

import dev.segmon.app.processors.Events;
import dev.segmon.app.processors.States;
import dev.segmon.app.processors.States.Totals;
import dev.segmon.app.processors.StoreNames;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.boundary.BoundaryScores;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.LongSupplier;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Every segmon metric, read from the processor's state stores at scrape time.
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
    private static final String RATIO_WINDOW_SLIDING = "5m";
    private static final long SLIDING_MINUTES = 5;

    private final Function<String, ReadOnlyKeyValueStore<String, byte[]>> stores;
    private final LongSupplier wallClock;

    /** Reads a running client's stores through interactive queries. */
    public StoreMetrics(KafkaStreams streams) {
        this(name -> streams.store(StoreQueryParameters.fromNameAndType(name, QueryableStoreTypes.<String, byte[]>keyValueStore())),
                System::currentTimeMillis);
    }

    /** Reads stores found by name (a test driver's), with the given wall clock for the sliding window. */
    public StoreMetrics(Function<String, ReadOnlyKeyValueStore<String, byte[]>> stores, LongSupplier wallClock) {
        this.stores = stores;
        this.wallClock = wallClock;
    }

    @Override
    public MetricSnapshots collect() {
        Map<List<String>, Totals> totals = new TreeMap<>(StoreMetrics::compare);
        for (KeyValue<String, byte[]> kv : entries(StoreNames.TOTALS)) {
            totals.merge(List.of(States.parts(kv.key)), States.decodeTotals(kv.value), Totals::plus);
        }
        Map<List<String>, BoundaryCounts> recent = new TreeMap<>(StoreMetrics::compare);
        long now = wallClock.getAsLong();
        long from = Math.floorDiv(now, 60_000L) * 60_000L - (SLIDING_MINUTES - 1) * 60_000L;
        for (KeyValue<String, byte[]> kv : entries(StoreNames.MINUTES)) {
            String[] k = States.parts(kv.key);
            if (Long.parseUnsignedLong(k[2], 16) >= from) {
                recent.merge(List.of(k[0], k[1]), States.decodeBucket(kv.value).counts(), BoundaryCounts::plus);
            }
        }
        Map<List<String>, Long> dead = new TreeMap<>(StoreMetrics::compare);
        for (KeyValue<String, byte[]> kv : entries(StoreNames.DEAD_LETTERS)) {
            dead.merge(List.of(States.parts(kv.key)), States.decodeLong(kv.value), Long::sum);
        }
        Map<String, Long> referenceClock = new TreeMap<>();
        for (KeyValue<String, byte[]> kv : entries(StoreNames.REFERENCE_CLOCK)) {
            referenceClock.merge(kv.key, States.decodeLong(kv.value), Math::max);
        }

        CounterSnapshot.Builder hits = CounterSnapshot.builder().name("segmon_boundary_hits").help("One-to-one boundary hits (decided).");
        CounterSnapshot.Builder refs = CounterSnapshot.builder().name("segmon_reference_boundaries").help("Reference boundaries decided.");
        CounterSnapshot.Builder hyps = CounterSnapshot.builder().name("segmon_hypothesis_boundaries").help("Hypothesis boundaries decided.");
        CounterSnapshot.Builder utterances = CounterSnapshot.builder().name("segmon_utterances").help("Utterances closed, by outcome.");
        CounterSnapshot.Builder deadLetters = CounterSnapshot.builder().name("segmon_dead_letters").help("Records sent to the dead-letter topic, by reason.");
        GaugeSnapshot.Builder open = GaugeSnapshot.builder().name("segmon_open_utterances").help("(utterance, model) pairs with open state.");
        HistogramSnapshot.Builder offsets = HistogramSnapshot.builder().name("segmon_boundary_offset_seconds").help("|hyp - ref| of hits.");
        GaugeSnapshot.Builder lastRef = GaugeSnapshot.builder().name("segmon_reference_last_received_timestamp_seconds")
                .help("Record timestamp of the latest accepted reference chunk.");
        Ratios ratios = new Ratios();

        for (Map.Entry<List<String>, Totals> e : totals.entrySet()) {
            String model = e.getKey().get(0);
            String tier = e.getKey().get(1);
            Totals t = e.getValue();
            Labels mt = Labels.of("model", model, "tier", tier);
            t.outcomes().forEach((outcome, n) -> utterances.dataPoint(CounterSnapshot.CounterDataPointSnapshot.builder()
                    .labels(mt.add("outcome", outcome)).value(n).build()));
            if (model.equals(Events.NO_MODEL)) {
                continue;
            }
            BoundaryCounts c = t.counts();
            hits.dataPoint(counter(mt, c.hits()));
            refs.dataPoint(counter(mt, c.reference()));
            hyps.dataPoint(counter(mt, c.hypothesis()));
            open.dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder().labels(mt).value(t.open()).build());
            offsets.dataPoint(HistogramSnapshot.HistogramDataPointSnapshot.builder().labels(mt)
                    .classicHistogramBuckets(ClassicHistogramBuckets.of(States.OFFSET_BUCKETS, t.offsetBuckets()))
                    .sum(t.offsetSumMicros() / 1e6).build());
            ratios.add(mt.add("window", "cumulative"), c.scores());
            ratios.add(mt.add("window", RATIO_WINDOW_SLIDING), recent.getOrDefault(e.getKey(), BoundaryCounts.ZERO).scores());
        }
        dead.forEach((k, n) -> deadLetters.dataPoint(counter(Labels.of("reason", k.get(0), "model", k.get(1), "tier", k.get(2)), n)));
        referenceClock.forEach((tier, ms) -> lastRef.dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder()
                .labels(Labels.of("tier", tier)).value(ms / 1000.0).build()));

        MetricSnapshots.Builder out = MetricSnapshots.builder()
                .metricSnapshot(hits.build()).metricSnapshot(refs.build()).metricSnapshot(hyps.build())
                .metricSnapshot(utterances.build()).metricSnapshot(deadLetters.build()).metricSnapshot(open.build())
                .metricSnapshot(offsets.build()).metricSnapshot(lastRef.build());
        ratios.addTo(out);
        return out.build();
    }

    @Override
    public List<String> getPrometheusNames() {
        return List.of("segmon_boundary_hits", "segmon_reference_boundaries", "segmon_hypothesis_boundaries",
                "segmon_utterances", "segmon_dead_letters", "segmon_open_utterances", "segmon_boundary_offset_seconds",
                "segmon_reference_last_received_timestamp_seconds", "segmon_boundary_precision_ratio",
                "segmon_boundary_recall_ratio", "segmon_boundary_f1_ratio", "segmon_boundary_hit_rate_ratio",
                "segmon_boundary_over_segmentation_ratio", "segmon_boundary_r_value");
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
            if (v != null) {
                b.dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder().labels(labels).value(v).build());
            }
        }

        void addTo(MetricSnapshots.Builder out) {
            out.metricSnapshot(precision.build()).metricSnapshot(recall.build()).metricSnapshot(f1.build())
                    .metricSnapshot(hitRate.build()).metricSnapshot(os.build()).metricSnapshot(r.build());
        }
    }

    private static CounterSnapshot.CounterDataPointSnapshot counter(Labels labels, long value) {
        return CounterSnapshot.CounterDataPointSnapshot.builder().labels(labels).value(value).build();
    }

    /** All entries of a store, or none while the store cannot be queried (rebalancing, not started). */
    private List<KeyValue<String, byte[]>> entries(String store) {
        try (KeyValueIterator<String, byte[]> it = stores.apply(store).all()) {
            java.util.ArrayList<KeyValue<String, byte[]>> list = new java.util.ArrayList<>();
            it.forEachRemaining(list::add);
            return list;
        } catch (InvalidStateStoreException e) {
            return List.of();
        }
    }

    private static int compare(List<String> a, List<String> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = a.get(i).compareTo(b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }
}
