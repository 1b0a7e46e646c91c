package dev.segmon.app.topology;

import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.processors.BoundaryProcessor;
import dev.segmon.app.processors.DetectionFeed;
import dev.segmon.app.processors.DetectorProcessor;
import dev.segmon.app.processors.MomentsBook;
import dev.segmon.app.processors.PairedBook;
import dev.segmon.app.processors.ProcessorNames;
import dev.segmon.app.processors.UtteranceBook;
import dev.segmon.app.processors.WordBook;
import dev.segmon.app.processors.EstimateBook;
import dev.segmon.app.state.CommitFlushStore;
import dev.segmon.app.state.EstimateState;
import dev.segmon.app.state.UtteranceHead;
import dev.segmon.app.state.HypothesisPart;
import dev.segmon.app.state.MinuteFigures;
import dev.segmon.app.state.SeriesFigures;
import dev.segmon.app.state.Keys;
import dev.segmon.app.state.Moments;
import dev.segmon.app.state.Observation;
import dev.segmon.app.state.ReferencePart;
import dev.segmon.app.state.StateSerde;
import dev.segmon.app.state.StoreNames;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.TopologyConfig;
import org.apache.kafka.streams.state.Stores;

/**
 * The monitor's topology (the one {@link dev.segmon.app.Monitor} runs and the tests build):
 *
 * <pre>
 *  segmon.hypotheses --+                    +--> segmon.scores
 *                      +--> boundaries ------+--> segmon.metrics
 *  segmon.references --+    (Processor API,  +--> segmon.dead-letters
 *                            9 key-value     +--> <app>-segmon-detection --> detectors
 *                            stores, 1 window       (keyed by series)   (1 key-value store,
 *                            store, 1 commit-                             1 commit-flush store)
 *                            flush store)
 * </pre>
 *
 * The detection topic moves each closed utterance from the task of its utterance id to the task of
 * its series, whose change detectors need every utterance of the series in one order
 * (docs/detection.md).
 *
 * Both inputs are keyed by utterance id and so co-partitioned: one task sees every record of an
 * utterance, from either side. Keys and values are read as raw bytes so that nothing can fail
 * before the processor, which sends whatever it cannot use to the dead-letter topic with the
 * original bytes.
 */
public final class SegmonTopology {
    public static final String HYPOTHESES_SOURCE = "hypotheses";
    public static final String REFERENCES_SOURCE = "references";
    public static final String PROCESSOR = "boundaries";
    public static final String SCORES_SINK = "scores";
    public static final String METRICS_SINK = "metrics";
    public static final String DEAD_LETTERS_SINK = "dead-letters";
    public static final String DETECTION_SINK = "detection-out";
    public static final String DETECTION_SOURCE = "detection-in";
    public static final String DETECTOR = "detectors";
    /**
     * How long the per-minute windows are kept behind stream time: the live page and
     * {@code /api/v1/windows} answer for at least the last 24 h (docs/contract.md 3.3), and the
     * window store drops whole segments, so an hour more keeps every minute of the last day.
     */
    public static final Duration MINUTE_WINDOW_RETENTION = Duration.ofHours(25);

    /** The store and sink names the processor is built with. */
    public static final ProcessorNames NAMES = new ProcessorNames(StoreNames.UTTERANCES, StoreNames.REFERENCE_PARTS,
            StoreNames.HYPOTHESIS_PARTS, StoreNames.SERIES,
            StoreNames.DEAD_LETTERS, StoreNames.REFERENCE_CLOCK, StoreNames.SERIES_MINUTES, StoreNames.COMMIT_FLUSH,
            SCORES_SINK, METRICS_SINK, DEAD_LETTERS_SINK);

    private SegmonTopology() {
    }

    public static Topology build(MonitorConfig config) {
        // Built with the client's settings: a Topology made without any (new Topology()) reads a
        // StreamsConfig of defaults, and Kafka Streams warns about its global-thread setting.
        Topology t = new Topology(new TopologyConfig(new StreamsConfig(streamsProperties(config))));
        t.addSource(HYPOTHESES_SOURCE, Serdes.ByteArray().deserializer(), Serdes.ByteArray().deserializer(), config.hypothesesTopic());
        t.addSource(REFERENCES_SOURCE, Serdes.ByteArray().deserializer(), Serdes.ByteArray().deserializer(), config.referencesTopic());
        t.addProcessor(PROCESSOR, () -> new BoundaryProcessor(config, NAMES, books(config)), HYPOTHESES_SOURCE, REFERENCES_SOURCE);
        for (StoreBuilder<?> store : stores(true)) {
            t.addStateStore(store, PROCESSOR);
        }
        t.addSink(SCORES_SINK, config.scoresTopic(), Serdes.String().serializer(), Serdes.String().serializer(), PROCESSOR);
        t.addSink(METRICS_SINK, config.metricsTopic(), Serdes.String().serializer(), Serdes.String().serializer(), PROCESSOR);
        t.addSink(DEAD_LETTERS_SINK, config.deadLettersTopic(), Serdes.ByteArray().serializer(), Serdes.ByteArray().serializer(), PROCESSOR);
        // The change detectors: every closed utterance goes out keyed by its series and comes back
        // to the one task of that series (docs/detection.md).
        t.addSink(DETECTION_SINK, config.detectionTopic(), Keys.SeriesKey.SERDE.serializer(), Observation.SERDE.serializer(), PROCESSOR);
        t.addSource(DETECTION_SOURCE, Keys.SeriesKey.SERDE.deserializer(), Observation.SERDE.deserializer(), config.detectionTopic());
        t.addProcessor(DETECTOR, () -> new DetectorProcessor(StoreNames.DETECTORS, StoreNames.DETECTOR_COMMIT_FLUSH, config.detector()), DETECTION_SOURCE);
        for (StoreBuilder<?> store : detectorStores(true)) {
            t.addStateStore(store, DETECTOR);
        }
        return t;
    }

