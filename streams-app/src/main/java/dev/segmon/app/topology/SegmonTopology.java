package dev.segmon.app.topology;

import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.measures.MeasureBook;
import dev.segmon.app.measures.Measures;
import dev.segmon.app.processors.BoundaryProcessor;
import dev.segmon.app.processors.DetectionFeed;
import dev.segmon.app.processors.DetectorProcessor;
import dev.segmon.app.processors.EstimateBook;
import dev.segmon.app.processors.MomentsBook;
import dev.segmon.app.processors.PairedBook;
import dev.segmon.app.config.SliceValues;
import dev.segmon.app.processors.UtteranceBook;
import dev.segmon.app.processors.WordBook;
import dev.segmon.app.state.Keys;
import dev.segmon.app.state.Observation;
import dev.segmon.app.store.BackgroundPriority;
import dev.segmon.app.store.StoreSpec;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyConfig;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorSupplier;
import org.apache.kafka.streams.state.StoreBuilder;

/**
 * The monitor's topology (the one {@link dev.segmon.app.Monitor} runs and the tests build):
 *
 * <pre>
 *  segmon.hypotheses --+                    +--> segmon.scores
 *                      +--> boundaries ------+--> segmon.metrics
 *  segmon.references --+    (Processor API,  +--> segmon.dead-letters
 *                            its stores:     +--> <app>-segmon-detection --> detectors
 *                            BoundaryProcessor      (keyed by series)   (its stores:
 *                            .stores)                                     DetectorProcessor.STORES)
 * </pre>
 *
 * Each processor and book declares the stores it owns ({@link StoreSpec}); the topology builds
 * them and connects them to their processor, as Kafka's {@code ProcessorSupplier#stores()} does.
 * The store list is in docs/streaming.md. The detection topic moves each closed utterance from the
 * task of its utterance id to the task of its series (docs/detection.md).
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

    /** The sinks the boundary processor writes to. */
    public static final BoundaryProcessor.Sinks SINKS = new BoundaryProcessor.Sinks(SCORES_SINK, METRICS_SINK, DEAD_LETTERS_SINK);

    private SegmonTopology() {
    }

    public static Topology build(MonitorConfig config) {
        return build(config, new SliceValues(config.slices()));
    }

    /** With the instance's {@code sliceValues}, shared by its tasks, whose capped counts the metrics read (docs/slices.md). */
    public static Topology build(MonitorConfig config, SliceValues sliceValues) {
        // Built with the client's settings: a Topology made without any (new Topology()) reads a
        // StreamsConfig of defaults, and Kafka Streams warns about its global-thread setting.
        Topology t = new Topology(new TopologyConfig(new StreamsConfig(streamsProperties(config))));
        t.addSource(HYPOTHESES_SOURCE, Serdes.ByteArray().deserializer(), Serdes.ByteArray().deserializer(), config.hypothesesTopic());
        t.addSource(REFERENCES_SOURCE, Serdes.ByteArray().deserializer(), Serdes.ByteArray().deserializer(), config.referencesTopic());
        t.addProcessor(PROCESSOR, withStores(() -> new BoundaryProcessor(config, SINKS, books(config), sliceValues), BoundaryProcessor.stores(books(config))),
                HYPOTHESES_SOURCE, REFERENCES_SOURCE);
        t.addSink(SCORES_SINK, config.scoresTopic(), Serdes.String().serializer(), Serdes.String().serializer(), PROCESSOR);
        t.addSink(METRICS_SINK, config.metricsTopic(), Serdes.String().serializer(), Serdes.String().serializer(), PROCESSOR);
        t.addSink(DEAD_LETTERS_SINK, config.deadLettersTopic(), Serdes.ByteArray().serializer(), Serdes.ByteArray().serializer(), PROCESSOR);
        // The change detectors: every closed utterance goes out keyed by its series and comes back
        // to the one task of that series (docs/detection.md).
        t.addSink(DETECTION_SINK, config.detectionTopic(), Keys.SeriesKey.SERDE.serializer(), Observation.SERDE.serializer(), PROCESSOR);
        t.addSource(DETECTION_SOURCE, Keys.SeriesKey.SERDE.deserializer(), Observation.SERDE.deserializer(), config.detectionTopic());
        t.addProcessor(DETECTOR, withStores(() -> new DetectorProcessor(config.detector()), DetectorProcessor.STORES), DETECTION_SOURCE);
        return t;
    }

    /**
     * The boundary processor's stores with every book's, persistent (RocksDB) or in memory (for
     * processor-level tests of the same stores), in the order the topology adds them.
     */
    public static List<StoreBuilder<?>> stores(boolean persistent) {
        // Which stores the books keep does not depend on the settings.
        return builders(BoundaryProcessor.stores(books(MonitorConfig.builder().bootstrapServers("unused:9092").build())), persistent);
    }

    /** The change detectors' stores, as {@link #stores}. */
    public static List<StoreBuilder<?>> detectorStores(boolean persistent) {
        return builders(DetectorProcessor.STORES, persistent);
    }

    private static List<StoreBuilder<?>> builders(List<StoreSpec<?>> specs, boolean persistent) {
        return specs.stream().<StoreBuilder<?>>map(s -> s.builder(persistent)).toList();
    }

    /** A supplier that brings its processor's stores, so that the topology adds and connects them. */
    private static <KIn, VIn, KOut, VOut> ProcessorSupplier<KIn, VIn, KOut, VOut> withStores(Supplier<Processor<KIn, VIn, KOut, VOut>> make,
                                                                                            List<StoreSpec<?>> specs) {
        Set<StoreBuilder<?>> builders = new LinkedHashSet<>(builders(specs, true));
        return new ProcessorSupplier<>() {
            @Override
            public Processor<KIn, VIn, KOut, VOut> get() {
                return make.get();
            }

            @Override
            public Set<StoreBuilder<?>> stores() {
                return builders;
            }
        };
    }

    /**
     * The books that keep figures per closed utterance beside the boundary counts, new for every
     * processor instance (each holds its task's stores); their figures go to the series
     * aggregates, and the stores they keep per utterance are among {@link #stores}.
     */
    static List<UtteranceBook> books(MonitorConfig config) {
        DetectionFeed feed = new DetectionFeed(DETECTION_SINK, config.tolerances(), config.hitRule(), config.ignoreLabels());
        return List.of(new MomentsBook(),
                new PairedBook(config.comparisons(), config.expiryInterval(), config.referenceMaxDelay(), feed::pair),
                new WordBook(), new EstimateBook(), feed, new MeasureBook(Measures.all(config)));
    }

    /** The topics the monitor reads and writes that its users see (created only with create-topics). */
    public static List<String> topics(MonitorConfig c) {
        return List.of(c.hypothesesTopic(), c.referencesTopic(), c.scoresTopic(), c.deadLettersTopic(), c.metricsTopic());
    }

    /**
     * The monitor's own internal topic, the detection topic: always created when missing, as
     * Kafka Streams creates its changelogs, whatever create-topics says.
     */
    public static List<String> internalTopics(MonitorConfig c) {
        return List.of(c.detectionTopic());
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
        // Exactly-once's default commit interval has the thread wait on transaction commits more
        // than it works; one second keeps metrics fresh for a scrape (docs/streaming.md).
        p.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, 1000);
        // The totals are the same in any arrival order, so a task need not wait for timestamp order
        // across its two input partitions, and Kafka Streams' default formats a log message per
        // record while it waits (docs/decisions/0004-no-idle-wait-between-input-partitions.md).
        p.put(StreamsConfig.MAX_TASK_IDLE_MS_CONFIG, StreamsConfig.MAX_TASK_IDLE_MS_DISABLED);
        // The consumers' socket receive buffer sized by the operating system: long utterances'
        // fetch responses overflowed Kafka's fixed one and waited for retransmissions
        // (docs/decisions/0027-consumers-receive-buffer-from-the-os.md).
        p.put(StreamsConfig.consumerPrefix(ConsumerConfig.RECEIVE_BUFFER_CONFIG), -1);
        // One stream thread per core the JVM may use: one thread is bound by one core, and the
        // tasks spread over threads as they would over instances (docs/decisions/0026-one-stream-thread-per-core.md).
        p.put(StreamsConfig.NUM_STREAM_THREADS_CONFIG, defaultStreamThreads());
        // Inputs are read as bytes (nothing to fail on); an oversized dead letter must not stop the monitor.
        p.put(StreamsConfig.PRODUCTION_EXCEPTION_HANDLER_CLASS_CONFIG, OversizedDeadLetterHandler.class.getName());
        // No global stores; set so that Kafka Streams does not warn at every start about global threads.
        p.put(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_GLOBAL_ENABLED_CONFIG, true);
        // The partition assignor reads a StreamsConfig of its own from the main consumer's settings
        // (Kafka's AssignorConfiguration), which warns the same unless they carry the setting too.
        p.put(StreamsConfig.mainConsumerPrefix(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_GLOBAL_ENABLED_CONFIG), true);
        // Flushes and compactions in the time the stream threads leave (BackgroundPriority).
        p.put(StreamsConfig.ROCKSDB_CONFIG_SETTER_CLASS_CONFIG, BackgroundPriority.class.getName());
        p.put(StreamsConfig.DEFAULT_KEY_SERDE_CLASS_CONFIG, Serdes.ByteArraySerde.class.getName());
        p.put(StreamsConfig.DEFAULT_VALUE_SERDE_CLASS_CONFIG, Serdes.ByteArraySerde.class.getName());
        if (config.stateDir() != null) {
            p.put(StreamsConfig.STATE_DIR_CONFIG, config.stateDir().toString());
        }
        p.putAll(config.kafkaProperties());
        return p;
    }
}
