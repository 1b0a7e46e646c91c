package dev.segmon.tools.bench;

import dev.segmon.app.broker.Directories;
import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.replay.InputTopics;
import dev.segmon.app.replay.KafkaTrafficSink;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.ProducerConfig;

/**
 * What the bench and the soak share: a forked broker, the input topics with a chosen partition
 * count, a tuned producer and scratch directories, all removed on close.
 */
final class BenchCluster implements AutoCloseable {
    /** The producer settings measured best here (docs/streaming.md, "Kafka on this machine"): 0.7-1 M records/s. */
    /** The client id of the bench's producers, which names their network threads. */
    static final String PRODUCER_CLIENT_ID = "segmon-bench";
    static final Map<String, String> TUNED_PRODUCER = Map.of(
            ProducerConfig.LINGER_MS_CONFIG, "20",
            ProducerConfig.BATCH_SIZE_CONFIG, "262144",
            ProducerConfig.COMPRESSION_TYPE_CONFIG, "lz4",
            ProducerConfig.CLIENT_ID_CONFIG, PRODUCER_CLIENT_ID);

    final ChildBroker broker;
    final int partitions;
    private final Path scratch;
    private int dirs;

    BenchCluster(ChildBroker broker, int partitions) {
        this.broker = broker;
        this.partitions = partitions;
        try {
            this.scratch = Files.createTempDirectory("segmon-bench-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static BenchCluster start(String brokerHeap, int partitions, List<String> topics) {
        ChildBroker broker = ChildBroker.start(brokerHeap, 180);
        BenchCluster c = new BenchCluster(broker, partitions);
        try {
            c.createTopics(topics);
        } catch (RuntimeException e) {
            c.close();
            throw e;
        }
        return c;
    }

    String bootstrapServers() {
        return broker.bootstrapServers();
    }

    InputTopics inputTopics() {
        return InputTopics.DEFAULT;
    }

    List<String> inputTopicNames() {
        return List.of(dev.segmon.app.wire.DefaultTopics.HYPOTHESES, dev.segmon.app.wire.DefaultTopics.REFERENCES);
    }

    KafkaTrafficSink producer() {
        return new KafkaTrafficSink(bootstrapServers(), inputTopics(), TUNED_PRODUCER);
    }

    /** A fresh directory for one application's state. */
    synchronized Path newDir(String name) {
        Path d = scratch.resolve(name + "-" + (++dirs));
        try {
            return Files.createDirectories(d);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A monitor configuration on this cluster: ephemeral metrics port, its own state directory. */
    MonitorConfig.Builder monitorConfig(String applicationId, Map<String, String> kafka) {
        return MonitorConfig.builder().bootstrapServers(bootstrapServers()).applicationId(applicationId)
                .metricsPort(0).stateDir(newDir(applicationId)).partitions(partitions).kafkaProperties(kafka);
    }

    /** The monitor under test: with {@code sliceKeys}, an allow-list admits every value the corpus sends for them. */
    MonitorConfig.Builder monitorConfig(String applicationId, Map<String, String> kafka, List<String> sliceKeys) {
        return monitorConfig(applicationId, kafka).sliceKeys(sliceKeys).sliceValues(BenchLabels.allowList(sliceKeys));
    }

    void createTopics(List<String> names) {
        Map<String, Object> config = new HashMap<>();
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
        try (Admin admin = Admin.create(config)) {
            List<NewTopic> topics = new ArrayList<>();
            for (String n : names) {
                topics.add(new NewTopic(n, Optional.of(partitions), Optional.empty()));
            }
            admin.createTopics(topics).all().get(60, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("cannot create the bench topics: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** Bytes of the files under a directory (a state directory's size on disk). */
    static long sizeOnDisk(Path dir) {
        try (var paths = Files.walk(dir)) {
            return paths.filter(Files::isRegularFile).mapToLong(p -> {
                try {
                    return Files.size(p);
                } catch (IOException e) {
                    return 0; // a RocksDB file removed by a compaction while walking
                }
            }).sum();
        } catch (IOException | UncheckedIOException e) {
            return -1;
        }
    }

    @Override
    public void close() {
        broker.close();
        Directories.deleteRecursively(scratch);
    }
}
