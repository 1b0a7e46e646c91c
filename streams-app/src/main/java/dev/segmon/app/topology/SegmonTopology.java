package dev.segmon.app.topology;

import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.processors.BoundaryProcessor;
import dev.segmon.app.processors.StoreNames;
import java.util.Properties;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyConfig;
import org.apache.kafka.streams.state.Stores;

/**
 * The monitor's topology (the one {@link dev.segmon.app.Monitor} runs and the tests build):
 *
 * <pre>
 *  segmon.hypotheses --+                    +--> segmon.scores
 *                      +--> boundaries ------+--> segmon.metrics
 *  segmon.references --+    (Processor API,  +--> segmon.dead-letters
 *                            5 KV stores)
 * </pre>
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

    private SegmonTopology() {
    }

    public static Topology build(MonitorConfig config) {
        // Built with the client's settings: a Topology made without any (new Topology()) reads a
        // StreamsConfig of defaults, and Kafka Streams warns about its global-thread setting.
        Topology t = new Topology(new TopologyConfig(new StreamsConfig(streamsProperties(config))));
        t.addSource(HYPOTHESES_SOURCE, Serdes.ByteArray().deserializer(), Serdes.ByteArray().deserializer(), config.hypothesesTopic());
        t.addSource(REFERENCES_SOURCE, Serdes.ByteArray().deserializer(), Serdes.ByteArray().deserializer(), config.referencesTopic());
        t.addProcessor(PROCESSOR, () -> new BoundaryProcessor(config), HYPOTHESES_SOURCE, REFERENCES_SOURCE);
        for (String store : StoreNames.ALL) {
            // Persistent (RocksDB) and changelogged: the state survives restarts and moves with its
            // task. Cached: the totals key of a (model, tier) is rewritten by every record, and the
            // cache turns those writes into one changelog record per commit (exactly-once flushes
            // the cache with the commit, and interactive queries read through it).
            t.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(store), Serdes.String(), Serdes.ByteArray())
                    .withCachingEnabled(), PROCESSOR);
        }
        t.addSink(SCORES_SINK, config.scoresTopic(), Serdes.String().serializer(), Serdes.String().serializer(), PROCESSOR);
        t.addSink(METRICS_SINK, config.metricsTopic(), Serdes.String().serializer(), Serdes.String().serializer(), PROCESSOR);
        t.addSink(DEAD_LETTERS_SINK, config.deadLettersTopic(), Serdes.ByteArray().serializer(), Serdes.ByteArray().serializer(), PROCESSOR);
        return t;
    }

    /** Kafka Streams settings: segmon's defaults, then the pass-through settings (which win). */
    public static Properties streamsProperties(MonitorConfig config) {
        Properties p = new Properties();
        p.put(StreamsConfig.APPLICATION_ID_CONFIG, config.applicationId());
        p.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, config.bootstrapServers());
        // Exactly-once covers the output topics and the state stores, which is where every
        // exported number comes from (shared/notes/kafka-and-prometheus.md).
        p.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
        // Under exactly-once Kafka Streams commits every 100 ms by default, and on a small cluster
        // a transaction commit takes about as long, so the thread would wait more than it works
        // (measured: docs/streaming.md). One second keeps metrics fresh enough for a 15 s scrape.
        p.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, 1000);
        // Inputs are read as bytes (nothing to fail on); an oversized dead letter must not stop the monitor.
        p.put(StreamsConfig.PRODUCTION_EXCEPTION_HANDLER_CLASS_CONFIG, OversizedDeadLetterHandler.class.getName());
        // No global stores; set so that Kafka Streams 4.x does not warn at every start that the
        // processing exception handler will cover global threads from Kafka 5.0 on.
        p.put(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_GLOBAL_ENABLED_CONFIG, true);
        p.put(StreamsConfig.DEFAULT_KEY_SERDE_CLASS_CONFIG, Serdes.ByteArraySerde.class.getName());
        p.put(StreamsConfig.DEFAULT_VALUE_SERDE_CLASS_CONFIG, Serdes.ByteArraySerde.class.getName());
        if (config.stateDir() != null) {
            p.put(StreamsConfig.STATE_DIR_CONFIG, config.stateDir().toString());
        }
        p.putAll(config.kafkaProperties());
        return p;
    }
}
