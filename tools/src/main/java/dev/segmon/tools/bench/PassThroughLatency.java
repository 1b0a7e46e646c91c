package dev.segmon.tools.bench;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.streams.KafkaStreams;

/**
 * The pass-through's own send-to-output latency, the floor the monitor's is compared with: the
 * pass-through runs alone (the monitor stopped), caught up with every record already in the
 * topics, and a consumer reading its output topic {@code read_uncommitted} times each referenced
 * utterance from its reference's send to the poll that returns the copy. Uncommitted, because the
 * monitor's {@code /metrics} shows a score as soon as it is processed, before the commit (every
 * second) that makes it durable: waiting for the pass-through's commit would add up to that second.
 */
final class PassThroughLatency implements PacedLatency.Probe, AutoCloseable {
    static final String APPLICATION_ID = "segmon-bench-passthrough-latency";
    private static final Duration POLL = Duration.ofMillis(5);
    private static final long CATCH_UP_TIMEOUT_MS = 10 * 60_000L;

    private final KafkaStreams streams;
    private final AtomicReference<Throwable> failure;
    private final KafkaConsumer<String, byte[]> output;
    private PacedLatency.Plan plan;
    private int seen;

    private PassThroughLatency(KafkaStreams streams, AtomicReference<Throwable> failure, KafkaConsumer<String, byte[]> output) {
        this.streams = streams;
        this.failure = failure;
        this.output = output;
    }

    /** Starts the pass-through, waits until it has processed every record in the topics, and positions the reader at the output's end. */
    static PassThroughLatency start(BenchCluster cluster, Progress progress, Map<String, String> kafka, Consumer<String> note) {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        KafkaStreams streams = PassThrough.create(cluster, APPLICATION_ID, kafka, failure);
        KafkaConsumer<String, byte[]> output = null;
        try {
            long total = progress.endOffsets().values().stream().mapToLong(Long::longValue).sum();
            long start = System.nanoTime();
            streams.start();
            progress.awaitCaughtUp(APPLICATION_ID, total, start, 200, CATCH_UP_TIMEOUT_MS,
                    () -> Bench.failIf(failure.get() != null, "the pass-through application failed: " + failure.get()));
            note.accept(String.format(java.util.Locale.ROOT, "pass-through for the latency run caught up with %d records in %.1f s",
                    total, (System.nanoTime() - start) / 1e9));
            output = reader(cluster.bootstrapServers());
            return new PassThroughLatency(streams, failure, output);
        } catch (RuntimeException e) {
            if (output != null) {
                output.close();
            }
            streams.close(Duration.ofSeconds(30));
            throw e;
        }
    }

    /** A reader of the pass-through's output, positioned at its end. */
    private static KafkaConsumer<String, byte[]> reader(String bootstrapServers) {
        KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(readerConfig(bootstrapServers), new StringDeserializer(), new ByteArrayDeserializer());
        List<TopicPartition> partitions = c.partitionsFor(Bench.PASS_THROUGH_OUTPUT).stream()
                .map(p -> new TopicPartition(p.topic(), p.partition())).toList();
        c.assign(partitions);
        c.seekToEnd(partitions);
        partitions.forEach(c::position); // resolves the end now, before the paced traffic starts
        return c;
    }

    /** The reader's settings: it reads every record the pass-through writes, so its socket is sized as the monitor's consumers' are. */
    static Map<String, Object> readerConfig(String bootstrapServers) {
        Map<String, Object> config = new HashMap<>();
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_uncommitted");
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.CLIENT_ID_CONFIG, "segmon-bench-passthrough-reader");
        // The operating system's buffer, not Kafka's fixed 64 KiB: the whole output's fetch
        // responses overflowed that, and each dropped segment came 200 ms late (docs/performance.md).
        config.put(ConsumerConfig.RECEIVE_BUFFER_CONFIG, -1);
        return config;
    }

    @Override
    public int poll(PacedLatency.Plan phase, long[] visible) {
        Bench.failIf(failure.get() != null, "the pass-through application failed: " + failure.get());
        if (phase != plan) {
            plan = phase;
            seen = 0;
        }
        String ours = PassThrough.referenceKey(phase.prefix() + "-");
        var records = output.poll(POLL);
        long now = System.nanoTime();
        for (ConsumerRecord<String, byte[]> r : records) {
            if (r.key() == null || !r.key().startsWith(ours)) {
                continue;
            }
            int k = phase.ordinal()[Integer.parseInt(r.key().substring(ours.length()))];
            if (k >= 0 && visible[k] == 0) {
                visible[k] = now;
                seen++;
            }
        }
        return seen;
    }

    @Override
    public void close() {
        output.close();
        streams.close(Duration.ofSeconds(30));
    }
}
