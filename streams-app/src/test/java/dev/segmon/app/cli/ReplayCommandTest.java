package dev.segmon.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.segmon.app.broker.EmbeddedBroker;
import dev.segmon.app.broker.KafkaTestClients;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code segmon replay} against a real (embedded, ephemeral-port) broker, read back with a plain consumer. */
class ReplayCommandTest {
    static final ObjectMapper JSON = new ObjectMapper();
    static EmbeddedBroker broker;

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
                "--hyp", hyp.toString(), "--model", "asr-v7", "--tier", "word", "--json",
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
        // consecutive boundaries; h4, present only in the hypothesis, as an empty final reference.
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
}
