package dev.segmon.app.partitioning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.zip.CRC32;
import org.apache.kafka.clients.producer.internals.BuiltInPartitioner;
import org.junit.jupiter.api.Test;

/**
 * The partition the check expects is the one Kafka's Java producer picks, and differs from
 * librdkafka's default for keys where the two hashes disagree.
 */
class KeyPartitionTest {

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void expectedPartitionIsTheJavaProducersForRandomKeysAndCounts() {
        Random rnd = new Random(7);
        for (int i = 0; i < 20_000; i++) {
            byte[] key = new byte[rnd.nextInt(40)];
            rnd.nextBytes(key);
            int partitions = 1 + rnd.nextInt(64);
            assertEquals(BuiltInPartitioner.partitionForKey(key, partitions), KeyPartition.murmur2(key, partitions));
        }
    }

    @Test
    void murmur2PartitionsOfKafkasPublishedHashes() {
        // Kafka's UtilsTest.testMurmur2: murmur2("foobar") = -790332482, murmur2("abc") = 479470107,
        // murmur2("21") = -973932308. toPositive clears the sign bit (adds 2^31 = 2147483648):
        // foobar: 2147483648 - 790332482 = 1357151166, mod 4 = 2 (166 = 41*4 + 2);
        // abc: 479470107 mod 4 = 3 (107 = 26*4 + 3); 21: 2147483648 - 973932308 = 1173551340, mod 4 = 0.
        assertEquals(2, KeyPartition.murmur2(bytes("foobar"), 4));
        assertEquals(3, KeyPartition.murmur2(bytes("abc"), 4));
        assertEquals(0, KeyPartition.murmur2(bytes("21"), 4));
    }

    @Test
    void librdkafkasConsistentPartitionIsCrc32ModuloTheCount() {
        // librdkafka's rd_crc32 is CRC-32/ISO-HDLC, whose published check value is crc("123456789") = 0xCBF43926.
        CRC32 check = new CRC32();
        check.update(bytes("123456789"));
        assertEquals(0xCBF43926L, check.getValue());
        // crc32("foobar") = 0x9EF61F95: low two bits 01, so partition 1 of 4; murmur2 says 2.
        // crc32("abc") = 0x352441C2: low bits 10, partition 2 of 4; murmur2 says 3.
        // crc32("21") = 0xFD7746B4: low bits 00, partition 0, which murmur2 gives too.
        assertEquals(1, KeyPartition.crc32(bytes("foobar"), 4));
        assertEquals(2, KeyPartition.crc32(bytes("abc"), 4));
        assertEquals(0, KeyPartition.crc32(bytes("21"), 4));
        assertNotEquals(KeyPartition.crc32(bytes("foobar"), 4), BuiltInPartitioner.partitionForKey(bytes("foobar"), 4));
        assertEquals(KeyPartition.crc32(bytes("21"), 4), BuiltInPartitioner.partitionForKey(bytes("21"), 4));
    }
}
