package dev.segmon.app.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.app.Monitor;
import dev.segmon.app.cli.CliRun;
import dev.segmon.app.topology.OversizedRecordsTest;
import dev.segmon.model.boundary.BoundaryCounts;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fault 4 (docs/faults.md): bad records of many kinds mixed into a valid stream on a real broker.
 * Each lands in the dead-letter topic with its reason and its original bytes (matched by the
 * {@code segmon.source.*} headers to the offset Kafka gave it), the valid records score exactly as
 * {@code eval boundaries} scores the valid records alone, and the monitor keeps RUNNING.
 *
 * <p>{@code BoundaryTopologyTest} pins the reasons on the TopologyTestDriver; this adds the kinds
 * it leaves out (binary garbage, a JSON array, a null value and key, NaN, wrong types, a huge
 * array, a bad record inside a chunked reference, ...) and the real serializers, broker and
 * transactions.
 */
class BadInputFaultTest {
    private static final String APP = "bad";

    @TempDir
    Path tmp;

    /** One record sent and the reason expected for it (null: valid). */
    private record Sent(String topic, byte[] key, byte[] value, String reason, RecordMetadata where) {
    }

    @Test
    void everyBadRecordIsDeadLetteredWithItsReasonAndTheValidOnesScoreAsAlone() throws Exception {
        String bootstrap = SegmonProcess.sharedBroker().bootstrapServers();
        MonitorIntegrationTest.createTopics(bootstrap, APP, 2);
        // The valid stream: a replayed corpus plus one hand-made utterance x1 whose own valid
        // records (below) are interleaved with the bad ones that need state to be refused.
        FaultCorpus corpus = FaultCorpus.write(tmp.resolve("corpus"), "v", 5_000, 7);
        Path ref = tmp.resolve("valid-ref.jsonl");
        Path hyp = tmp.resolve("valid-hyp.jsonl");
        Files.write(ref, (Files.readString(corpus.ref())
                + "{\"id\":\"x1\",\"segments\":[{\"start\":0,\"end\":2},{\"start\":2,\"end\":4},{\"start\":4,\"end\":8}]}\n")
                .getBytes(StandardCharsets.UTF_8));
        Files.write(hyp, (Files.readString(corpus.hyp()) + "{\"id\":\"x1\",\"boundaries\":[1.0,8.0]}\n").getBytes(StandardCharsets.UTF_8));
        BoundaryCounts expected = new FaultCorpus(ref, hyp, 0).offline().counts();

        var config = MonitorIntegrationTest.config(bootstrap, APP, tmp.resolve("state")).build();
        try (Monitor monitor = Monitor.start(config)) {
            assertTrue(monitor.awaitRunning(Duration.ofSeconds(60)));
            List<Sent> sent = new ArrayList<>();
            try (KafkaProducer<byte[], byte[]> p = producer(bootstrap)) {
                String h = APP + ".hyp";
                String r = APP + ".ref";
                // Stateless: the record alone says it is bad.
                send(p, sent, h, "x2", "{not json", "malformed_json");
                send(p, sent, h, "x2".getBytes(StandardCharsets.UTF_8), new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1, 2}, "malformed_json");
                send(p, sent, h, "x2", "[1.0, 2.0]", "malformed_json");
                send(p, sent, h, "x2".getBytes(StandardCharsets.UTF_8), null, "malformed_json");
                send(p, sent, h, "x2", hyp("x2", "\"time\":NaN"), "malformed_json"); // JSON has no NaN
                send(p, sent, h, "x2", hyp("x2", "\"time\":\"NaN\""), "invalid_time");
                send(p, sent, h, "x2", hyp("x2", "\"time\":\"0.5\""), "invalid_time");
                send(p, sent, h, "x2", hyp("x2", "\"time\":-0.5"), "invalid_time");
                send(p, sent, h, "x2", hyp("x2", "\"times\":[0.5,\"x\"]"), "invalid_time");
                send(p, sent, h, "x2", hyp("x2", "\"time\":1e400"), "invalid_time"); // parses as infinity
                send(p, sent, h, "x2", hyp("x2", "\"end\":\"yes\""), "missing_field");
                send(p, sent, h, "x2", "{\"model\":\"m\",\"tier\":\"word\",\"time\":0.5}", "missing_field");
                send(p, sent, h, "x2", "{\"utterance\":\"x2\",\"model\":7,\"tier\":\"word\",\"time\":0.5}", "missing_field");
                send(p, sent, h, "x2", hyp("x2", "\"note\":\"no time\""), "missing_field");
                send(p, sent, h, "x2", "{\"utterance\":\"x2\",\"model\":\"m\",\"time\":0.5}", "missing_tier");
                send(p, sent, h, "x2", "{\"utterance\":\"x2\",\"model\":\"m\",\"tier\":\"\",\"time\":0.5}", "missing_tier");
                send(p, sent, h, "x3", hyp("x4", "\"time\":0.5"), "key_mismatch");
                send(p, sent, h, null, hyp("x2", "\"time\":0.5"), "key_mismatch");
                send(p, sent, h, "x2", hyp("x2", "\"times\":" + hugeArray()), "too_large");
                // Near Kafka's 1 MB limit: its copy plus the segmon.* headers would not fit (cut to fit).
                byte[] near = new byte[1_048_400];
                java.util.Arrays.fill(near, (byte) 'x');
                send(p, sent, h, "x2".getBytes(StandardCharsets.UTF_8), near, "malformed_json");
                // A reference growing beyond what one state (one changelog record) may hold: chunks
                // 0..7 are taken (a 640 kB state), chunk 8 is refused (arithmetic in OversizedRecordsTest).
                for (int k = 0; k <= 8; k++) {
                    send(p, sent, r, "big", OversizedRecordsTest.referenceChunk("big", k), k < 8 ? null : "too_large");
                }
                send(p, sent, r, "x2", "{\"utterance\":\"x2\",\"tier\":\"word\",\"segments\":{\"start\":0,\"end\":1},\"final\":true}", "missing_field");
                send(p, sent, r, "x2", "{\"utterance\":\"x2\",\"tier\":\"word\",\"segments\":[{\"start\":0}],\"final\":true}", "missing_field");
                send(p, sent, r, "x2", "{\"utterance\":\"x2\",\"tier\":\"word\",\"segments\":[{\"start\":2,\"end\":1}],\"final\":true}", "invalid_time");
                send(p, sent, r, "x2", "{\"utterance\":\"x2\",\"tier\":\"word\",\"final\":\"yes\"}", "missing_field");

                // Stateful, on utterance x1 (valid records have reason null).
                send(p, sent, h, "x1", hyp("x1", "\"time\":1.0"), null);
                send(p, sent, h, "x1", hyp("x1", "\"time\":1.0"), "duplicate"); // still pending: no reference yet
                send(p, sent, h, "x1", hyp("x1", "\"time\":8.0"), null);
                send(p, sent, h, "x1", hyp("x1", "\"time\":2.5"), "late"); // 8.0 - 5 (max disorder) = 3.0 > 2.5
                send(p, sent, h, "x1", hyp("x1", "\"end\":true"), null);
                send(p, sent, h, "x1", hyp("x1", "\"time\":9.0"), "after_end");
                send(p, sent, h, "x1", hyp("x1", "\"end\":true"), "duplicate");
                send(p, sent, r, "x1", "{\"utterance\":\"x1\",\"tier\":\"word\",\"segments\":[{\"start\":0,\"end\":2},{\"start\":2,\"end\":4}]}", null);
                send(p, sent, r, "x1", "{\"utterance\":\"x1\",\"tier\":\"word\",\"segments\":[{\"start\":3,\"end\":5}]}", "overlap");
                send(p, sent, r, "x1", "{\"utterance\":\"x1\",\"tier\":\"word\",\"segments\":[{\"start\":4,\"end\":8}],\"final\":true}", null);
                send(p, sent, r, "x1", "{\"utterance\":\"x1\",\"tier\":\"word\",\"segments\":[{\"start\":8,\"end\":9}],\"final\":true}", "after_end");
                send(p, sent, h, "x1", hyp("x1", "\"time\":7.0"), "after_end"); // x1 is scored and closed
            }
            CliRun replay = corpus.replay(bootstrap, APP, "m");
            assertEquals(0, replay.exit(), replay.err());

            List<Sent> bad = sent.stream().filter(s -> s.reason() != null).toList();
            List<ConsumerRecord<byte[], byte[]>> deadLetters = readDeadLetters(bootstrap, APP + ".dead", bad.size());
            Map<String, ConsumerRecord<byte[], byte[]>> dead = new HashMap<>();
            deadLetters.forEach(d -> dead.put(source(d), d));
            StringJoiner problems = new StringJoiner("\n");
            for (Sent s : bad) {
                String where = s.topic() + "/" + s.where().partition() + "/" + s.where().offset();
                ConsumerRecord<byte[], byte[]> d = dead.get(where);
                if (d == null) {
                    problems.add("no dead letter for " + where + " (" + s.reason() + ")");
                    continue;
                }
                assertEquals(s.reason(), header(d, "segmon.reason"), "reason of " + where + ": " + preview(s.value()));
                if (d.headers().lastHeader("segmon.truncated") != null) {
                    // Cut to fit Kafka's record limit: a prefix of the original, whose length is in the header.
                    assertEquals(Integer.toString(s.value().length), header(d, "segmon.truncated"));
                    assertArrayEquals(java.util.Arrays.copyOf(s.value(), d.value().length), d.value(), "prefix of " + where);
                    assertTrue(d.value().length > 900_000, "most of it kept");
                } else {
                    assertArrayEquals(s.value(), d.value(), "original bytes of " + where);
                }
                assertArrayEquals(s.key(), d.key(), "original key of " + where);
            }
            assertEquals("", problems.toString());
            assertEquals(bad.size(), deadLetters.size(), "one dead letter per bad record, no other");
            Map<String, BoundaryCounts> seen = MonitorIntegrationTest.awaitTotals(Map.of("m", expected), monitor.metricsPort());
            assertEquals(Map.of("m", expected), seen, "the valid records score as eval boundaries of them alone");
            String text = MonitorIntegrationTest.scrape(monitor.metricsPort());
            assertEquals(bad.size(), Scrapes.sum(text, "segmon_dead_letters_total", null, null));
            assertEquals(KafkaStreams.State.RUNNING, monitor.state(), "the monitor never stopped");
            assertEquals(200, MonitorIntegrationTest.status(monitor.metricsPort(), "/ready"));
            System.out.printf("%d bad records of %d reasons dead-lettered; valid totals %s%n", bad.size(),
                    bad.stream().map(Sent::reason).distinct().count(), seen);
        }
    }

    private static String hyp(String utterance, String rest) {
        return "{\"utterance\":\"" + utterance + "\",\"model\":\"m\",\"tier\":\"word\"," + rest + "}";
    }

    /**
     * 150 000 distinct boundaries in one record, just under Kafka's default 1 MB record limit
     * (digits 0..149 999: 788 890 bytes, plus the commas). Held as pending boundaries it would
     * need 1.2 MB of state, more than one changelog record can carry: before the fix this record
     * stopped the monitor (RecordTooLargeException on the changelog, again after every restart).
     */
    private static String hugeArray() {
        StringJoiner j = new StringJoiner(",", "[", "]");
        for (int i = 0; i < 150_000; i++) {
            j.add(Integer.toString(i));
        }
        return j.toString();
    }

    private static KafkaProducer<byte[], byte[]> producer(String bootstrap) {
        Map<String, Object> c = new HashMap<>();
        c.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        c.put(ProducerConfig.ACKS_CONFIG, "all");
        return new KafkaProducer<>(c, new ByteArraySerializer(), new ByteArraySerializer());
    }

    private static void send(KafkaProducer<byte[], byte[]> p, List<Sent> sent, String topic, String key, String value, String reason)
            throws Exception {
        send(p, sent, topic, key == null ? null : key.getBytes(StandardCharsets.UTF_8), value.getBytes(StandardCharsets.UTF_8), reason);
    }

    /** Sends and waits for the ack, so that the records of one key keep this order and we know each offset. */
    private static void send(KafkaProducer<byte[], byte[]> p, List<Sent> sent, String topic, byte[] key, byte[] value, String reason)
            throws Exception {
        RecordMetadata m = p.send(new ProducerRecord<>(topic, key, value)).get();
        sent.add(new Sent(topic, key, value, reason, m));
    }

    /** The dead letters, read until {@code expected} came (or 60 s), then 1 s more. */
    private static List<ConsumerRecord<byte[], byte[]>> readDeadLetters(String bootstrap, String topic, int expected) {
        Map<String, Object> c = new HashMap<>();
        c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        c.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        List<ConsumerRecord<byte[], byte[]>> out = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(c, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            List<TopicPartition> parts = new ArrayList<>();
            consumer.partitionsFor(topic, Duration.ofSeconds(30)).forEach(i -> parts.add(new TopicPartition(topic, i.partition())));
            consumer.assign(parts);
            consumer.seekToBeginning(parts);
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (out.size() < expected && System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(200)).forEach(out::add);
            }
            consumer.poll(Duration.ofSeconds(1)).forEach(out::add);
        }
        return out;
    }

    private static String source(ConsumerRecord<byte[], byte[]> d) {
        return header(d, "segmon.source.topic") + "/" + header(d, "segmon.source.partition") + "/" + header(d, "segmon.source.offset");
    }

    private static String header(ConsumerRecord<byte[], byte[]> d, String name) {
        var h = d.headers().lastHeader(name);
        assertNotNull(h, name + " header");
        return new String(h.value(), StandardCharsets.UTF_8);
    }

    private static String preview(byte[] value) {
        if (value == null) {
            return "null";
        }
        String s = new String(value, StandardCharsets.UTF_8);
        return s.length() > 80 ? s.substring(0, 80) + "..." : s;
    }
}
