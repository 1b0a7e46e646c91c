package dev.segmon.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.segmon.app.broker.EmbeddedBroker;
import dev.segmon.app.broker.KafkaTestClients;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code segmon replay} against a real (embedded, ephemeral-port) broker, read back with a plain
 * consumer: both sides, one side alone (docs/contract.md A.3) and record times set by the user.
 */
class ReplayCommandTest {
    static final ObjectMapper JSON = new ObjectMapper();
    static EmbeddedBroker broker;
    static final Path GOLD = Path.of("..", "examples", "mandarin", "gold.wrd");
    static final Path FRAGMENTS = Path.of("..", "examples", "mandarin", "kamper.ali");
    /** 2026-11-27T08:00:00Z in epoch ms (`date -u -d 2026-11-27T08:00:00Z +%s` = 1795766400). */
    static final long EIGHT_AM = 1_795_766_400_000L;

    @BeforeAll
    static void startBroker() {
        broker = EmbeddedBroker.builder().port(0).start();
    }

    @AfterAll
    static void stopBroker() {
        broker.stop();
    }

    @Test
    void sendsEveryDistinctBoundaryAnEndPerUtteranceAndEachReferenceOnce(@TempDir Path dir) throws Exception {
        Path ref = Files.writeString(dir.resolve("ref.jsonl"), """
                {"id": "u1", "segments": [{"start": 0.0, "end": 0.5, "label": "a"}, {"start": 0.5, "end": 1.2, "label": "b"}]}
                {"id": "u2", "boundaries": [0.3, 0.1, 0.9]}
                {"id": "r3", "segments": [{"start": 0.2, "end": 0.4, "label": "sil"}]}
                """);
        Path hyp = Files.writeString(dir.resolve("hyp.jsonl"), """
                {"id": "u1", "segments": [{"start": 0.0, "end": 0.48, "label": "x"}, {"start": 0.48, "end": 1.2, "label": "y"}]}
                {"id": "u2", "boundaries": [0.9, 0.1, 0.1]}
                {"id": "h4", "boundaries": [2.0]}
                """);
        StringWriter out = new StringWriter();
        CommandLine cl = SegmonCommand.commandLine();
        cl.setOut(new PrintWriter(out));
        int rc = cl.execute("replay", "--bootstrap-servers", broker.bootstrapServers(), "--ref", ref.toString(),
                "--hyp", hyp.toString(), "--model", "asr-v7", "--tier", "word", "--json", "--unreferenced", "score-empty",
                "--hypotheses-topic", "t1.hyp", "--references-topic", "t1.ref");
        assertEquals(0, rc);

        // Hypotheses, in file order, then each one's end: u1 has labels, so its words, one message
        // each (their boundaries 0.0, 0.48, 1.2); u2 its distinct times ascending {0.1, 0.9} (0.1
        // repeated), h4 = {2.0}; then r3, present only in the reference, gets an end with no
        // boundary (its hypothesis is empty, as eval pairs it). Each end carries the duration: the
        // later of the reference's last time and the hypothesis' last boundary: u1 max(1.2, 1.2),
        // u2 max(0.9, 0.9), h4 (no reference) 2.0, r3 (no hypothesis) 0.4.
        String u1 = "{\"utterance\":\"u1\",\"model\":\"asr-v7\",\"tier\":\"word\",";
        String u2 = "{\"utterance\":\"u2\",\"model\":\"asr-v7\",\"tier\":\"word\",";
        String h4 = "{\"utterance\":\"h4\",\"model\":\"asr-v7\",\"tier\":\"word\",";
        String r3 = "{\"utterance\":\"r3\",\"model\":\"asr-v7\",\"tier\":\"word\",";
        List<String> expectedHyp = List.of(
                u1 + "\"words\":[{\"start\":0.0,\"end\":0.48,\"word\":\"x\"}]}",
                u1 + "\"words\":[{\"start\":0.48,\"end\":1.2,\"word\":\"y\"}]}", u1 + "\"end\":true,\"duration\":1.2}",
                u2 + "\"time\":0.1}", u2 + "\"time\":0.9}", u2 + "\"end\":true,\"duration\":0.9}",
                h4 + "\"time\":2.0}", h4 + "\"end\":true,\"duration\":2.0}",
                r3 + "\"end\":true,\"duration\":0.4}");
        List<ConsumerRecord<String, String>> hypRecords = KafkaTestClients.consume(broker.bootstrapServers(), "t1.hyp", 9);
        assertEquals(expectedHyp.size(), hypRecords.size());
        for (int i = 0; i < expectedHyp.size(); i++) {
            assertEquals(JSON.readTree(expectedHyp.get(i)), JSON.readTree(hypRecords.get(i).value()), "hypothesis message " + i);
            assertEquals(JSON.readTree(expectedHyp.get(i)).get("utterance").asText(), hypRecords.get(i).key(), "key = utterance id");
        }

        // References: u1 as its segments; u2 (boundaries 0.1, 0.3, 0.9) as the segments between
        // consecutive boundaries; h4, present only in the hypothesis, as an empty final reference
        // (--unreferenced score-empty; under the default, skip, it would get none).
        List<String> expectedRef = List.of(
                "{\"utterance\":\"u1\",\"tier\":\"word\",\"segments\":[{\"start\":0.0,\"end\":0.5,\"label\":\"a\"},"
                        + "{\"start\":0.5,\"end\":1.2,\"label\":\"b\"}],\"final\":true}",
                "{\"utterance\":\"u2\",\"tier\":\"word\",\"segments\":[{\"start\":0.1,\"end\":0.3,\"label\":\"\"},"
                        + "{\"start\":0.3,\"end\":0.9,\"label\":\"\"}],\"final\":true}",
                "{\"utterance\":\"h4\",\"tier\":\"word\",\"segments\":[],\"final\":true}",
                "{\"utterance\":\"r3\",\"tier\":\"word\",\"segments\":[{\"start\":0.2,\"end\":0.4,\"label\":\"sil\"}],\"final\":true}");
        List<ConsumerRecord<String, String>> refRecords = KafkaTestClients.consume(broker.bootstrapServers(), "t1.ref", 4);
        assertEquals(expectedRef.size(), refRecords.size());
        for (int i = 0; i < expectedRef.size(); i++) {
            assertEquals(JSON.readTree(expectedRef.get(i)), JSON.readTree(refRecords.get(i).value()), "reference message " + i);
            assertEquals(JSON.readTree(expectedRef.get(i)).get("utterance").asText(), refRecords.get(i).key());
        }

        // 3 boundaries + 2 words + 4 ends + 4 references over 4 paired-or-not utterances.
        JsonNode summary = JSON.readTree(out.toString());
        assertEquals(JSON.readTree("{\"utterances\":4,\"boundaries\":3,\"words\":2,\"ends\":4,\"references\":4,\"messages\":13}"), summary);
    }

