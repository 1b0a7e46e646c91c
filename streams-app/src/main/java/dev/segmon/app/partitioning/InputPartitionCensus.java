package dev.segmon.app.partitioning;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

/**
 * Per input topic, how many keyed records this instance's main consumers polled and how many of
 * them sat on a partition other than Kafka's default (murmur2) partition of their key. A process
 * figure, counted at poll: a record polled again after a rebalance or a restart counts again.
 */
public final class InputPartitionCensus {

    /** One input topic's counts; {@code partitions} as the cluster described the topic at start, 0 when unknown. */
    public static final class Topic {
        private final String name;
        private final int partitions;
        private final LongAdder checked = new LongAdder();
        private final LongAdder mismatched = new LongAdder();
        private final AtomicBoolean warned = new AtomicBoolean();

        Topic(String name, int partitions) {
            this.name = name;
            this.partitions = partitions;
        }

        public String name() {
            return name;
        }

        public int partitions() {
            return partitions;
        }

        public long checked() {
            return checked.sum();
        }

        public long mismatched() {
            return mismatched.sum();
        }

        /** Adds one polled batch's counts (called once per partition of a batch, not per record). */
        void add(long checkedRecords, long mismatchedRecords) {
            checked.add(checkedRecords);
            mismatched.add(mismatchedRecords);
        }

        /** True the first time only: the warning is logged once per topic. */
        boolean firstWarning() {
            return warned.compareAndSet(false, true);
        }
    }

    private final Map<String, Topic> topics = new LinkedHashMap<>();

    /** {@code partitions}: topic -> partition count (0 or absent: unknown, not checked), in export order. */
    public InputPartitionCensus(Collection<String> inputTopics, Map<String, Integer> partitions) {
        for (String t : inputTopics) {
            topics.put(t, new Topic(t, partitions.getOrDefault(t, 0)));
        }
    }

    /** The counts of an input topic; null for any other topic (the detection topic, say). */
    public Topic topic(String name) {
        return topics.get(name);
    }

    public Collection<Topic> topics() {
        return topics.values();
    }
}
