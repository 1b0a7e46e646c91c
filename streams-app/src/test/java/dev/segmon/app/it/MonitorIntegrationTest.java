package dev.segmon.app.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.app.Monitor;
import dev.segmon.app.config.MonitorConfig;
import dev.segmon.model.alignment.Segment;
import dev.segmon.model.alignment.Utterance;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.boundary.BoundaryScorer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The monitor on a real (in-process KRaft) broker: totals stay exact through an unclean stop
 * (kill -9 of a monitor process) and through one of two instances leaving. Expected totals come
 * from the offline {@link BoundaryScorer} on the same corpus, never from the monitor.
 */
class MonitorIntegrationTest {
    private static final Pattern SAMPLE = Pattern.compile("^(segmon_[a-z_]+)\\{([^}]*)} ([0-9.Ee+-]+)$", Pattern.MULTILINE);
    private static KafkaClusterTestKit cluster;
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    /** No test waits on one HTTP answer for longer than this (a hung endpoint fails the call, never the build). */
    static final Duration HTTP_TIMEOUT = Duration.ofSeconds(10);

    @TempDir
    Path tmp;

    @BeforeAll
    static void startBroker() throws Exception {
        // A killed instance's open transaction blocks read_committed readers until it is
        // aborted: check for timed-out transactions every second, not every 10 s.
        cluster = KraftCluster.start(java.util.Map.of("transaction.abort.timed.out.transaction.cleanup.interval.ms", "1000"));
    }

    @AfterAll
    static void stopBroker() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    /** A random corpus of complete utterances (reference final, every hypothesis ended) for two models. */
    record Corpus(List<ProducerRecord<String, String>> records, Map<String, BoundaryCounts> expected) {
    }

    private static Corpus corpus(String prefix, int utterances, long seed, String hypTopic, String refTopic) {
        Random rnd = new Random(seed);
        BoundaryScorer scorer = BoundaryScorer.builder().build();
        List<ProducerRecord<String, String>> out = new ArrayList<>();
        Map<String, BoundaryCounts> expected = new TreeMap<>();
        for (int u = 0; u < utterances; u++) {
            String id = prefix + u;
            List<Segment> segments = new ArrayList<>();
            int t = 0;
            StringBuilder ref = new StringBuilder("{\"utterance\":\"" + id + "\",\"tier\":\"word\",\"segments\":[");
            for (int i = 0; i < 1 + rnd.nextInt(6); i++) {
                int len = 50 + rnd.nextInt(300);
                segments.add(new Segment(t / 1000.0, (t + len) / 1000.0, "w"));
                ref.append(i == 0 ? "" : ",").append(String.format(Locale.ROOT, "{\"start\":%s,\"end\":%s}", t / 1000.0, (t + len) / 1000.0));
                t += len;
            }
            ref.append("],\"final\":true}");
            boolean refFirst = rnd.nextBoolean();
            if (refFirst) {
                out.add(new ProducerRecord<>(refTopic, id, ref.toString()));
            }
            for (String model : List.of("m1", "m2")) {
                double[] times = new double[rnd.nextInt(8)];
                for (int i = 0; i < times.length; i++) {
                    times[i] = (i * 250 + rnd.nextInt(30)) / 1000.0;
                    out.add(new ProducerRecord<>(hypTopic, id, "{\"utterance\":\"" + id + "\",\"model\":\"" + model
                            + "\",\"tier\":\"word\",\"time\":" + times[i] + "}"));
                }
                out.add(new ProducerRecord<>(hypTopic, id, "{\"utterance\":\"" + id + "\",\"model\":\"" + model
                        + "\",\"tier\":\"word\",\"end\":true}"));
                expected.merge(model, scorer.score(new Utterance.Segmented(id, segments), new Utterance.Marked(id, times)), BoundaryCounts::plus);
            }
            if (!refFirst) {
                out.add(new ProducerRecord<>(refTopic, id, ref.toString()));
            }
        }
        return new Corpus(out, expected);
    }

    private static MonitorConfig.Builder config(String app, Path stateDir) {
        return config(cluster.bootstrapServers(), app, stateDir);
    }

    /** An in-process monitor of {@code app} on the topics {@link #createTopics} makes. */
    static MonitorConfig.Builder config(String bootstrap, String app, Path stateDir) {
        return MonitorConfig.builder().bootstrapServers(bootstrap).applicationId(app)
                .metricsPort(0).stateDir(stateDir).expiryInterval(Duration.ofSeconds(1))
                .hypothesesTopic(app + ".hyp").referencesTopic(app + ".ref").scoresTopic(app + ".scores")
                .deadLettersTopic(app + ".dead").metricsTopic(app + ".metrics")
                .kafkaProperty("session.timeout.ms", "6000")
                .kafkaProperty("heartbeat.interval.ms", "1000");
    }