    /**
     * The processor's stores: persistent (RocksDB) and changelogged, so that the state survives
     * restarts and moves with its task; or in memory, for processor-level tests of the same
     * stores. The open states (heads and parts) and the series aggregates have no record cache:
     * the processor keeps them decoded and writes each changed value itself, once per commit (the
     * heads) or at most every 50 ms and at each commit (the aggregates, so that a score shows on
     * {@code /metrics} before its commit), through the {@link CommitFlushStore}, the last store of
     * the list; a cache in front would only copy. The smaller per-utterance stores are cached.
     */
    public static List<StoreBuilder<?>> stores(boolean persistent) {
        return List.of(
                uncached(StoreNames.UTTERANCES, Keys.UtteranceTier.SERDE, UtteranceHead.SERDE, persistent),
                uncached(StoreNames.REFERENCE_PARTS, Keys.PartKey.SERDE, ReferencePart.SERDE, persistent),
                uncached(StoreNames.HYPOTHESIS_PARTS, Keys.PartKey.SERDE, HypothesisPart.SERDE, persistent),
                uncached(StoreNames.SERIES, Keys.ModelTier.SERDE, SeriesFigures.SERDE, persistent),
                minutes(StoreNames.SERIES_MINUTES, Keys.ModelTier.SERDE, MinuteFigures.SERDE, persistent),
                keyValue(StoreNames.DEAD_LETTERS, Keys.DeadLetterKey.SERDE, StateSerde.COUNT, persistent),
                keyValue(StoreNames.REFERENCE_CLOCK, Keys.TIER, StateSerde.COUNT, persistent),
                // Per utterance until its close: what a book must remember between two records.
                keyValue(StoreNames.PAIRED_PENDING, Keys.PendingKey.SERDE, Moments.PENDING, persistent),
                keyValue(EstimateState.ENDED, Keys.HypothesisKey.SERDE, EstimateState.Ended.SERDE, persistent),
                CommitFlushStore.builder(StoreNames.COMMIT_FLUSH));
    }

    /**
     * The change detectors' stores: series -> {@link dev.segmon.app.state.DetectorSeries} bytes,
     * written once per commit by the processor ({@link CommitFlushStore}, the second store).
     */
    public static List<StoreBuilder<?>> detectorStores(boolean persistent) {
        return List.of(uncached(StoreNames.DETECTORS, Keys.SeriesKey.SERDE, Serdes.ByteArray(), persistent),
                CommitFlushStore.builder(StoreNames.DETECTOR_COMMIT_FLUSH));
    }

    /** A window store of one-minute windows of record time, kept {@link #MINUTE_WINDOW_RETENTION}. */
    private static <K, V> StoreBuilder<?> minutes(String name, Serde<K> keys, Serde<V> values, boolean persistent) {
        return Stores.windowStoreBuilder(persistent
                        ? Stores.persistentWindowStore(name, MINUTE_WINDOW_RETENTION, MINUTE, false)
                        : Stores.inMemoryWindowStore(name, MINUTE_WINDOW_RETENTION, MINUTE, false),
                keys, values);
    }

    private static final Duration MINUTE = Duration.ofMinutes(1);

    /**
     * The books that keep figures per closed utterance beside the boundary counts, new for every
     * processor instance (each holds its task's stores); their figures go to the series
     * aggregates, and the few stores they keep per utterance are among {@link #stores}.
     */
    static List<UtteranceBook> books(MonitorConfig config) {
        // The feed comes after the word book, whose word errors it sends with each utterance.
        DetectionFeed feed = new DetectionFeed(DETECTION_SINK);
        return List.of(new MomentsBook(),
                new PairedBook(config.comparisons(), config.expiryInterval(), config.referenceMaxDelay(), feed),
                new WordBook(feed), new EstimateBook(), feed);
    }

    private static <K, V> StoreBuilder<?> keyValue(String name, Serde<K> keys, Serde<V> values, boolean persistent) {
        return uncached(name, keys, values, persistent).withCachingEnabled();
    }

    private static <K, V> StoreBuilder<?> uncached(String name, Serde<K> keys, Serde<V> values, boolean persistent) {
        return Stores.keyValueStoreBuilder(persistent ? Stores.persistentKeyValueStore(name) : Stores.inMemoryKeyValueStore(name), keys, values);
    }

