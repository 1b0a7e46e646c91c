package dev.segmon.app.replay;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Sends the monitor's input messages to Kafka, key = utterance id (so that both sides of an
 * utterance land on the same partition number and each side keeps its order). {@code acks=all}
 * and idempotence: a retried batch is neither lost nor duplicated nor reordered.
 * {@link #flush()} returns once every record sent so far is acknowledged, and fails if any was not.
 */
public final class KafkaTrafficSink extends JsonTrafficSink implements AutoCloseable {
    private final KafkaProducer<String, byte[]> producer;
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
        this.producer = new KafkaProducer<>(config, new StringSerializer(), new ByteArraySerializer());
        this.topics = topics;
    }

    @Override
    public void recordTime(long epochMillis) {
        this.recordTime = epochMillis;
    }

    @Override
    protected void send(boolean reference, String utterance, String json) {
        send(reference, utterance, json.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * A message already rendered as the UTF-8 bytes of its JSON (docs/contract.md 3.1), keyed by
     * its utterance: what a producer that renders its own messages hands to Kafka.
     */
    public void send(boolean reference, String utterance, byte[] json) {
        failIfAnyFailed();
        producer.send(new ProducerRecord<>(reference ? topics.references() : topics.hypotheses(), null, recordTime, utterance, json), callback);
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