    private static void createTopics(String app, int partitions) throws Exception {
        createTopics(cluster.bootstrapServers(), app, partitions);
    }

    /** The five topics of {@code app} ({@code app.hyp}, {@code app.ref}, ...), {@code partitions} each. */
    static void createTopics(String bootstrap, String app, int partitions) throws Exception {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
            List<NewTopic> topics = new ArrayList<>();
            for (String s : List.of(".hyp", ".ref", ".scores", ".dead", ".metrics")) {
                topics.add(new NewTopic(app + s, partitions, (short) 1));
            }
            admin.createTopics(topics).all().get(30, TimeUnit.SECONDS);
        }
    }

    private static void send(List<ProducerRecord<String, String>> records) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(p, new StringSerializer(), new StringSerializer())) {
            records.forEach(producer::send);
            producer.flush();
        }
    }

    static String scrape(int port) {
        return scrape(port, HTTP_TIMEOUT);
    }

    /** The text of {@code /metrics}, or "" when nothing answers within {@code timeout}. */
    static String scrape(int port, Duration timeout) {
        try {
            return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics")).timeout(timeout).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
        } catch (Exception e) {
            return ""; // a stopped instance exports nothing
        }
    }

    static int status(int port, String path) throws Exception {
        return status(port, path, HTTP_TIMEOUT);
    }

    /** The HTTP status of {@code path}; throws (e.g. {@code HttpTimeoutException}) when nothing answers within {@code timeout}. */
    static int status(int port, String path, Duration timeout) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(timeout).build(),
                HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    /** Sum over every scrape of (hits, reference, hypothesis) per model. */
    static Map<String, BoundaryCounts> totals(List<String> scrapes) {
        Map<String, long[]> sums = new TreeMap<>();
        for (String text : scrapes) {
            Matcher m = SAMPLE.matcher(text);
            while (m.find()) {
                int which = switch (m.group(1)) {
                    case "segmon_reference_boundaries_total" -> 0;
                    case "segmon_hypothesis_boundaries_total" -> 1;
                    case "segmon_boundary_hits_total" -> 2;
                    default -> -1;
                };
                if (which >= 0) {
                    Matcher model = Pattern.compile("model=\"([^\"]*)\"").matcher(m.group(2));
                    model.find();
                    sums.computeIfAbsent(model.group(1), k -> new long[3])[which] += (long) Double.parseDouble(m.group(3));
                }
            }
        }
        Map<String, BoundaryCounts> out = new TreeMap<>();
        sums.forEach((k, v) -> out.put(k, BoundaryCounts.oneToOne(v[0], v[1], v[2])));
        return out;
    }

    static Map<String, BoundaryCounts> awaitTotals(Map<String, BoundaryCounts> expected, int... ports) throws InterruptedException {
        return awaitTotals(Duration.ofSeconds(180), expected, ports);
    }

    /** Scrapes {@code ports} until the summed totals equal {@code expected} or {@code timeout} passed; the last sum. */
    static Map<String, BoundaryCounts> awaitTotals(Duration timeout, Map<String, BoundaryCounts> expected, int... ports) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        Map<String, BoundaryCounts> seen = Map.of();
        while (System.nanoTime() < deadline) {
            List<String> scrapes = new ArrayList<>();
            for (int port : ports) {
                scrapes.add(scrape(port));
            }
            seen = totals(scrapes);
            if (seen.equals(expected)) {
                return seen;
            }
            Thread.sleep(250);
        }
        return seen;
    }

    static Map<String, BoundaryCounts> plus(Map<String, BoundaryCounts> a, Map<String, BoundaryCounts> b) {
        Map<String, BoundaryCounts> out = new TreeMap<>(a);
        b.forEach((k, v) -> out.merge(k, v, BoundaryCounts::plus));
        return out;
    }

    @Test
    void runSaysWhichTopicsAreMissingWhenItMayNotCreateThemAndExits2() {
        java.io.StringWriter err = new java.io.StringWriter();
        picocli.CommandLine cl = dev.segmon.app.cli.SegmonCommand.commandLine();
        cl.setErr(new java.io.PrintWriter(err));
        int rc = cl.execute("run", "--bootstrap-servers", cluster.bootstrapServers(), "--create-topics", "false",
                "--metrics-port", "0", "--hypotheses-topic", "nope.hyp", "--references-topic", "nope.ref",
                "--scores-topic", "nope.scores", "--dead-letters-topic", "nope.dead", "--metrics-topic", "nope.metrics");
        assertEquals(2, rc);
        assertEquals("segmon: missing topics: nope.dead, nope.hyp, nope.metrics, nope.ref, nope.scores (topic creation is off)",
                err.toString().strip());
    }

    @Test
    void totalsStayExactWhenAMonitorProcessIsKilledMidStreamAndRestarted() throws Exception {
        String app = "crash";
        createTopics(app, 2);
        Corpus first = corpus("a", 30, 1, app + ".hyp", app + ".ref");
        Corpus second = corpus("b", 30, 2, app + ".hyp", app + ".ref");
        Path state = Files.createDirectories(tmp.resolve("state"));
        send(first.records());
        // A monitor in its own JVM, through the real command line, killed with SIGKILL: no close,
        // no commit, no flush. Its state directory is reused by the next instance.
        try (SegmonProcess child = SegmonProcess.monitor(tmp.resolve("child.log"), cluster.bootstrapServers(), app, state)) {
            assertTrue(child.firstLine().contains("/metrics"), "child said: " + child.firstLine());
            assertEquals(first.expected(), awaitTotals(first.expected(), child.metricsPort()), "before the kill");
            // Send the second half and kill the process while it is (probably) processing it.
            send(second.records().subList(0, second.records().size() / 2));
            Thread.sleep(300);
            child.kill();
        }
        send(second.records().subList(second.records().size() / 2, second.records().size()));
        try (Monitor restarted = Monitor.start(config(app, state).build())) {
            Map<String, BoundaryCounts> all = plus(first.expected(), second.expected());
            assertEquals(all, awaitTotals(all, restarted.metricsPort()), "after the restart");
            Thread.sleep(1500); // and it stays there: nothing is counted twice later
            assertEquals(all, totals(List.of(scrape(restarted.metricsPort()))));
        }
    }

    @Test
    void sumOverTwoInstancesStaysExactWhenOneLeaves() throws Exception {
        String app = "pair";
        createTopics(app, 4);
        Corpus first = corpus("p", 40, 3, app + ".hyp", app + ".ref");
        Corpus second = corpus("q", 40, 4, app + ".hyp", app + ".ref");
        try (Monitor one = Monitor.start(config(app, tmp.resolve("one")).build())) {
            int leftPort;
            try (Monitor two = Monitor.start(config(app, tmp.resolve("two")).build())) {
                assertTrue(one.awaitRunning(Duration.ofSeconds(60)));
                assertTrue(two.awaitRunning(Duration.ofSeconds(60)));
                send(first.records());
                assertEquals(first.expected(), awaitTotals(first.expected(), one.metricsPort(), two.metricsPort()),
                        "sum over both instances");
                leftPort = two.metricsPort();
                assertEquals(200, status(one.metricsPort(), "/ready"));
                assertEquals(200, status(one.metricsPort(), "/health"));
                // Kafka Streams client metrics are bound once RUNNING (notes: bound earlier they miss task metrics).
                assertTrue(scrape(one.metricsPort()).contains("kafka_stream_"), "client metrics exported");
            }
            send(second.records());
            Map<String, BoundaryCounts> all = plus(first.expected(), second.expected());
            assertEquals(all, awaitTotals(all, one.metricsPort(), leftPort), "after one instance left");
        }
    }

    /**
     * docs/contract.md 3.3: with two instances, each one's /api/v1/windows answers for the whole
     * application (its own minutes plus the other's, found through application.server), and the
     * minutes summed equal the offline totals.
     */
    @Test
    void eachOfTwoInstancesAnswersWindowsForTheWholeApplication() throws Exception {
        String app = "windows";
        createTopics(app, 4);
        Corpus corpus = corpus("w", 60, 5, app + ".hyp", app + ".ref");
        try (Monitor one = Monitor.start(config(app, tmp.resolve("one")).build());
             Monitor two = Monitor.start(config(app, tmp.resolve("two")).build())) {
            assertTrue(one.awaitRunning(Duration.ofSeconds(60)));
            assertTrue(two.awaitRunning(Duration.ofSeconds(60)));
            send(corpus.records());
            assertEquals(corpus.expected(), awaitTotals(corpus.expected(), one.metricsPort(), two.metricsPort()), "sum over both instances");
            for (String model : corpus.expected().keySet()) {
                String path = "/api/v1/windows?model=" + model + "&tier=word&minutes=60";
                com.fasterxml.jackson.databind.JsonNode fromOne = JSON.readTree(get(one.metricsPort(), path));
                com.fasterxml.jackson.databind.JsonNode fromTwo = JSON.readTree(get(two.metricsPort(), path));
                assertEquals(2, fromOne.get("instances").asInt(), fromOne.toString());
                assertEquals(0, fromOne.get("unreachable").size(), fromOne.toString());
                assertEquals(fromOne.get("windows"), fromTwo.get("windows"), "both instances answer the same minutes");
                assertEquals(corpus.expected().get(model), windowSum(fromOne), model + ": the minutes add up to the offline totals");
                BoundaryCounts localOne = windowSum(JSON.readTree(get(one.metricsPort(), path + "&scope=local")));
                BoundaryCounts localTwo = windowSum(JSON.readTree(get(two.metricsPort(), path + "&scope=local")));
                assertTrue(localOne.hypothesis() > 0 && localTwo.hypothesis() > 0, "both instances hold minutes: " + localOne + " " + localTwo);
                assertEquals(corpus.expected().get(model), localOne.plus(localTwo));
            }
            // The overview: either instance answers the same rows for both; each model's row is the
            // sum of the two instances' own rows, and (every record sent moments ago, so inside the
            // last 5 minutes) equals the offline totals.
            com.fasterxml.jackson.databind.JsonNode overviewOne = JSON.readTree(get(one.metricsPort(), "/api/v1/overview"));
            com.fasterxml.jackson.databind.JsonNode overviewTwo = JSON.readTree(get(two.metricsPort(), "/api/v1/overview"));
            assertEquals(2, overviewOne.get("instances").asInt(), overviewOne.toString());
            assertEquals(overviewOne.get("rows"), overviewTwo.get("rows"), "both instances answer the same rows");
            String now = "&now=" + java.time.Instant.parse(overviewOne.get("from").asText()).plusSeconds(4 * 60).toEpochMilli();
            com.fasterxml.jackson.databind.JsonNode ownOne = JSON.readTree(get(one.metricsPort(), "/api/v1/overview?scope=local" + now));
            com.fasterxml.jackson.databind.JsonNode ownTwo = JSON.readTree(get(two.metricsPort(), "/api/v1/overview?scope=local" + now));
            for (String model : corpus.expected().keySet()) {
                BoundaryCounts merged = rowCounts(overviewOne, model);
                assertEquals(corpus.expected().get(model), merged, model + ": the overview's 5 minutes hold every record");
                assertEquals(merged, rowCounts(ownOne, model).plus(rowCounts(ownTwo, model)), model + ": the sum of the instances' own rows");
            }
            // Every model's detectors hold its scored utterances (on whichever instance owns the
            // series) and are still learning (fewer than the default 2 000): a change with no
            // measures and nothing called. The detectors' store shows them once the detection task
            // has committed (its state is written at each commit), up to two commits after the totals.
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (overviewOne.get("rows").findValues("change").stream().anyMatch(com.fasterxml.jackson.databind.JsonNode::isNull)
                    && System.nanoTime() < deadline) {
                Thread.sleep(200);
                overviewOne = JSON.readTree(get(one.metricsPort(), "/api/v1/overview"));
            }
            for (com.fasterxml.jackson.databind.JsonNode change : overviewOne.get("rows").findValues("change")) {
                assertTrue(!change.isNull() && !change.get("called").asBoolean() && change.get("measures").isEmpty(),
                        "detectors learning: " + overviewOne);
            }
        }
    }

    /** The counts of a model's row of an overview answer (zeros when the instance has no row of it). */
    private static BoundaryCounts rowCounts(com.fasterxml.jackson.databind.JsonNode overview, String model) {
        for (com.fasterxml.jackson.databind.JsonNode row : overview.get("rows")) {
            if (row.get("model").asText().equals(model) && row.get("baseline").isNull()) {
                return BoundaryCounts.oneToOne(row.get("n_ref").asLong(), row.get("n_hyp").asLong(), row.get("hits").asLong());
            }
        }
        return BoundaryCounts.ZERO;
    }

    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();

    private static BoundaryCounts windowSum(com.fasterxml.jackson.databind.JsonNode answer) {
        BoundaryCounts sum = BoundaryCounts.ZERO;
        for (com.fasterxml.jackson.databind.JsonNode w : answer.get("windows")) {
            sum = sum.plus(BoundaryCounts.oneToOne(w.get("n_ref").asLong(), w.get("n_hyp").asLong(), w.get("hits").asLong()));
        }
        return sum;
    }

    private static String get(int port, String path) throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(HTTP_TIMEOUT).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), path + ": " + r.body());
        return r.body();
    }
}