    /** The topics the monitor reads and writes that its users see (created only with create-topics). */
    public static java.util.List<String> topics(MonitorConfig c) {
        return java.util.List.of(c.hypothesesTopic(), c.referencesTopic(), c.scoresTopic(), c.deadLettersTopic(), c.metricsTopic());
    }

    /**
     * The monitor's own internal topic, the detection topic: always created when missing, as
     * Kafka Streams creates its changelogs, whatever create-topics says.
     */
    public static java.util.List<String> internalTopics(MonitorConfig c) {
        return java.util.List.of(c.detectionTopic());
    }

    /**
     * The default number of stream threads: the cores the JVM may use (its container's limit, in
     * a container). {@code --kafka num.stream.threads=N} sets another.
     */
    public static int defaultStreamThreads() {
        return Math.max(1, Runtime.getRuntime().availableProcessors());
    }

    /** Kafka Streams settings: segmon's defaults, then the pass-through settings (which win). */
    public static Properties streamsProperties(MonitorConfig config) {
        Properties p = new Properties();
        p.put(StreamsConfig.APPLICATION_ID_CONFIG, config.applicationId());
        p.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, config.bootstrapServers());
        // Exactly-once covers the output topics and the state stores, which is where every
        // exported number comes from (docs/streaming.md, "Why the totals are exact").
        p.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
        // Under exactly-once Kafka Streams commits every 100 ms by default, and on a small cluster
        // a transaction commit takes about as long, so the thread would wait more than it works
        // (measured: docs/streaming.md). One second keeps metrics fresh enough for a 15 s scrape.
        p.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, 1000);
        // A task reads two partitions (hypotheses and references of the same utterances). With
        // Kafka Streams' default max.task.idle.ms (0) a task whose other partition has nothing
        // buffered checks its fetch lag before every record, and Kafka Streams 4.3 formats a log
        // message for it each time (String.format in PartitionGroup.readyToProcess: 8.5 % of the
        // stream thread in a profile of the bench, docs/performance.md). Waiting for the other
        // partition buys timestamp order across the two topics, which the monitor does not need:
        // its totals are the same in any arrival order (docs/streaming.md). -1 processes what is
        // buffered at once.
        p.put(StreamsConfig.MAX_TASK_IDLE_MS_CONFIG, StreamsConfig.MAX_TASK_IDLE_MS_DISABLED);
        // The consumers' socket receive buffer sized by the operating system (autotuned on Linux)
        // rather than Kafka's fixed 64 KiB. The fetch responses of long utterances overflowed the
        // fixed buffer: the kernel pruned the socket's receive queue, what it could not keep came
        // again after a retransmission timeout (200 ms at least on Linux), and fetches the broker
        // answered in under 40 ms reached the stream thread 206-226 ms after they were sent. With
        // 400-word utterances the latency's p99 was 0.243 and 0.462 s with 64 KiB, 0.126 and
        // 0.124 s with the OS's buffer (docs/performance.md).
        p.put(StreamsConfig.consumerPrefix(ConsumerConfig.RECEIVE_BUFFER_CONFIG), -1);
        // One stream thread per core the JVM may use (Kafka Streams' default is one). The work of
        // a record is serial within its task, so one thread is bound by one core: in the bench
        // the monitor's only stream thread ran at 0.9 of a core while the machine's second core was
        // a third idle, and the tasks (the input partitions and the detection topic's) spread
        // over the threads as they would over instances (docs/performance.md).
        p.put(StreamsConfig.NUM_STREAM_THREADS_CONFIG, defaultStreamThreads());
        // Inputs are read as bytes (nothing to fail on); an oversized dead letter must not stop the monitor.
        p.put(StreamsConfig.PRODUCTION_EXCEPTION_HANDLER_CLASS_CONFIG, OversizedDeadLetterHandler.class.getName());
        // No global stores; set so that Kafka Streams 4.x does not warn at every start that the
        // processing exception handler will cover global threads from Kafka 5.0 on.
        p.put(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_GLOBAL_ENABLED_CONFIG, true);
        // The partition assignor reads a StreamsConfig of its own from the main consumer's settings
        // (Kafka's AssignorConfiguration), which warns the same unless they carry the setting too.
        p.put(StreamsConfig.mainConsumerPrefix(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_GLOBAL_ENABLED_CONFIG), true);
        // Flushes and compactions in the time the stream threads leave (BackgroundPriority).
        p.put(StreamsConfig.ROCKSDB_CONFIG_SETTER_CLASS_CONFIG, dev.segmon.app.state.BackgroundPriority.class.getName());
        p.put(StreamsConfig.DEFAULT_KEY_SERDE_CLASS_CONFIG, Serdes.ByteArraySerde.class.getName());
        p.put(StreamsConfig.DEFAULT_VALUE_SERDE_CLASS_CONFIG, Serdes.ByteArraySerde.class.getName());
        if (config.stateDir() != null) {
            p.put(StreamsConfig.STATE_DIR_CONFIG, config.stateDir().toString());
        }
        p.putAll(config.kafkaProperties());
        return p;
    }
}
