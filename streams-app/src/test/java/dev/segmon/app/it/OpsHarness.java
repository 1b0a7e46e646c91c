package dev.segmon.app.it;

import dev.segmon.app.cli.CliRun;
import dev.segmon.app.metrics.PrometheusText;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * What the operations scenarios ({@code *OpsTest}, docs/faults.md) share: a fleet of {@code segmon
 * run} children as the Kubernetes manifest runs them (static membership, one standby replica, a
 * fixed metrics port and state directory per instance), steady traffic from {@code segmon replay},
 * a prober that asks every live instance's {@code /health} and {@code /ready} and one live
 * instance's page and {@code /api/v1/windows} once a second, and a reader of the scores topic
 * that times each score from its reference's send and counts the scores per utterance.
 */
final class OpsHarness {
    /** Opt-in: the scenarios run minutes each, so CI's {@code mvn verify} skips them. */
    static final String ENABLED = "segmon.ops";
    static final Duration PROBE_TIMEOUT = Duration.ofSeconds(2);
    /** How long the totals may take to be exact once the traffic ended ({@code -Dsegmon.ops.exact-within-s}, default 180). */
    static final Duration EXACT_WITHIN = Duration.ofSeconds(Long.getLong("segmon.ops.exact-within-s", 180));
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(PROBE_TIMEOUT).build();
    private static final Pattern GENERATION = Pattern.compile("generationId=(\\d+)");
    private static final Pattern RESTORED = Pattern.compile("Finished restoring changelog \\S+ to store \\S+ with a total number of (\\d+) records");
    /**
     * INFO of the loggers that say which generation the consumer joined (ConsumerCoordinator),
     * what was restored (StoreChangelogReader) and the client's state changes (KafkaStreams); the
     * rest of Kafka stays at segmon's default WARN.
     */
    private static final List<String> LOGGERS = List.of(
            "-Dorg.slf4j.simpleLogger.log.org.apache.kafka.clients.consumer.internals.ConsumerCoordinator=info",
            "-Dorg.slf4j.simpleLogger.log.org.apache.kafka.streams.processor.internals.StoreChangelogReader=info",
            "-Dorg.slf4j.simpleLogger.log.org.apache.kafka.streams.KafkaStreams=info",
            "-Dorg.slf4j.simpleLogger.showDateTime=true",
            "-Dorg.slf4j.simpleLogger.dateTimeFormat=HH:mm:ss.SSS");

    private OpsHarness() {
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** {@code p}-quantile (nearest rank) of {@code values}, 0 when empty. */
    static long quantile(List<Long> values, double p) {
        if (values.isEmpty()) {
            return 0;
        }
        List<Long> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int rank = (int) Math.ceil(p * sorted.size());
        return sorted.get(Math.max(0, Math.min(sorted.size(), rank) - 1));
    }

    /** Every {@code segmon_*_total} sample of the scrapes, summed over them by name and labels. */
    static Map<String, Double> counters(List<String> scrapes) {
        Map<String, Double> sum = new TreeMap<>();
        for (String text : scrapes) {
            for (PrometheusText.Sample s : PrometheusText.parse(text)) {
                if (s.name().startsWith("segmon_") && s.name().endsWith("_total")) {
                    sum.merge(s.name() + new TreeMap<>(s.labels()), s.value(), Double::sum);
                }
            }
        }
        return sum;
    }

    /** The group's state, epoch (when the broker reports one) and members as the Admin client describes them. */
    static String describeGroup(String bootstrap, String group) {
        try {
            ConsumerGroupDescription d = group(bootstrap, group);
            Map<String, String> members = new TreeMap<>();
            for (MemberDescription m : d.members()) {
                members.put(m.groupInstanceId().orElse("-"), m.consumerId().replaceAll("^.*-", "…")
                        + "/" + m.assignment().topicPartitions().size() + "p");
            }
            return "type=" + d.type() + " state=" + d.groupState() + " groupEpoch=" + d.groupEpoch().map(String::valueOf).orElse("n/a")
                    + " members=" + members;
        } catch (Exception e) {
            return "describe failed: " + e;
        }
    }

    /** The group as the Admin client describes it. */
    static ConsumerGroupDescription group(String bootstrap, String group) throws Exception {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
            return admin.describeConsumerGroups(List.of(group)).all().get(10, TimeUnit.SECONDS).get(group);
        }
    }

