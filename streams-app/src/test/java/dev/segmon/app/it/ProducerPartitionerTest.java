package dev.segmon.app.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.segmon.app.Monitor;
import dev.segmon.app.cli.SegmonCommand;
import dev.segmon.app.metrics.PrometheusText;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.boundary.BoundaryScorer;
import dev.segmon.model.io.ReadOptions;
import dev.segmon.model.io.UtteranceReader;
import dev.segmon.model.io.UtteranceReaders;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.internals.BuiltInPartitioner;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A recognizer in Python (confluent-kafka-python, i.e. librdkafka) sends the hypotheses and
 * {@code segmon replay} (the Java client) the references, into topics of 4 partitions, on a real
 * broker. With librdkafka's default partitioner (crc32) most utterances' two sides land on
 * different partitions: the monitor's mismatch count must say so, record for record (the expected
 * count is where librdkafka's delivery reports put each message against Kafka's own
 * {@link BuiltInPartitioner}). With {@code partitioner=murmur2_random} it stays 0 and the totals
 * equal the offline scorer's ({@code eval boundaries}) on the same files. Needs /usr/bin/python3
 * with confluent_kafka (Debian: python3-confluent-kafka): skipped without it unless
 * SEGMON_REQUIRE_TOOLS=1.
 */
class ProducerPartitionerTest {
    private static final int PARTITIONS = 4;
    private static final int UTTERANCES = 40;
    private static final String MODEL = "py";
    private static final String PYTHON = "/usr/bin/python3";
    private static final String MISMATCHES = "segmon_input_partition_mismatches_total";
    private static final String CHECKED = "segmon_input_partition_checked_total";
    @AutoClose
    private static KafkaClusterTestKit cluster;

    @TempDir
    Path tmp;

    /** Skips (or fails, under SEGMON_REQUIRE_TOOLS=1) before any broker is started when the Python client is missing. */
    @BeforeAll
    static void requireConfluentKafkaThenStartBroker() throws Exception {
        boolean present;
        try {
            Process p = new ProcessBuilder(PYTHON, "-c", "import confluent_kafka").redirectErrorStream(true).start();
            present = p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            present = false;
        }
        if (!present) {
            String why = PYTHON + " cannot import confluent_kafka (apt-get install -y python3-confluent-kafka)";
            if ("1".equals(System.getenv("SEGMON_REQUIRE_TOOLS"))) {
                fail(why + " and SEGMON_REQUIRE_TOOLS=1");
            }
            Assumptions.abort(why);
        }
        cluster = KraftCluster.start(Map.of());
    }

    @Test
    void librdkafkasDefaultPartitionerIsCountedWithinAMinute() throws Exception {
        String app = "rdkafka-default";
        Path[] files = corpus(11);
        MonitorIntegrationTest.createTopics(cluster.bootstrapServers(), app, PARTITIONS);
        try (Monitor monitor = Monitor.start(MonitorIntegrationTest.config(cluster.bootstrapServers(), app, tmp.resolve("state")).build())) {
            assertTrue(monitor.awaitRunning(Duration.ofSeconds(60)));
            replayReferences(app, files);
            List<String[]> delivered = sendHypotheses(app, files[1], "default");
            long sent = System.nanoTime();
            long expected = 0;
            List<String> metUtterances = new ArrayList<>();
            for (String[] d : delivered) {
                boolean kafkas = Integer.parseInt(d[1]) == kafkaPartition(d[0]);
                expected += kafkas ? 0 : 1;
                if (kafkas && !metUtterances.contains(d[0])) {
                    metUtterances.add(d[0]);
                }
            }
            assertTrue(expected > 0, "librdkafka's default put every key where murmur2 does: " + delivered);

            long firstSeen = -1;
            List<PrometheusText.Sample> samples = List.of();
            while (System.nanoTime() - sent < Duration.ofSeconds(60).toNanos()) {
                samples = PrometheusText.parse(monitor.scrape());
                if (firstSeen < 0 && value(samples, MISMATCHES, app + ".hyp") > 0) {
                    firstSeen = System.nanoTime();
                }
                if (value(samples, MISMATCHES, app + ".hyp") == expected && value(samples, CHECKED, app + ".hyp") == delivered.size()) {
                    break;
                }
                Thread.sleep(100);
            }
            assertTrue(firstSeen > 0, "no mismatch counted within 60 s of the traffic:\n" + monitor.scrape());
            System.out.printf("partitioner test: %d of %d hypothesis records off their murmur2 partition (%d of %d utterances on it);"
                    + " first counted %.2f s after the producer's last acknowledgement%n", expected, delivered.size(), metUtterances.size(),
                    UTTERANCES, (firstSeen - sent) / 1e9);
            assertEquals(expected, value(samples, MISMATCHES, app + ".hyp"), "every misplaced hypothesis record counted");
            assertEquals(delivered.size(), value(samples, CHECKED, app + ".hyp"), "every hypothesis record checked");
            // The references came from the Java client: all where murmur2 puts them.
            assertEquals(0, value(samples, MISMATCHES, app + ".ref"));
            assertTrue(value(samples, CHECKED, app + ".ref") >= UTTERANCES, "every reference checked");
            // The consequence: only the utterances whose hypotheses landed on the references' partition are scored.
            assertEquals(metUtterances.size(), awaitScored(monitor, metUtterances.size()), "utterances whose two sides met");
        }
    }

