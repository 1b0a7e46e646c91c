package dev.segmon.app.bench;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * How far a Kafka Streams application has got through its input topics: the offsets its group
 * committed, summed over the input partitions, against their end offsets. Under
 * {@code exactly_once_v2} offsets are committed with each transaction (every 100 ms by default),
 * after the records' effects were written, so "committed = end" means every record was processed.
 */
public final class Progress implements AutoCloseable {
    private final Admin admin;
    private final List<String> topics;

    public Progress(String bootstrapServers, List<String> topics) {
        Map<String, Object> config = new HashMap<>();
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.put(AdminClientConfig.CLIENT_ID_CONFIG, "segmon-bench-progress");
        this.admin = Admin.create(config);
        this.topics = List.copyOf(topics);
    }

    /** End offsets of every partition of the input topics. */
    public Map<TopicPartition, Long> endOffsets() {
        try {
            Map<TopicPartition, OffsetSpec> request = new HashMap<>();
            admin.describeTopics(topics).allTopicNames().get(30, TimeUnit.SECONDS).forEach((name, d) ->
                    d.partitions().forEach(p -> request.put(new TopicPartition(name, p.partition()), OffsetSpec.latest())));
            Map<TopicPartition, Long> out = new HashMap<>();
            admin.listOffsets(request).all().get(30, TimeUnit.SECONDS).forEach((tp, info) -> out.put(tp, info.offset()));
            return out;
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("cannot read the end offsets: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** Records of the input topics the group has committed (consumed and processed). */
    public long committed(String group) {
        try {
            Map<TopicPartition, OffsetAndMetadata> offsets =
                    admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get(30, TimeUnit.SECONDS);
            long sum = 0;
            for (Map.Entry<TopicPartition, OffsetAndMetadata> e : offsets.entrySet()) {
                if (e.getValue() != null && topics.contains(e.getKey().topic())) {
                    sum += e.getValue().offset();
                }
            }
            return sum;
        } catch (ExecutionException | TimeoutException e) {
            return 0; // the group does not exist yet
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** One timed catch-up of a group from offset 0 to {@code total} records. */
    public record CatchUp(long records, double seconds, double wallSeconds) {
        /** Records per second between the first commit seen and the end (start-up excluded). */
        public double recordsPerSecond() {
            return records / seconds;
        }
    }

    /**
     * Polls the group's committed offsets every {@code pollMs} from {@code startNanos} (when the
     * application was started) until they reach {@code total}. The rate is taken from the first
     * poll that shows progress to the poll that shows the end, so the application's start-up
     * (joining the group, creating its stores) is not counted; {@code wallSeconds} includes it.
     */
    public CatchUp awaitCaughtUp(String group, long total, long startNanos, long pollMs, long timeoutMs, Runnable checkAlive) {
        long firstNanos = -1;
        long firstCommitted = 0;
        long deadline = startNanos + timeoutMs * 1_000_000L;
        while (System.nanoTime() < deadline) {
            checkAlive.run();
            long now = System.nanoTime();
            long c = committed(group);
            if (c > 0 && firstNanos < 0) {
                firstNanos = now;
                firstCommitted = c;
            }
            if (c >= total) {
                long end = System.nanoTime();
                if (firstCommitted >= total) {
                    // Everything committed at the first look: no interval to measure over.
                    return new CatchUp(total, (end - startNanos) / 1e9, (end - startNanos) / 1e9);
                }
                return new CatchUp(total - firstCommitted, (now - firstNanos) / 1e9, (now - startNanos) / 1e9);
            }
            try {
                Thread.sleep(pollMs);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }
        throw new IllegalStateException("group " + group + " did not catch up within " + timeoutMs / 1000 + " s (committed "
                + committed(group) + " of " + total + ")");
    }

    @Override
    public void close() {
        admin.close();
    }
}