    /** The generation ids the instance's consumer joined, in order, from its log (the client's INFO line). */
    static List<Integer> generations(Path log) {
        List<Integer> out = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
                if (line.contains("Successfully joined group")) {
                    Matcher m = GENERATION.matcher(line);
                    if (m.find()) {
                        out.add(Integer.parseInt(m.group(1)));
                    }
                }
            }
        } catch (IOException e) {
            // no log yet
        }
        return out;
    }

    /** Changelog records restored, summed per start of the instance (its log's "Finished restoring" lines between starts). */
    static List<Long> restoredPerStart(Path log) {
        List<Long> out = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
                if (line.contains("State transition from CREATED")) {
                    out.add(0L);
                }
                Matcher m = RESTORED.matcher(line);
                if (m.find() && !out.isEmpty()) {
                    out.set(out.size() - 1, out.get(out.size() - 1) + Long.parseLong(m.group(1)));
                }
            }
        } catch (IOException e) {
            // no log yet
        }
        return out;
    }

    /**
     * One scenario's set-up: the shared broker, topics of 6 partitions for {@code app}, a corpus of
     * {@code rate x seconds} replay messages and its {@code eval boundaries} totals, the fleet; once
     * {@link #begin}: the score reader, the prober, the input-rate sampler and the traffic.
     */
    static final class Scenario implements AutoCloseable {
        final String bootstrap;
        final String direct;
        final String app;
        final FaultCorpus corpus;
        final FaultCorpus.Offline offline;
        final Map<String, dev.segmon.model.boundary.BoundaryCounts> expected;
        final Fleet fleet;
        final long rate;
        ScoreWatcher scores;
        Prober prober;
        InputRate input;
        Traffic traffic;
        /** Whether {@link #endAndCheck} asserts that the page and the windows API answered every second. */
        boolean pageEverySecond = true;

        Scenario(Path tmp, String app, long rate, long seconds, long seed) throws Exception {
            this(tmp, app, SegmonProcess.sharedBroker().bootstrapServers(), null, rate, seconds, seed);
        }

        /**
         * On a broker of the scenario's own: the fleet bootstraps on {@code bootstrap}; the topics,
         * the traffic and the test's readers on {@code direct} (null: the same), e.g. a listener
         * that bypasses the proxy the fleet goes through. {@code -Dsegmon.ops.words=MIN-MAX} (default
         * 5-64) sets the corpus's words per utterance.
         */
        Scenario(Path tmp, String app, String bootstrap, String direct, long rate, long seconds, long seed) throws Exception {
            this.bootstrap = bootstrap;
            this.direct = direct != null ? direct : bootstrap;
            this.app = app;
            this.rate = rate;
            MonitorIntegrationTest.createTopics(this.direct, app, 6);
            String[] words = System.getProperty("segmon.ops.words", "5-64").split("-");
            this.corpus = FaultCorpus.write(tmp.resolve("corpus"), app, rate * seconds, seed,
                    Integer.parseInt(words[0]), Integer.parseInt(words[1]));
            this.offline = corpus.offline();
            this.expected = Map.of("m", offline.counts());
            this.fleet = new Fleet(bootstrap, app, tmp);
        }

        /** Starts the score reader, the prober, the input-rate sampler and the traffic ({@code replayExtra}: more replay options). */
        void begin(String... replayExtra) {
            scores = new ScoreWatcher(direct, app + ".scores");
            prober = new Prober(fleet, "m", "word");
            input = new InputRate(direct, app);
            traffic = new Traffic(corpus, direct, app, rate, replayExtra);
        }

        /**
         * Once the traffic has ended: waits for the exact totals (3 min) and a score per utterance
         * (30 s more), stops the prober, prints what every scenario measures and asserts what every
         * scenario promises: the summed counters equal {@code eval boundaries}, every utterance
         * scored once (counter and scores topic), no dead letter, every probe answered within 2 s,
         * the page and windows answered every second. Returns the live instances' last scrapes.
         */
        List<String> endAndCheck() throws InterruptedException {
            String sent = traffic.finish();
            Map<String, dev.segmon.model.boundary.BoundaryCounts> sum =
                    MonitorIntegrationTest.awaitTotals(EXACT_WITHIN, expected, fleet.livePorts());
            long exactAfter = System.currentTimeMillis() - traffic.endMs;
            for (long t = System.nanoTime(); scores.scores() < offline.utterances() && System.nanoTime() - t < 30_000_000_000L; ) {
                Thread.sleep(200);
            }
            Thread.sleep(2_000);
            prober.close();
            List<String> texts = fleet.scrapeLive();
            System.out.println(sent + "; " + input.between(traffic.startMs, traffic.endMs));
            System.out.println("exact " + exactAfter + " ms after the replay ended: " + sum + " (eval boundaries: " + offline + ")");
            System.out.println("reference sent -> score read, whole run: " + ScoreWatcher.describe(scores.between(0, Long.MAX_VALUE)));
            System.out.println(prober.summary());
            synchronized (prober.slowNotes) {
                System.out.println("probes slower than 1 s or not 200 (" + prober.slowNotes.size() + "): "
                        + prober.slowNotes.subList(0, Math.min(60, prober.slowNotes.size())));
            }
            System.out.println("page+windows misses: " + prober.missNotes.subList(0, Math.min(30, prober.missNotes.size()))
                    + "; scores read again at an offset already read (not counted): " + scores.reread);
            for (Instance i : fleet.all.values()) {
                System.out.println(i.name + ": spawn to /ready (ms) " + i.readyMs + "; generations joined " + generations(i.log)
                        + "; changelog records restored per process " + restoredPerStart(i.log));
            }
            org.junit.jupiter.api.Assertions.assertEquals(expected, sum, "summed counters equal eval boundaries");
            long scored = 0;
            long dead = 0;
            for (String text : texts) {
                scored += Scrapes.sum(text, "segmon_utterances_total", "outcome", "scored");
                dead += Scrapes.sum(text, "segmon_dead_letters_total", null, null);
            }
            org.junit.jupiter.api.Assertions.assertEquals(offline.utterances(), scored, "every utterance scored (counter)");
            org.junit.jupiter.api.Assertions.assertEquals(0, dead, "no dead letter (a record processed twice would be one)");
            org.junit.jupiter.api.Assertions.assertEquals(offline.utterances(), scores.perUtterance.size(), "every utterance has a score record");
            org.junit.jupiter.api.Assertions.assertEquals(0, scores.scoredTwice(), "no utterance scored twice (scores topic, read_committed)");
            org.junit.jupiter.api.Assertions.assertTrue(prober.probeMs.stream().allMatch(ms -> ms < 2_000),
                    "every probe answered within 2 s: " + prober.summary());
            if (pageEverySecond) {
                org.junit.jupiter.api.Assertions.assertEquals(0, prober.pageMisses, "page and windows answered every second: " + prober.missNotes);
            }
            return texts;
        }

        @Override
        public void close() throws InterruptedException {
            for (AutoCloseable c : new AutoCloseable[] {prober, input, scores}) {
                if (c != null) {
                    try {
                        c.close();
                    } catch (Exception e) {
                        // closing what is left
                    }
                }
            }
            fleet.close();
        }
    }

    /** One {@code segmon run} of the fleet: a name (its {@code group.instance.id}), a fixed port and state directory. */
    static final class Instance {
        final String name;
        final int port;
        final Path stateDir;
        final Path log;
        SegmonProcess process;
        /** Spawn to {@code /ready} 200, per start, ms. */
        final List<Long> readyMs = new ArrayList<>();

        Instance(String name, int port, Path stateDir, Path log) {
            this.name = name;
            this.port = port;
            this.stateDir = stateDir;
            this.log = log;
        }
    }

    /** Instances of one application id; {@link #live} is what the prober asks. */
    static final class Fleet implements AutoCloseable {
        final String bootstrap;
        final String app;
        final Path dir;
        final Map<String, Instance> all = new LinkedHashMap<>();
        final Map<String, Integer> live = new ConcurrentHashMap<>();

        Fleet(String bootstrap, String app, Path dir) {
            this.bootstrap = bootstrap;
            this.app = app;
            this.dir = dir;
        }

        /** Starts (or restarts, on its own state directory and port) instance {@code name}; returns at once. */
        Instance spawn(String name) throws IOException {
            Instance i = reserve(name);
            List<String> args = SegmonProcess.runArgs(bootstrap, app, i.stateDir, i.port);
            // Its own detection topic: applications on one broker must not share the default one.
            args.addAll(List.of("--detection-topic", app + ".detection",
                    "--kafka", "num.standby.replicas=1", "--kafka", "group.instance.id=" + name));
            long t = System.nanoTime();
            i.process = SegmonProcess.start(i.log, LOGGERS, args);
            live.put(name, i.port);
            i.readyMs.add(-t); // completed by awaitReady
            return i;
        }

        /** Instance {@code name}, made (its port and state directory chosen) but not started if it is new. */
        Instance reserve(String name) throws IOException {
            Instance i = all.get(name);
            if (i == null) {
                i = new Instance(name, freePort(), dir.resolve(name), dir.resolve(name + ".log"));
                all.put(name, i);
            }
            return i;
        }

        /** Starts instance {@code name} and waits for {@code /ready} 200; the spawn-to-ready time, ms. */
        long start(String name) throws Exception {
            Instance i = spawn(name);
            return awaitReady(i);
        }

        long awaitReady(Instance i) throws InterruptedException {
            Scrapes.awaitReady(i.port);
            int last = i.readyMs.size() - 1;
            long ms = (System.nanoTime() + i.readyMs.get(last)) / 1_000_000;
            i.readyMs.set(last, ms);
            return ms;
        }

        /** SIGTERM, and wait until the process is gone (it leaves the prober's list first). */
        void stop(String name) throws InterruptedException {
            live.remove(name);
            all.get(name).process.stop();
        }

        List<String> scrapeLive() {
            List<String> out = new ArrayList<>();
            for (int port : live.values()) {
                out.add(MonitorIntegrationTest.scrape(port));
            }
            return out;
        }

        int[] livePorts() {
            return live.values().stream().mapToInt(Integer::intValue).toArray();
        }

        /** Kills what is still running and keeps the logs in {@code target/ops-logs/APP/} (the temporary directory goes). */
        @Override
        public void close() throws InterruptedException {
            Path keep = Path.of("target", "ops-logs", app);
            for (Instance i : all.values()) {
                if (i.process != null) {
                    i.process.close();
                }
                try {
                    Files.createDirectories(keep);
                    Files.copy(i.log, keep.resolve(i.log.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                } catch (IOException e) {
                    // the figures were printed; the log is a convenience
                }
            }
        }
    }

    /**
     * Once a second: {@code /health} and {@code /ready} of every live instance (each timed, 2 s
     * timeout), then {@code /} and {@code /api/v1/windows} of the first live instance that answers
     * both with 200 (a second in which none does is a miss).
     */
    static final class Prober implements AutoCloseable {
        private final Fleet fleet;
        private final String windowsQuery;
        private final Thread thread;
        private volatile boolean running = true;
        final List<Long> probeMs = Collections.synchronizedList(new ArrayList<>());
        final Map<String, Integer> outcomes = new ConcurrentHashMap<>();
        int pageSeconds;
        int pageMisses;
        final List<String> missNotes = Collections.synchronizedList(new ArrayList<>());
        /** Probes that took 1 s or more or did not answer 200, with the time. */
        final List<String> slowNotes = Collections.synchronizedList(new ArrayList<>());

        Prober(Fleet fleet, String model, String tier) {
            this.fleet = fleet;
            this.windowsQuery = "/api/v1/windows?model=" + model + "&tier=" + tier + "&minutes=10";
            this.thread = new Thread(this::loop, "ops-prober");
            thread.setDaemon(true);
            thread.start();
        }

        private void loop() {
            while (running) {
                long t0 = System.nanoTime();
                Map<String, Integer> ports = new HashMap<>(fleet.live);
                for (Map.Entry<String, Integer> e : ports.entrySet()) {
                    for (String path : List.of("/health", "/ready")) {
                        long t = System.nanoTime();
                        String outcome;
                        try {
                            outcome = path + " " + get(e.getValue(), path);
                        } catch (Exception x) {
                            outcome = path + " " + x.getClass().getSimpleName();
                        }
                        long ms = (System.nanoTime() - t) / 1_000_000;
                        probeMs.add(ms);
                        outcomes.merge(outcome, 1, Integer::sum);
                        if (ms >= 1_000 || !outcome.endsWith(" 200")) {
                            slowNotes.add(java.time.Instant.now() + " " + e.getKey() + " " + outcome + " " + ms + " ms");
                        }
                    }
                }
                boolean served = false;
                for (int port : ports.values()) {
                    try {
                        if (get(port, "/") == 200 && get(port, windowsQuery) == 200) {
                            served = true;
                            break;
                        }
                    } catch (Exception x) {
                        // the next instance
                    }
                }
                pageSeconds++;
                if (!served) {
                    pageMisses++;
                    missNotes.add(java.time.Instant.now() + " live=" + ports.keySet());
                }
                long sleep = 1_000 - (System.nanoTime() - t0) / 1_000_000;
                if (sleep > 0) {
                    try {
                        Thread.sleep(sleep);
                    } catch (InterruptedException x) {
                        return;
                    }
                }
            }
        }

        private static int get(int port, String path) throws Exception {
            return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(PROBE_TIMEOUT).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode();
        }

        String summary() {
            List<Long> ms;
            synchronized (probeMs) {
                ms = new ArrayList<>(probeMs);
            }
            return String.format("probes %d: p50 %d ms, p99 %d ms, max %d ms; outcomes %s; page+windows answered %d of %d s",
                    ms.size(), quantile(ms, 0.5), quantile(ms, 0.99), ms.stream().mapToLong(Long::longValue).max().orElse(0),
                    new TreeMap<>(outcomes), pageSeconds - pageMisses, pageSeconds);
        }

        @Override
        public void close() throws InterruptedException {
            running = false;
            thread.interrupt();
            thread.join(5_000);
        }
    }

    /**
     * Reads the scores topic (read_committed, from the start): for each score, the time from its
     * record timestamp (the reference's send: a score carries the timestamp of the record that
     * closed the utterance, here the reference, which replay sends last) to the moment this reader
     * got it; and how many scores each utterance got.
     */
    static final class ScoreWatcher implements AutoCloseable {
        private final Thread thread;
        private volatile boolean running = true;
        final Map<String, Integer> perUtterance = new ConcurrentHashMap<>();
        /** Records this reader got again at an offset it had already read (not counted as scores). */
        volatile long reread;
        /** (wall ms seen, latency ms) of every score. */
        final List<long[]> latencies = Collections.synchronizedList(new ArrayList<>());

        ScoreWatcher(String bootstrap, String topic) {
            Properties p = new Properties();
            p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
            p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
            p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
            KafkaConsumer<String, String> consumer = new KafkaConsumer<>(p, new StringDeserializer(), new StringDeserializer());
            // Assigned, not subscribed: a group of its own would rebalance when the broker comes
            // back from an outage, and without committed offsets read everything again from the start.
            List<org.apache.kafka.common.TopicPartition> parts = new ArrayList<>();
            consumer.partitionsFor(topic).forEach(i -> parts.add(new org.apache.kafka.common.TopicPartition(topic, i.partition())));
            consumer.assign(parts);
            consumer.seekToBeginning(parts);
            Map<Integer, Long> next = new HashMap<>();
            thread = new Thread(() -> {
                try (consumer) {
                    while (running) {
                        try {
                            for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(200))) {
                                if (r.offset() < next.getOrDefault(r.partition(), 0L)) {
                                    reread++; // the same record again: no second score
                                    continue;
                                }
                                next.put(r.partition(), r.offset() + 1);
                                long now = System.currentTimeMillis();
                                latencies.add(new long[] {now, now - r.timestamp()});
                                perUtterance.merge(r.key(), 1, Integer::sum);
                            }
                        } catch (org.apache.kafka.common.errors.RetriableException e) {
                            // the broker away (an outage scenario): poll again
                        }
                    }
                }
            }, "ops-scores");
            thread.setDaemon(true);
            thread.start();
        }

        long scores() {
            return perUtterance.values().stream().mapToLong(Integer::longValue).sum();
        }

        long scoredTwice() {
            return perUtterance.values().stream().filter(n -> n > 1).count();
        }

        /** Latencies of the scores seen between the two wall-clock times (ms). */
        List<Long> between(long fromMs, long toMs) {
            List<Long> out = new ArrayList<>();
            synchronized (latencies) {
                for (long[] l : latencies) {
                    if (l[0] >= fromMs && l[0] <= toMs) {
                        out.add(l[1]);
                    }
                }
            }
            return out;
        }

        static String describe(List<Long> ms) {
            return String.format("%d scores, p50 %d ms, p99 %d ms, max %d ms", ms.size(), quantile(ms, 0.5), quantile(ms, 0.99),
                    ms.stream().mapToLong(Long::longValue).max().orElse(0));
        }

        @Override
        public void close() throws InterruptedException {
            running = false;
            thread.join(5_000);
        }
    }

    /**
     * Every 5 s, the summed end offsets of the input topics ({@code app.hyp}, {@code app.ref}):
     * what the producer really wrote, to show the rate held over the whole scenario.
     */
    static final class InputRate implements AutoCloseable {
        private final Thread thread;
        private volatile boolean running = true;
        /** (wall ms, records in the input topics). */
        final List<long[]> samples = Collections.synchronizedList(new ArrayList<>());

        InputRate(String bootstrap, String app) {
            Properties p = new Properties();
            p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
            KafkaConsumer<String, String> consumer = new KafkaConsumer<>(p, new StringDeserializer(), new StringDeserializer());
            List<org.apache.kafka.common.TopicPartition> parts = new ArrayList<>();
            for (String t : List.of(app + ".hyp", app + ".ref")) {
                consumer.partitionsFor(t).forEach(i -> parts.add(new org.apache.kafka.common.TopicPartition(t, i.partition())));
            }
            thread = new Thread(() -> {
                try (consumer) {
                    while (running) {
                        try {
                            long n = consumer.endOffsets(parts).values().stream().mapToLong(Long::longValue).sum();
                            samples.add(new long[] {System.currentTimeMillis(), n});
                        } catch (org.apache.kafka.common.KafkaException e) {
                            // the broker away (an outage scenario): no sample this time
                        }
                        try {
                            Thread.sleep(5_000);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                }
            }, "ops-input-rate");
            thread.setDaemon(true);
            thread.start();
        }

        /** Records per second over each 5 s step between the two wall times: "min X, mean Y". */
        String between(long fromMs, long toMs) {
            List<long[]> in = new ArrayList<>();
            synchronized (samples) {
                for (long[] s : samples) {
                    if (s[0] >= fromMs && s[0] <= toMs) {
                        in.add(s);
                    }
                }
            }
            if (in.size() < 2) {
                return "(too few samples)";
            }
            double min = Double.MAX_VALUE;
            for (int k = 1; k < in.size(); k++) {
                min = Math.min(min, (in.get(k)[1] - in.get(k - 1)[1]) * 1000.0 / (in.get(k)[0] - in.get(k - 1)[0]));
            }
            long[] a = in.get(0);
            long[] b = in.get(in.size() - 1);
            return String.format("input records/s over %d s: min %.0f (5 s steps), mean %.0f", (b[0] - a[0]) / 1000, min,
                    (b[1] - a[1]) * 1000.0 / (b[0] - a[0]));
        }

        @Override
        public void close() throws InterruptedException {
            running = false;
            thread.interrupt();
            thread.join(5_000);
        }
    }

    /** {@code segmon replay} of the corpus at {@code rate} messages/s in the background; the send's start and end. */
    static final class Traffic {
        final CompletableFuture<CliRun> run;
        final long startMs = System.currentTimeMillis();
        volatile long endMs;

        Traffic(FaultCorpus corpus, String bootstrap, String app, long rate, String... extra) {
            List<String> args = new ArrayList<>(List.of("--rate", Long.toString(rate)));
            args.addAll(List.of(extra));
            run = CompletableFuture.supplyAsync(() -> {
                CliRun r = corpus.replay(bootstrap, app, "m", args.toArray(String[]::new));
                endMs = System.currentTimeMillis();
                return r;
            });
        }

        /** Waits for the replay's end (it must exit 0); a line with what it sent and its rate. */
        String finish() {
            CliRun r = run.join();
            if (r.exit() != 0) {
                throw new AssertionError("replay exited " + r.exit() + ": " + r.err());
            }
            long messages = r.json().get("messages").asLong();
            double s = (endMs - startMs) / 1000.0;
            return String.format("replay sent %d messages in %.1f s: %.0f messages/s", messages, s, messages / s);
        }
    }
}