    @Test
    void murmur2RandomKeepsTheCountAtZeroAndTheTotalsExact() throws Exception {
        String app = "rdkafka-murmur2";
        Path[] files = corpus(12);
        BoundaryCounts offline;
        try (UtteranceReader ref = UtteranceReaders.open(files[0], ReadOptions.DEFAULT);
             UtteranceReader hyp = UtteranceReaders.open(files[1], ReadOptions.DEFAULT)) {
            offline = BoundaryScorer.builder().build().score(ref, hyp).counts();
        }
        MonitorIntegrationTest.createTopics(cluster.bootstrapServers(), app, PARTITIONS);
        try (Monitor monitor = Monitor.start(MonitorIntegrationTest.config(cluster.bootstrapServers(), app, tmp.resolve("state")).build())) {
            assertTrue(monitor.awaitRunning(Duration.ofSeconds(60)));
            replayReferences(app, files);
            List<String[]> delivered = sendHypotheses(app, files[1], "murmur2_random");
            for (String[] d : delivered) {
                assertEquals(kafkaPartition(d[0]), Integer.parseInt(d[1]), "librdkafka's murmur2_random is Kafka's partition of " + d[0]);
            }
            Map<String, BoundaryCounts> expected = Map.of(MODEL, offline);
            assertEquals(expected, MonitorIntegrationTest.awaitTotals(expected, monitor.metricsPort()), "totals equal eval boundaries");
            List<PrometheusText.Sample> samples = PrometheusText.parse(monitor.scrape());
            assertEquals(delivered.size(), value(samples, CHECKED, app + ".hyp"));
            assertEquals(0, value(samples, MISMATCHES, app + ".hyp"));
            assertTrue(value(samples, CHECKED, app + ".ref") >= UTTERANCES);
            assertEquals(0, value(samples, MISMATCHES, app + ".ref"));
        }
    }

    /** Random reference segments and hypothesis boundaries of {@link #UTTERANCES} utterances: {ref.jsonl, hyp.jsonl}. */
    private Path[] corpus(long seed) throws IOException {
        Random rnd = new Random(seed);
        StringBuilder ref = new StringBuilder();
        StringBuilder hyp = new StringBuilder();
        for (int u = 0; u < UTTERANCES; u++) {
            String id = "utt-" + seed + "-" + u;
            ref.append("{\"id\": \"").append(id).append("\", \"segments\": [");
            int t = 0;
            int words = 1 + rnd.nextInt(6);
            for (int i = 0; i < words; i++) {
                int len = 50 + rnd.nextInt(300);
                ref.append(i == 0 ? "" : ", ").append("{\"start\": ").append(t / 1000.0).append(", \"end\": ").append((t + len) / 1000.0).append('}');
                t += len;
            }
            ref.append("]}\n");
            hyp.append("{\"id\": \"").append(id).append("\", \"boundaries\": [");
            int marks = 1 + rnd.nextInt(8);
            for (int i = 0; i < marks; i++) {
                hyp.append(i == 0 ? "" : ", ").append((i * 250 + rnd.nextInt(30)) / 1000.0);
            }
            hyp.append("]}\n");
        }
        Path r = Files.writeString(tmp.resolve("ref.jsonl"), ref);
        Path h = Files.writeString(tmp.resolve("hyp.jsonl"), hyp);
        return new Path[] {r, h};
    }

    /** The references through {@code segmon replay}; its own hypothesis messages go to a topic nobody reads. */
    private static void replayReferences(String app, Path[] files) {
        assertEquals(0, SegmonCommand.execute("replay", "--bootstrap-servers", cluster.bootstrapServers(),
                "--ref", files[0].toString(), "--hyp", files[1].toString(), "--model", "unread",
                "--hypotheses-topic", app + ".unread", "--references-topic", app + ".ref"));
    }

    /** The hypotheses through the Python producer; each delivered message's {key, partition}. */
    private List<String[]> sendHypotheses(String app, Path hyp, String partitioner) throws Exception {
        Path script = Path.of(ProducerPartitionerTest.class.getResource("/partitioning/send_hypotheses.py").toURI());
        Path out = tmp.resolve("delivered-" + partitioner + ".tsv");
        Path err = tmp.resolve("python-" + partitioner + ".log");
        Process p = new ProcessBuilder(PYTHON, script.toString(), cluster.bootstrapServers(), app + ".hyp", hyp.toString(), MODEL, partitioner)
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("the Python producer did not finish in 120 s: " + Files.readString(err));
        }
        assertEquals(0, p.exitValue(), "the Python producer failed: " + Files.readString(err));
        List<String[]> delivered = new ArrayList<>();
        for (String line : Files.readAllLines(out, StandardCharsets.UTF_8)) {
            delivered.add(line.split("\t"));
        }
        assertTrue(delivered.size() > UTTERANCES, "one message per boundary and one end per utterance: " + delivered.size());
        return delivered;
    }

    private static int kafkaPartition(String key) {
        return BuiltInPartitioner.partitionForKey(key.getBytes(StandardCharsets.UTF_8), PARTITIONS);
    }

    private static long value(List<PrometheusText.Sample> samples, String name, String topic) {
        return Math.round(samples.stream().filter(s -> s.name().equals(name) && topic.equals(s.label("topic")))
                .mapToDouble(PrometheusText.Sample::value).sum());
    }

    /** Waits up to 60 s for {@code n} utterances of the model closed as scored; the last count. */
    private static long awaitScored(Monitor monitor, long n) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        long scored = 0;
        while (System.nanoTime() < deadline) {
            scored = Math.round(PrometheusText.parse(monitor.scrape()).stream()
                    .filter(s -> s.name().equals("segmon_utterances_total") && MODEL.equals(s.label("model"))
                            && "scored".equals(s.label("outcome")))
                    .mapToDouble(PrometheusText.Sample::value).sum());
            if (scored >= n) {
                return scored;
            }
            Thread.sleep(250);
        }
        return scored;
    }
}
