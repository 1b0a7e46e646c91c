package dev.segmon.tools.bench;

import dev.segmon.app.wire.HypothesisEvent;
import dev.segmon.app.wire.InputEvent;
import dev.segmon.app.wire.ReferenceChunk;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import dev.segmon.app.topology.SegmonTopology;
import dev.segmon.app.wire.DefaultTopics;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Produced;

/**
 * The ceiling any Kafka Streams application reaches on these records and this machine: read both
 * input topics, read each value as the monitor must at least read it (its own input reader,
 * {@link HypothesisEvent#parse} and {@link ReferenceChunk#parse}: every field checked), re-key it
 * by (model, utterance) and write it out unchanged. No state, one output record per input record.
 * The two topics are merged into one sub-topology, so its tasks read a partition of each, as the
 * monitor's do.
 */
public final class PassThrough {
    private PassThrough() {
    }

    public static Topology topology(String hypothesesTopic, String referencesTopic, String output) {
        StreamsBuilder b = new StreamsBuilder();
        KStream<byte[], byte[]> hypotheses = b.stream(hypothesesTopic, Consumed.with(Serdes.ByteArray(), Serdes.ByteArray()));
        KStream<byte[], byte[]> references = b.stream(referencesTopic, Consumed.with(Serdes.ByteArray(), Serdes.ByteArray()));
        hypotheses.map((key, value) -> KeyValue.pair(rekey(HypothesisEvent.parse(key, value, Set.of())), value))
                .merge(references.map((key, value) -> KeyValue.pair(rekey(ReferenceChunk.parse(key, value, Set.of())), value)))
                .to(output, Produced.with(Serdes.String(), Serdes.ByteArray()));
        return b.build();
    }

    /**
     * The pass-through on the bench's topics as application {@code appId}, not started, with the
     * monitor's own Kafka Streams settings (guarantee, commit interval, producer tuning), so that
     * what it is compared with costs the monitor's topology and nothing else. A stream thread's
     * failure goes to {@code failure} and stops the client.
     */
    static KafkaStreams create(BenchCluster cluster, String appId, Map<String, String> kafka, AtomicReference<Throwable> failure) {
        Properties props = SegmonTopology.streamsProperties(cluster.monitorConfig(appId, kafka).build());
        KafkaStreams streams = new KafkaStreams(topology(DefaultTopics.HYPOTHESES, DefaultTopics.REFERENCES, Bench.PASS_THROUGH_OUTPUT), props);
        streams.setUncaughtExceptionHandler(ex -> {
            failure.set(ex);
            return StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
        });
        return streams;
    }

    /** The key the pass-through gives a reference of {@code utterance}. */
    static String referenceKey(String utterance) {
        return InputEvent.NO_MODEL + "|" + utterance;
    }

    static String rekey(InputEvent e) {
        if (e instanceof HypothesisEvent h) {
            return h.model() + "|" + h.utterance();
        }
        return e instanceof ReferenceChunk r ? InputEvent.NO_MODEL + "|" + r.utterance() : InputEvent.NO_MODEL + "|";
    }
}
