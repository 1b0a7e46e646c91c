package dev.segmon.app.partitioning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.producer.internals.BuiltInPartitioner;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/** What the interceptor counts per polled batch, and how it joins a user's own interceptors. */
class CoPartitionInterceptorTest {
    private static final String HYP = "segmon.hypotheses";
    private static final String REF = "segmon.references";

    private static CoPartitionInterceptor interceptor(InputPartitionCensus census) {
        CoPartitionInterceptor i = new CoPartitionInterceptor();
        i.configure(Map.of(CoPartitionInterceptor.CENSUS_CONFIG, census, "client.id", "c"));
        return i;
    }

    private static void add(Map<TopicPartition, List<ConsumerRecord<byte[], byte[]>>> batch, String topic, int partition, String key) {
        TopicPartition tp = new TopicPartition(topic, partition);
        List<ConsumerRecord<byte[], byte[]>> list = batch.computeIfAbsent(tp, k -> new ArrayList<>());
        list.add(new ConsumerRecord<>(topic, partition, list.size(), key == null ? null : key.getBytes(StandardCharsets.UTF_8), new byte[0]));
    }

    private static int javaPartition(String key) {
        return BuiltInPartitioner.partitionForKey(key.getBytes(StandardCharsets.UTF_8), 4);
    }

    @Test
    void countsKeyedRecordsOffTheirMurmur2PartitionPerInputTopic() {
        InputPartitionCensus census = new InputPartitionCensus(List.of(HYP, REF), Map.of(HYP, 4, REF, 4));
        Map<TopicPartition, List<ConsumerRecord<byte[], byte[]>>> batch = new HashMap<>();
        for (int u = 0; u < 10; u++) {
            add(batch, REF, javaPartition("u" + u), "u" + u); // where a Java producer puts them
        }
        add(batch, HYP, 1, "foobar");          // crc32 puts "foobar" on 1 of 4, murmur2 on 2 (KeyPartitionTest)
        add(batch, HYP, 1, "foobar");
        add(batch, HYP, 2, "foobar");          // right
        add(batch, HYP, 3, null);              // no key: not checked
        add(batch, "app-segmon-detection", 0, "foobar"); // not an input topic
        add(batch, REF, 7, "abc");             // a partition the topic did not have at start: not judged
        ConsumerRecords<byte[], byte[]> records = new ConsumerRecords<>(batch, Map.of());

        assertSame(records, interceptor(census).onConsume(records));

        assertEquals(3, census.topic(HYP).checked());
        assertEquals(2, census.topic(HYP).mismatched());
        assertEquals(10, census.topic(REF).checked());
        assertEquals(0, census.topic(REF).mismatched());
    }

    @Test
    void topicsOfUnknownPartitionCountAreNotChecked() {
        InputPartitionCensus census = new InputPartitionCensus(List.of(HYP, REF), Map.of());
        Map<TopicPartition, List<ConsumerRecord<byte[], byte[]>>> batch = new HashMap<>();
        add(batch, HYP, 1, "foobar");
        interceptor(census).onConsume(new ConsumerRecords<>(batch, Map.of()));
        assertEquals(0, census.topic(HYP).checked());
    }

    @Test
    void warningNamesTheKeyThePartitionsAndTheProducerSetting() {
        String line = CoPartitionInterceptor.warning(HYP, "foobar".getBytes(StandardCharsets.UTF_8), 1, 4);
        assertTrue(line.startsWith("input topic segmon.hypotheses is not partitioned by Kafka's default partitioner:"
                + " key 'foobar' is on partition 1 of 4, murmur2 puts it on 2 (its partition is crc32(key) mod 4, librdkafka's default)"), line);
        assertTrue(line.contains("set partitioner=murmur2_random"), line);
        assertTrue(!line.contains("\n"), "one line");
        // On partition 3 (neither hash's choice), the crc32 remark is left out.
        assertTrue(!CoPartitionInterceptor.warning(HYP, "foobar".getBytes(StandardCharsets.UTF_8), 3, 4).contains("crc32"));
    }

    @Test
    void theWarningIsDueOncePerTopic() {
        InputPartitionCensus census = new InputPartitionCensus(List.of(HYP, REF), Map.of(HYP, 4, REF, 4));
        assertTrue(census.topic(HYP).firstWarning());
        assertTrue(!census.topic(HYP).firstWarning());
        assertTrue(census.topic(REF).firstWarning());
    }

    @Test
    void interceptorIsAppendedToTheUsersOwnWhicheverPrefixTheyUsed() {
        String ours = CoPartitionInterceptor.class.getName();
        assertEquals(List.of(ours), InputPartitioning.withInterceptor(new Properties()));
        Properties bare = new Properties();
        bare.put("interceptor.classes", "a.B, c.D");
        assertEquals(List.of("a.B", "c.D", ours), InputPartitioning.withInterceptor(bare));
        // Kafka Streams' precedence for the main consumer: main.consumer. over consumer. over the bare name.
        Properties prefixed = new Properties();
        prefixed.put("interceptor.classes", "a.B");
        prefixed.put("consumer.interceptor.classes", "c.D");
        assertEquals(List.of("c.D", ours), InputPartitioning.withInterceptor(prefixed));
        prefixed.put("main.consumer.interceptor.classes", List.of(String.class));
        assertEquals(List.of("java.lang.String", ours), InputPartitioning.withInterceptor(prefixed));
        prefixed.put("main.consumer.interceptor.classes", ours);
        assertEquals(List.of(ours), InputPartitioning.withInterceptor(prefixed), "not twice");
    }
}
