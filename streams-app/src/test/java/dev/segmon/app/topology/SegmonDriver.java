package dev.segmon.app.topology;

import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.metrics.SliceCapMetrics;
import dev.segmon.app.metrics.SlicedMetrics;
import dev.segmon.app.view.WordView;
import dev.segmon.app.view.EstimateView;
import dev.segmon.app.state.Keys.DeadLetterKey;
import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.view.MonitorView;
import dev.segmon.app.view.StoreView;
import dev.segmon.app.processors.SeriesAggregates;
import dev.segmon.app.processors.DeadLetters;
import dev.segmon.app.state.SeriesFigures;
import dev.segmon.app.state.Totals;
import dev.segmon.app.wire.DeadLetterReason;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.test.TestRecord;

/**
 * The real topology on a {@link TopologyTestDriver}, with helpers to send events and read stores.
 * Public where the tools' tests drive it (the simulated detection floor held against the topology).
 */
public final class SegmonDriver implements AutoCloseable {
    static final Instant START = Instant.parse("2026-01-01T00:00:00Z");
    final MonitorConfig config;
    final TopologyTestDriver driver;
    final TestInputTopic<byte[], byte[]> hypotheses;
    final TestInputTopic<byte[], byte[]> references;
    final TestOutputTopic<String, String> scores;
    final TestOutputTopic<String, String> metrics;
    final TestOutputTopic<byte[], byte[]> deadLetters;
    /** The read-only view the exporter reads, over this driver's stores. */
    final MonitorView state;
    /** The interval figures' view over this driver's stores. */
    final dev.segmon.app.view.IntervalView intervals;
    /** The word figures' read-only view. */
    final WordView words;
    /** The word timing's read-only view. */
    final dev.segmon.app.view.TimingView timing;
    /** The early estimate's view over this driver's stores. */
    final EstimateView estimates;
    /** The change detectors' view. */
    public final dev.segmon.app.view.ChangeView changes;
    private final Path stateDir;
    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);

    public SegmonDriver(MonitorConfig.Builder config) throws Exception {
        this.stateDir = Files.createTempDirectory("segmon-driver");
        this.config = config.bootstrapServers("unused:9092").stateDir(stateDir).build();
        Properties props = SegmonTopology.streamsProperties(this.config);
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, "segmon-test");
        dev.segmon.app.config.SliceValues sliceValues = new dev.segmon.app.config.SliceValues(this.config.slices());
        this.driver = new TopologyTestDriver(SegmonTopology.build(this.config, sliceValues), props, START);
        ByteArraySerializer bytes = new ByteArraySerializer();
        this.hypotheses = driver.createInputTopic(this.config.hypothesesTopic(), bytes, bytes, START, Duration.ZERO);
        this.references = driver.createInputTopic(this.config.referencesTopic(), bytes, bytes, START, Duration.ZERO);
        StringDeserializer s = new StringDeserializer();
        this.scores = driver.createOutputTopic(this.config.scoresTopic(), s, s);
        this.metrics = driver.createOutputTopic(this.config.metricsTopic(), s, s);
        this.deadLetters = driver.createOutputTopic(this.config.deadLettersTopic(), new ByteArrayDeserializer(), new ByteArrayDeserializer());
        StoreView stores = new StoreView(driver::getKeyValueStore, driver::getWindowStore);
        this.state = stores;
        this.intervals = new dev.segmon.app.view.IntervalView(stores);
        this.words = new WordView(stores);
        this.timing = new dev.segmon.app.view.TimingView(stores);
        this.estimates = new EstimateView(new StoreView(driver::getKeyValueStore, driver::getWindowStore));
        this.changes = new dev.segmon.app.view.ChangeView(stores, this.config.detector());
        // The collectors Monitor registers, pooled and per slice; "now" for the 5m window: one minute after START.
        registry.getPrometheusRegistry().register(new SlicedMetrics(stores,
                v -> dev.segmon.app.Monitor.families(v, this.config, () -> START.toEpochMilli() + 60_000L),
                this.config.slices().active(), new SliceCapMetrics(sliceValues::cappedCounts)));
    }

    static SegmonDriver defaults() throws Exception {
        return new SegmonDriver(MonitorConfig.builder());
    }

    public void hyp(String utterance, String json, long timestampMs) {
        hypotheses.pipeInput(new TestRecord<>(bytes(utterance), bytes(json), START.plusMillis(timestampMs)));
    }

    public void ref(String utterance, String json, long timestampMs) {
        references.pipeInput(new TestRecord<>(bytes(utterance), bytes(json), START.plusMillis(timestampMs)));
    }

    Totals totals(String model, String tier) {
        KeyValueStore<ModelTier, SeriesFigures> store = driver.getKeyValueStore(SeriesAggregates.SERIES.name());
        SeriesFigures v = store.get(new ModelTier(model, tier));
        return v == null ? Totals.ZERO : v.totalsOrZero();
    }

    long deadLetterCount(String reason, String model, String tier) {
        KeyValueStore<DeadLetterKey, Long> store = driver.getKeyValueStore(DeadLetters.COUNTS.name());
        Long n = store.get(new DeadLetterKey(DeadLetterReason.of(reason), model, tier));
        return n == null ? 0 : n;
    }

    List<String> scoreValues() {
        return scores.readValuesToList();
    }

    String scrape() {
        return registry.scrape();
    }

    /** The families {@code names} only, as {@code /metrics?name[]=...} selects them. */
    String scrape(java.util.Set<String> names) {
        return registry.scrape("text/plain; version=0.0.4; charset=utf-8", names);
    }

    /** What {@code /metrics?rawQuery} answers, through the metrics server's own scrape (its one registry serving both ways). */
    String scrapeQuery(String rawQuery) throws java.io.IOException {
        return dev.segmon.app.metrics.MetricsServer.scrape(registry, registry, rawQuery);
    }

    static byte[] bytes(String s) {
        return s == null ? null : s.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws Exception {
        driver.close();
        registry.close();
        try (var files = Files.walk(stateDir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
