package dev.segmon.app.partitioning;

import java.util.zip.CRC32;
import org.apache.kafka.common.utils.Utils;

/**
 * Where a producer puts a keyed record: Kafka's default partitioner (every Java client's, and
 * {@code segmon replay}'s) and, for the warning only, librdkafka's default.
 */
public final class KeyPartition {
    private KeyPartition() {
    }

    /**
     * Kafka's default partition of a key: toPositive(murmur2(key)) mod partitions (the Java
     * producer's BuiltInPartitioner.partitionForKey). Allocation-free.
     */
    public static int murmur2(byte[] key, int partitions) {
        return Utils.toPositive(Utils.murmur2(key)) % partitions;
    }

    /**
     * librdkafka's {@code consistent_random} partition of a non-empty key: crc32(key) mod
     * partitions, with the unsigned CRC-32 (IEEE 802.3) of the key (rdkafka_msg.c,
     * rd_kafka_msg_partitioner_consistent).
     */
    public static int crc32(byte[] key, int partitions) {
        CRC32 crc = new CRC32();
        crc.update(key);
        return (int) (crc.getValue() % partitions);
    }
}