    @Test
    void badInputIsOneLineAndExitTwo(@TempDir Path dir) throws Exception {
        Path ref = Files.writeString(dir.resolve("ref.jsonl"), "{\"id\": \"u1\", \"boundaries\": [0.1]}\nnot json\n");
        Path hyp = Files.writeString(dir.resolve("hyp.jsonl"), "");
        StringWriter err = new StringWriter();
        CommandLine cl = SegmonCommand.commandLine();
        cl.setErr(new PrintWriter(err));
        int rc = cl.execute("replay", "--bootstrap-servers", broker.bootstrapServers(), "--ref", ref.toString(),
                "--hyp", hyp.toString(), "--model", "m", "--references-topic", "t2.ref", "--hypotheses-topic", "t2.hyp");
        assertEquals(2, rc);
        assertEquals(1, err.toString().strip().lines().count(), err.toString());
        assertEquals(true, err.toString().startsWith(ref + ":2:"), err.toString());
    }

    @Test
    void negativeRateIsBadUsage(@TempDir Path dir) throws Exception {
        Path ref = Files.writeString(dir.resolve("ref.jsonl"), "{\"id\": \"u1\", \"boundaries\": [0.1]}\n");
        StringWriter err = new StringWriter();
        CommandLine cl = SegmonCommand.commandLine();
        cl.setErr(new PrintWriter(err));
        int rc = cl.execute("replay", "--bootstrap-servers", broker.bootstrapServers(), "--ref", ref.toString(),
                "--hyp", ref.toString(), "--model", "m", "--rate", "-1");
        assertEquals(2, rc);
        assertEquals("segmon: --rate must be a number of messages per second >= 0, not -1.0", err.toString().strip());
    }

