package dev.segmon.app.partitioning;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerInterceptor;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * On the stream threads' main consumers: counts, per input topic, the keyed records that sit on a
 * partition other than Kafka's default (murmur2) partition of their key, and logs one warning per
 * topic at the first. Such a record's utterance is read by another task than the other topic's
 * records of it, so its hypotheses and reference never meet (docs/operations.md, "Producers in
 * other languages: the partitioner"). One hash per keyed record and nothing allocated per record;
 * records with a null key are not checked (they carry no utterance id to join on and are
 * dead-lettered). The records go on unchanged.
 */
public final class CoPartitionInterceptor implements ConsumerInterceptor<byte[], byte[]> {
    /** The consumer setting that carries this instance's {@link InputPartitionCensus} (an object, not a string). */
    public static final String CENSUS_CONFIG = "segmon.input.partition.census";
    private static final Logger LOG = LoggerFactory.getLogger(CoPartitionInterceptor.class);
    private static final int KEY_SHOWN = 80;

    private InputPartitionCensus census;

    @Override
    public void configure(Map<String, ?> configs) {
        Object c = configs.get(CENSUS_CONFIG);
        census = c instanceof InputPartitionCensus given ? given : null;
    }

    @Override
    public ConsumerRecords<byte[], byte[]> onConsume(ConsumerRecords<byte[], byte[]> records) {
        if (census != null) {
            for (TopicPartition tp : records.partitions()) {
                InputPartitionCensus.Topic topic = census.topic(tp.topic());
                // Not an input topic, or a partition the topic did not have at start: not judged.
                if (topic != null && tp.partition() < topic.partitions()) {
                    check(topic, tp.partition(), records.records(tp));
                }
            }
        }
        return records;
    }

    private static void check(InputPartitionCensus.Topic topic, int partition, List<ConsumerRecord<byte[], byte[]>> batch) {
        int partitions = topic.partitions();
        long checked = 0;
        long mismatched = 0;
        byte[] firstMismatch = null;
        for (int i = 0; i < batch.size(); i++) {
            byte[] key = batch.get(i).key();
            if (key == null) {
                continue;
            }
            checked++;
            if (KeyPartition.murmur2(key, partitions) != partition) {
                mismatched++;
                if (firstMismatch == null) {
                    firstMismatch = key;
                }
            }
        }
        topic.add(checked, mismatched);
        if (firstMismatch != null && topic.firstWarning()) {
            LOG.warn(warning(topic.name(), firstMismatch, partition, partitions));
        }
    }

    /** The one line logged at a topic's first misplaced record. */
    static String warning(String topic, byte[] key, int partition, int partitions) {
        String shown = new String(key, StandardCharsets.UTF_8).replaceAll("\\p{Cntrl}", "?");
        if (shown.length() > KEY_SHOWN) {
            shown = shown.substring(0, KEY_SHOWN) + "...";
        }
        boolean crc = key.length > 0 && KeyPartition.crc32(key, partitions) == partition;
        return "input topic " + topic + " is not partitioned by Kafka's default partitioner: key '" + shown + "' is on partition "
                + partition + " of " + partitions + ", murmur2 puts it on " + KeyPartition.murmur2(key, partitions)
                + (crc ? " (its partition is crc32(key) mod " + partitions + ", librdkafka's default)" : "")
                + "; hypotheses and references of one utterance then reach different tasks and never meet."
                + " Fix the producer: set partitioner=murmur2_random in librdkafka-based clients (confluent-kafka-python, -go, -dotnet,"
                + " node-rdkafka), or use the Java client's default partitioner. Counted in segmon_input_partition_mismatches_total;"
                + " logged once per topic.";
    }

    @Override
    public void onCommit(Map<TopicPartition, OffsetAndMetadata> offsets) {
    }

    @Override
    public void close() {
    }
}
