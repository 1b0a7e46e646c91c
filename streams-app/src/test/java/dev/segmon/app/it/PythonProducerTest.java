package dev.segmon.app.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.segmon.app.Monitor;
import dev.segmon.app.broker.EmbeddedBroker;
import dev.segmon.app.broker.KafkaTestClients;
import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.wire.DefaultTopics;
import dev.segmon.model.alignment.Segment;
import dev.segmon.model.alignment.Utterance;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.boundary.BoundaryScorer;
import dev.segmon.model.io.ReadOptions;
import dev.segmon.model.io.UtteranceReader;
import dev.segmon.model.io.UtteranceReaders;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.utils.Utils;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Python producer kit (examples/producers) against a real broker and the real monitor: a
 * Whisper-format hypothesis and a JSONL reference of the same utterances, sent by
 * {@code segmon_producer.py} as a subprocess, end with the totals of the offline scorer
 * ({@code eval boundaries}) on the same data, and every record sits on the partition a Java
 * client would choose for its key. Needs /usr/bin/python3 with confluent_kafka (Debian's
 * python3-confluent-kafka): skipped without, failed without under SEGMON_REQUIRE_TOOLS=1.
 */
class PythonProducerTest {
    static final Path PYTHON = Path.of("/usr/bin/python3");
    static final Path PRODUCER = Path.of("..", "examples", "producers", "segmon_producer.py");
    // Real data (licence in examples/mandarin/LICENSE.md): gold words of files A33 and A36 and a
    // term-discovery system's fragments on them, the same pair ReplayThroughMonitorTest replays.
    static final Path GOLD = Path.of("..", "examples", "mandarin", "gold.wrd");
    static final Path FRAGMENTS = Path.of("..", "examples", "mandarin", "kamper.ali");
    /** Words per Whisper segment in the hypothesis files built below. */
    static final int SEGMENT_WORDS = 20;
    /**
     * Partitions of both input topics. Two tell the partitioners apart: murmur2 (Java clients, and
     * so a reference sent by {@code segmon replay}) puts A33 on partition 0, librdkafka's default
     * CRC32 on 1 (Python: zlib.crc32(b"A33") % 2 = 1).
     */
    static final int PARTITIONS = 2;
    static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void whisperHypothesesAndJsonlReferencesSentFromPythonScoreAsEvalBoundaries(@TempDir Path dir) throws Exception {
        requirePythonKafka();
        BoundaryCounts offline;
        try (UtteranceReader ref = UtteranceReaders.open(GOLD, ReadOptions.DEFAULT);
             UtteranceReader hyp = UtteranceReaders.open(FRAGMENTS, ReadOptions.DEFAULT)) {
            offline = BoundaryScorer.builder().tolerance(0.02).build().score(ref, hyp).counts();
        }
        List<Path> whisper = whisperResults(FRAGMENTS, dir);
        Path references = jsonlReferences(GOLD, dir.resolve("gold.jsonl"));

        try (EmbeddedBroker broker = EmbeddedBroker.builder().start()) {
            String bootstrap = broker.bootstrapServers();
            try (Admin admin = Admin.create(Map.<String, Object>of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
                admin.createTopics(List.of(new NewTopic(DefaultTopics.HYPOTHESES, PARTITIONS, (short) 1),
                        new NewTopic(DefaultTopics.REFERENCES, PARTITIONS, (short) 1))).all().get(30, TimeUnit.SECONDS);
            }
            try (Monitor monitor = Monitor.start(MonitorConfig.builder().bootstrapServers(bootstrap)
                    .applicationId("python-producer").metricsPort(0).stateDir(dir.resolve("state")).build())) {
                assertEquals(true, monitor.awaitRunning(Duration.ofMinutes(1)));
                List<String> hyp = new ArrayList<>(List.of("--bootstrap-servers", bootstrap, "hyp", "--model", "whisper"));
                whisper.forEach(p -> hyp.add(p.toString()));
                // A33: 1325 fragments = 66 segments of 20 + 1 of 5; A36: 1435 = 71 of 20 + 1 of 15;
                // plus one end each: 67 + 72 + 2 = 141 messages. Two reference lines, two messages.
                assertEquals("sent 141 messages to segmon.hypotheses", producer(hyp));
                assertEquals("sent 2 messages to segmon.references",
                        producer(List.of("--bootstrap-servers", bootstrap, "ref", references.toString())));

                MonitorTotals.assertEqualOffline(monitor, "whisper", 2, offline);
            }
            assertJavaPartitions(KafkaTestClients.consume(bootstrap, DefaultTopics.HYPOTHESES, 141), 141);
            assertJavaPartitions(KafkaTestClients.consume(bootstrap, DefaultTopics.REFERENCES, 2), 2);
        }
    }

    /** Every record on the partition Kafka's Java producer picks for its key: murmur2, sign bit cleared, modulo. */
    private static void assertJavaPartitions(List<ConsumerRecord<String, String>> records, int expected) {
        assertEquals(expected, records.size());
        for (ConsumerRecord<String, String> r : records) {
            int java = Utils.toPositive(Utils.murmur2(r.key().getBytes(StandardCharsets.UTF_8))) % PARTITIONS;
            assertEquals(java, r.partition(), "partition of key " + r.key());
        }
    }

    /**
     * The fragments of each file as the result JSON openai-whisper writes with word timestamps:
     * words (times unchanged, the class label with Whisper's leading space) in start order, 20 to
     * a segment; one file per utterance, named after it.
     */
    static List<Path> whisperResults(Path alignment, Path dir) throws Exception {
        List<Path> out = new ArrayList<>();
        try (UtteranceReader in = UtteranceReaders.open(alignment, ReadOptions.DEFAULT)) {
            while (in.hasNext()) {
                Utterance.Segmented u = (Utterance.Segmented) in.next();
                List<Segment> words = new ArrayList<>(u.segments());
                words.sort(dev.segmon.app.wire.Words.ORDER);
                ObjectNode result = JSON.createObjectNode();
                ArrayNode segments = result.putArray("segments");
                for (int from = 0; from < words.size(); from += SEGMENT_WORDS) {
                    List<Segment> chunk = words.subList(from, Math.min(words.size(), from + SEGMENT_WORDS));
                    ObjectNode segment = segments.addObject().put("id", segments.size() - 1)
                            .put("start", chunk.get(0).start()).put("end", chunk.get(chunk.size() - 1).end());
                    StringBuilder text = new StringBuilder();
                    ArrayNode ws = segment.putArray("words");
                    for (Segment w : chunk) {
                        ws.addObject().put("word", " " + w.label()).put("start", w.start()).put("end", w.end()).put("probability", 0.5);
                        text.append(' ').append(w.label());
                    }
                    segment.put("text", text.toString());
                }
                result.put("language", "zh");
                out.add(Files.writeString(dir.resolve(u.id() + ".json"), JSON.writeValueAsString(result)));
            }
        }
        return out;
    }

    /** The alignment as segmon JSONL reference lines, {"id", "segments": [{"start", "end", "label"}]}. */
    static Path jsonlReferences(Path alignment, Path file) throws Exception {
        StringBuilder lines = new StringBuilder();
        try (UtteranceReader in = UtteranceReaders.open(alignment, ReadOptions.DEFAULT)) {
            while (in.hasNext()) {
                Utterance.Segmented u = (Utterance.Segmented) in.next();
                ObjectNode line = JSON.createObjectNode().put("id", u.id());
                ArrayNode segments = line.putArray("segments");
                u.segments().forEach(s -> segments.addObject().put("start", s.start()).put("end", s.end()).put("label", s.label()));
                lines.append(JSON.writeValueAsString(line)).append('\n');
            }
        }
        return Files.writeString(file, lines.toString());
    }

    /** Runs segmon_producer.py; its one line of output, or the test fails with all of it. */
    private static String producer(List<String> args) throws Exception {
        List<String> command = new ArrayList<>(List.of(PYTHON.toString(), PRODUCER.toString()));
        command.addAll(args);
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            fail(String.join(" ", command) + " failed:\n" + output);
        }
        return output;
    }

    /** Skips the test when /usr/bin/python3 cannot import confluent_kafka, or fails it under SEGMON_REQUIRE_TOOLS=1 (CI). */
    private static void requirePythonKafka() throws Exception {
        boolean present = false;
        if (Files.isExecutable(PYTHON)) {
            Process p = new ProcessBuilder(PYTHON.toString(), "-c", "import confluent_kafka").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            present = p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
        }
        if (!present) {
            String why = PYTHON + " cannot import confluent_kafka (apt-get install -y python3-confluent-kafka)";
            if ("1".equals(System.getenv("SEGMON_REQUIRE_TOOLS"))) {
                fail(why + " and SEGMON_REQUIRE_TOOLS=1");
            }
            Assumptions.abort(why);
        }
    }
}