    /**
     * Runs {@code segmon replay} with {@code args}; "rc output". Topics named in the arguments are
     * created first and waited for until they have a leader: a send racing the creation of a
     * partition on a loaded machine was answered NotLeaderOrFollower and then, on retry, with
     * OutOfOrderSequence until the delivery timeout (the replay's own creation is best effort).
     */
    static String replay(String... args) throws Exception {
        List<String> topics = new java.util.ArrayList<>();
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].endsWith("-topic")) {
                topics.add(args[i + 1]);
            }
        }
        if (!topics.isEmpty()) {
            readyTopics(topics);
        }
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = SegmonCommand.commandLine();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int rc = cl.execute(java.util.stream.Stream.concat(java.util.stream.Stream.of("replay", "--bootstrap-servers",
                broker.bootstrapServers()), java.util.Arrays.stream(args)).toArray(String[]::new));
        return rc + " " + (rc == 0 ? out : err).toString().strip();
    }

    private static void readyTopics(List<String> topics) throws Exception {
        try (Admin admin = Admin.create(Map.<String, Object>of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()))) {
            admin.createTopics(topics.stream().map(t -> new NewTopic(t, 1, (short) 1)).toList()).all().get(30, TimeUnit.SECONDS);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!led(admin, topics)) {
                assertTrue(System.nanoTime() < deadline, "no leader for " + topics + " in 30 s");
                Thread.sleep(100);
            }
        }
    }

    /** Whether every partition of {@code topics} has a leader; false while the broker does not know a new topic yet. */
    private static boolean led(Admin admin, List<String> topics) throws Exception {
        try {
            return admin.describeTopics(topics).allTopicNames().get(30, TimeUnit.SECONDS).values().stream()
                    .flatMap(d -> d.partitions().stream()).allMatch(p -> p.leader() != null && !p.leader().isEmpty());
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof org.apache.kafka.common.errors.UnknownTopicOrPartitionException) {
                return false;
            }
            throw e;
        }
    }

    @Test
    void hypothesisAloneSendsItsMessagesStampedPerUtteranceAndNoReference(@TempDir Path dir) throws Exception {
        Path hyp = Files.writeString(dir.resolve("hyp.jsonl"), """
                {"id": "u1", "boundaries": [0.9, 0.1, 0.1]}
                {"id": "u2", "segments": [{"start": 0.0, "end": 0.4, "label": "hi"}]}
                """);
        String result = replay("--hyp", hyp.toString(), "--model", "m", "--json", "--hypotheses-topic", "h1.hyp",
                "--references-topic", "h1.ref", "--start-time", "2026-11-27T08:00:00Z", "--utterance-spacing", "2.5");
        // u1: distinct times {0.1, 0.9} and an end (duration 0.9: no reference, its last boundary);
        // u2: one word and an end (duration 0.4). 5 messages, no reference.
        assertEquals("0 {\"utterances\":2,\"boundaries\":2,\"words\":1,\"ends\":2,\"references\":0,\"messages\":5}", result);
        String u1 = "{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\",";
        String u2 = "{\"utterance\":\"u2\",\"model\":\"m\",\"tier\":\"word\",";
        List<String> expected = List.of(u1 + "\"time\":0.1}", u1 + "\"time\":0.9}", u1 + "\"end\":true,\"duration\":0.9}",
                u2 + "\"words\":[{\"start\":0.0,\"end\":0.4,\"word\":\"hi\"}]}", u2 + "\"end\":true,\"duration\":0.4}");
        // u1 (utterance 0) at 08:00:00.000, u2 (utterance 1) 2.5 s later.
        List<Long> times = List.of(EIGHT_AM, EIGHT_AM, EIGHT_AM, EIGHT_AM + 2500, EIGHT_AM + 2500);
        List<ConsumerRecord<String, String>> records = KafkaTestClients.consume(broker.bootstrapServers(), "h1.hyp", 5);
        assertEquals(expected.size(), records.size());
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(JSON.readTree(expected.get(i)), JSON.readTree(records.get(i).value()), "message " + i);
            assertEquals(times.get(i), records.get(i).timestamp(), "record time of message " + i);
        }
        assertEquals(0, KafkaTestClients.consume(broker.bootstrapServers(), "h1.ref", 0).size());
    }

    @Test
    void referenceAloneNeedsNoModelAndSendsOneFinalMessagePerUtterance(@TempDir Path dir) throws Exception {
        Path ref = Files.writeString(dir.resolve("ref.jsonl"), """
                {"id": "u1", "segments": [{"start": 0.0, "end": 0.5, "label": "a"}]}
                {"id": "u2", "boundaries": [0.3, 0.1]}
                """);
        String result = replay("--ref", ref.toString(), "--json", "--hypotheses-topic", "r1.hyp",
                "--references-topic", "r1.ref", "--start-time", "1700000000000");
        assertEquals("0 {\"utterances\":2,\"boundaries\":0,\"words\":0,\"ends\":0,\"references\":2,\"messages\":2}", result);
        // u2's boundaries {0.1, 0.3} become the one segment between them; no spacing: both at the start time.
        List<String> expected = List.of(
                "{\"utterance\":\"u1\",\"tier\":\"word\",\"segments\":[{\"start\":0.0,\"end\":0.5,\"label\":\"a\"}],\"final\":true}",
                "{\"utterance\":\"u2\",\"tier\":\"word\",\"segments\":[{\"start\":0.1,\"end\":0.3,\"label\":\"\"}],\"final\":true}");
        List<ConsumerRecord<String, String>> records = KafkaTestClients.consume(broker.bootstrapServers(), "r1.ref", 2);
        assertEquals(expected.size(), records.size());
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(JSON.readTree(expected.get(i)), JSON.readTree(records.get(i).value()), "message " + i);
            assertEquals(1_700_000_000_000L, records.get(i).timestamp());
        }
        assertEquals(0, KafkaTestClients.consume(broker.bootstrapServers(), "r1.hyp", 0).size());
    }

    /**
     * The real Mandarin files one side at a time. kamper.ali has 1325 lines of A33 and 1435 of A36
     * (`awk '{c[$1]++} END {for (k in c) print k, c[k]}'`), all labelled, none an ignored label:
     * 2760 word messages and 2 ends. gold.wrd holds the same 2 files: 2 references.
     */
    @Test
    void oneSidedRealCorpusDeliversExactlyTheRecordsCountedInTheFiles() throws Exception {
        String hyp = replay("--hyp", FRAGMENTS.toString(), "--model", "kamper", "--json",
                "--hypotheses-topic", "m1.hyp", "--references-topic", "m1.ref");
        assertEquals("0 {\"utterances\":2,\"boundaries\":0,\"words\":2760,\"ends\":2,\"references\":0,\"messages\":2762}", hyp);
        assertEquals(2762, KafkaTestClients.consume(broker.bootstrapServers(), "m1.hyp", 2762).size());
        assertEquals(0, KafkaTestClients.consume(broker.bootstrapServers(), "m1.ref", 0).size());

        String ref = replay("--ref", GOLD.toString(), "--json", "--hypotheses-topic", "m2.hyp", "--references-topic", "m2.ref");
        assertEquals("0 {\"utterances\":2,\"boundaries\":0,\"words\":0,\"ends\":0,\"references\":2,\"messages\":2}", ref);
        List<ConsumerRecord<String, String>> refs = KafkaTestClients.consume(broker.bootstrapServers(), "m2.ref", 2);
        assertEquals(List.of("A33", "A36"), refs.stream().map(ConsumerRecord::key).toList());
        assertEquals(0, KafkaTestClients.consume(broker.bootstrapServers(), "m2.hyp", 0).size());
    }

    @Test
    void withoutTimeOptionsRecordsCarryTheProducersClockAtSend(@TempDir Path dir) throws Exception {
        Path ref = Files.writeString(dir.resolve("ref.jsonl"), "{\"id\": \"u1\", \"boundaries\": [0.1]}\n");
        long before = System.currentTimeMillis();
        assertEquals('0', replay("--ref", ref.toString(), "--hyp", ref.toString(), "--model", "m",
                "--hypotheses-topic", "c1.hyp", "--references-topic", "c1.ref").charAt(0));
        long after = System.currentTimeMillis();
        for (String topic : List.of("c1.hyp", "c1.ref")) {
            for (ConsumerRecord<String, String> r : KafkaTestClients.consume(broker.bootstrapServers(), topic, topic.endsWith("hyp") ? 2 : 1)) {
                assertTrue(r.timestamp() >= before && r.timestamp() <= after, topic + " " + r.timestamp());
            }
        }
    }

    @Test
    void badUsageIsOneLineAndExitTwo(@TempDir Path dir) throws Exception {
        Path ref = Files.writeString(dir.resolve("ref.jsonl"), "{\"id\": \"u1\", \"boundaries\": [0.1]}\n");
        assertEquals("2 segmon: give --ref, --hyp or both", replay("--model", "m"));
        assertEquals("2 segmon: --hyp needs --model", replay("--hyp", ref.toString()));
        assertEquals("2 segmon: --utterance-spacing must be a number of seconds >= 0, not -1.0",
                replay("--ref", ref.toString(), "--utterance-spacing", "-1"));
        String badTime = replay("--ref", ref.toString(), "--start-time", "yesterday");
        // picocli's usage error: the problem on the first line, then the pointer to --help.
        assertTrue(badTime.startsWith("2 segmon: Invalid value for option '--start-time': 'yesterday' is not a time"), badTime);
    }
}
