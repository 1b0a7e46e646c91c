package dev.segmon.tools.bench;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.LongSupplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * How far a Kafka Streams application has got through its input topics: the records its
 * consumers handed to it and the offsets its group committed, summed over the input partitions,
 * against their end offsets. Under
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

    /** The input topics. */
    public List<String> topics() {
        return topics;
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
        /** Records per second over the measured interval (start-up excluded). */
        public double recordsPerSecond() {
            return records / seconds;
        }
    }

    /**
     * Told on the polling thread when the rate's interval opens and when it closes, to measure
     * something over exactly that interval (the cores busy in it: {@link CpuClock.Window}).
     */
    public interface RateWindow {
        void opened();

        void closed();
    }

    /**
     * Share of the input records an application must have taken from its consumers before the
     * rate's interval starts: past its start-up (joining the group, creating its stores) and its
     * first fetches, which fill the partition buffers before any record is processed.
     */
    static final double RATE_FROM = 0.05;

    /** How long a count short of the records may lag their commit: longer than the bench's rescan interval (500 ms). */
    static final long COUNT_GRACE_NANOS = 2_000_000_000L;

    /**
     * Polls the application every {@code pollMs} from {@code startNanos} (when it was started)
     * until its group has committed {@code total} records of the input topics, and times it.
     *
     * <p>The rate is taken from {@code consumed}, the input records the application's consumers
     * have handed to it so far (read from its client metrics, {@link RecordsConsumed}), between the first
     * poll that shows {@link #RATE_FROM} of them and the first that shows all. Not from the
     * committed offsets: those move once per commit interval (1 s under exactly-once, the monitor's
     * default), so an interval between two commits was off by up to a commit interval at each end,
     * and runs of a few seconds on the same build measured rates far apart (docs/performance.md
     * has the figures). A consumer hands out at most a few thousand records more
     * than have been processed (Kafka Streams pauses a partition whose buffer holds
     * {@code buffered.records.per.partition}), the same for every application measured. The end
     * still waits for the commit of every record, so that the next run starts on a finished one.
     */
    public CatchUp awaitCaughtUp(String group, long total, long startNanos, long pollMs, long timeoutMs, Runnable checkAlive,
                                 LongSupplier consumed, RateWindow window) {
        long fromNanos = -1;
        long fromRecords = 0;
        long toNanos = -1;
        long toRecords = 0;
        long deadline = startNanos + timeoutMs * 1_000_000L;
        long nextCommitCheck = 0;
        long allCommittedAt = -1;
        while (System.nanoTime() < deadline) {
            checkAlive.run();
            long now = System.nanoTime();
            long c = consumed.getAsLong();
            if (fromNanos < 0 && c >= RATE_FROM * total) {
                fromNanos = now;
                fromRecords = c;
                window.opened();
            }
            if (toNanos < 0 && c >= total) {
                toNanos = now;
                toRecords = c;
                window.closed();
            }
            // The committed offsets are asked of the broker: not on every poll.
            if (now >= nextCommitCheck) {
                nextCommitCheck = now + 50_000_000L;
                if (committed(group) >= total) {
                    if (toNanos < 0) {
                        // The count may still lack a consumer found by the next search (a stalled
                        // count searches again, and every rescan interval does): a few polls more.
                        if (allCommittedAt < 0) {
                            allCommittedAt = now;
                        }
                        if (now - allCommittedAt < COUNT_GRACE_NANOS) {
                            sleep(pollMs);
                            continue;
                        }
                        throw new IllegalStateException("group " + group + " committed every record, but its client's metrics show "
                                + consumed.getAsLong() + " consumed: no records-consumed-total of the input topics " + topics);
                    }
                    long end = System.nanoTime();
                    return new CatchUp(toRecords - fromRecords, Math.max(toNanos - fromNanos, 1) / 1e9, (end - startNanos) / 1e9);
                }
            }
            sleep(pollMs);
        }
        throw new IllegalStateException("group " + group + " did not catch up within " + timeoutMs / 1000 + " s (committed "
                + committed(group) + " of " + total + ", consumed " + consumed.getAsLong() + ")");
    }

    /**
     * Polls the group's committed offsets every {@code pollMs} until they reach {@code total} (an
     * application of another process, whose consumers cannot be read). The rate is taken from the
     * first poll that shows progress to the poll that shows the end: only as exact as the
     * commit interval allows (see the other {@code awaitCaughtUp}).
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
            sleep(pollMs);
        }
        throw new IllegalStateException("group " + group + " did not catch up within " + timeoutMs / 1000 + " s (committed "
                + committed(group) + " of " + total + ")");
    }

    /** Sleeps {@code ms}; an interrupt ends the bench. */
    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    @Override
    public void close() {
        admin.close();
    }
}
