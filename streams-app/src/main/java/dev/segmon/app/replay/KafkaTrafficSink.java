package dev.segmon.app.replay;

import dev.segmon.app.wire.HypothesisEvent;
import dev.segmon.app.wire.ReferenceChunk;

import dev.segmon.model.alignment.Segment;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Sends the monitor's input messages to Kafka, key = utterance id (so that both sides of an
 * utterance land on the same partition number and each side keeps its order). {@code acks=all}
 * and idempotence: a retried batch is neither lost nor duplicated nor reordered.
 * {@link #flush()} returns once every record sent so far is acknowledged, and fails if any was not.
 */
public final class KafkaTrafficSink implements TrafficSink, AutoCloseable {
    private final KafkaProducer<String, String> producer;
    private final InputTopics topics;
    private final AtomicReference<Exception> firstFailure = new AtomicReference<>();
    private final AtomicLong acknowledged = new AtomicLong();
    private final Callback callback = (metadata, exception) -> {
        if (exception != null) {
            firstFailure.compareAndSet(null, exception);
        } else {
            acknowledged.incrementAndGet();
        }
    };
    private long sent;
    /** The timestamp of the records that follow; null: the producer's clock at send. */
    private Long recordTime;

    public KafkaTrafficSink(String bootstrapServers, InputTopics topics, Map<String, String> extraProducerConfig) {
        Map<String, Object> config = new HashMap<>();
        config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        config.put(ProducerConfig.LINGER_MS_CONFIG, 10);
        config.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, "lz4");
        config.put(ProducerConfig.CLIENT_ID_CONFIG, "segmon-replay");
        config.putAll(extraProducerConfig);
        this.producer = new KafkaProducer<>(config, new StringSerializer(), new StringSerializer());
        this.topics = topics;
    }

    @Override
    public void boundary(String utterance, String model, String tier, double time) {
        send(topics.hypotheses(), utterance, HypothesisEvent.boundary(utterance, model, tier, time).toJson());
    }

    @Override
    public void words(String utterance, String model, String tier, List<Segment> words) {
        send(topics.hypotheses(), utterance, HypothesisEvent.words(utterance, model, tier, words).toJson());
    }

    @Override
    public void end(String utterance, String model, String tier) {
        send(topics.hypotheses(), utterance, HypothesisEvent.end(utterance, model, tier).toJson());
    }

    @Override
    public void end(String utterance, String model, String tier, double durationSeconds) {
        send(topics.hypotheses(), utterance, HypothesisEvent.end(utterance, model, tier, durationSeconds).toJson());
    }

    @Override
    public void end(String utterance, String model, String tier, double durationSeconds, dev.segmon.app.wire.Declaration declared,
                    java.util.Map<String, String> labels) {
        HypothesisEvent end = Double.isNaN(durationSeconds) ? HypothesisEvent.end(utterance, model, tier)
                : HypothesisEvent.end(utterance, model, tier, durationSeconds);
        send(topics.hypotheses(), utterance, end.declaring(declared).withLabels(labels).toJson());
    }

    @Override
    public void recordTime(long epochMillis) {
        this.recordTime = epochMillis;
    }

    @Override
    public void reference(String utterance, String tier, List<Segment> segments) {
        send(topics.references(), utterance, new ReferenceChunk(utterance, tier, segments, true).toJson());
    }

    @Override
    public void reference(String utterance, String tier, List<Segment> segments, java.util.Map<String, String> labels) {
        send(topics.references(), utterance, new ReferenceChunk(utterance, tier, segments, true).withLabels(labels).toJson());
    }

    private void send(String topic, String key, String value) {
        failIfAnyFailed();
        producer.send(new ProducerRecord<>(topic, null, recordTime, key, value), callback);
        sent++;
    }

    /** Blocks until everything sent is acknowledged; throws if any record could not be written. */
    public void flush() {
        producer.flush();
        failIfAnyFailed();
    }

    /** Records sent through this sink so far. */
    public long sent() {
        return sent;
    }

    /** Records the brokers acknowledged so far. */
    public long acknowledged() {
        return acknowledged.get();
    }

    private void failIfAnyFailed() {
        Exception failure = firstFailure.get();
        if (failure != null) {
            throw new IllegalStateException("Kafka did not accept a record: " + failure.getMessage(), failure);
        }
    }

    @Override
    public void close() {
        producer.close();
    }
}
