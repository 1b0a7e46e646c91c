package dev.segmon.app.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.model.boundary.BoundaryCounts;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * Operations scenarios "long outages" (docs/faults.md, scenarios 8-10): one {@code segmon run}
 * instance (the fleet's settings: static membership, one standby replica, the shipped defaults
 * otherwise) on a {@code segmon broker} of the scenario's own, steady traffic from {@code segmon
 * replay}, and then
 * <ul>
 * <li>{@link #brokerStoppedMidStream}: the broker stopped (SIGTERM) for {@code
 * -Dsegmon.ops.outage-ms} (default 10 min) and started again on the same port and data;</li>
 * <li>{@link #networkBlackholeMidStream}: the monitor's connections blackholed for {@code
 * -Dsegmon.ops.blackhole-ms} (default 90 s) by a {@link BlackholeProxy} the broker advertises
 * (packets dropped, not refused); the traffic goes on meanwhile through the broker's direct
 * listener;</li>
 * <li>{@link #monitorStartedWhileTheBrokerIsDown}: the broker stopped for {@code
 * -Dsegmon.ops.start-down-ms} (default 2 min) and the monitor started meanwhile; the test plays its
 * supervisor (restarting it after an exit with Kubernetes' crash-loop back-off: 10 s, doubling).</li>
 * </ul>
 * Asserted in the first two: the same process recovers by itself (stream-thread replacements
 * counted, allowed); {@code segmon_broker_contact_age_seconds} passes 30 s within 60 s of the fault
 * and is below 10 s again within 60 s of the repair; the totals equal {@code eval boundaries}
 * within 120 s of the repair; and, in all three, what every operations scenario asserts
 * ({@link OpsHarness.Scenario#endAndCheck}): every utterance scored once, no dead letter, every
 * probe answered within 2 s. Printed: those timings, the probes' p99 and max, the replacements.
 *
 * <p>Opt-in ({@code -Dsegmon.ops=true}); {@code -Dsegmon.ops.outage-rate} (default 1 000 messages/s)
 * sets the traffic. The producer gets {@code max.block.ms} and {@code delivery.timeout.ms} of the
 * outage plus 5 min, so that it buffers and retries through it (the test's sender, not the monitor).
 */
@EnabledIfSystemProperty(named = OpsHarness.ENABLED, matches = "true")
class OutageOpsTest {
    /** Traffic before the fault and after the repair, seconds. */
    private static final long BEFORE_S = 60;
    private static final long AFTER_S = 30;
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(OpsHarness.PROBE_TIMEOUT).build();

    @TempDir
    Path tmp;

    private final long rate = Long.getLong("segmon.ops.outage-rate", 1_000);

    @Test
    @Timeout(value = 60, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void brokerStoppedMidStream() throws Exception {
        long outageMs = Long.getLong("segmon.ops.outage-ms", 600_000);
        Broker brokerOn = Broker.of(tmp);
        SegmonProcess broker = brokerOn.start();
        String app = "stop" + outageMs / 1000;
        try {
            runOutage(app, broker.bootstrapServers(), null, outageMs, new Fault() {
                SegmonProcess current = broker;

                @Override
                public String inject() throws InterruptedException {
                    long t = System.nanoTime();
                    current.stop();
                    return "broker stopped (SIGTERM), gone after " + (System.nanoTime() - t) / 1_000_000 + " ms";
                }

                @Override
                public String repair() {
                    long t = System.nanoTime();
                    current = brokerOn.start();
                    return "broker started again on the same port and data, first line after " + (System.nanoTime() - t) / 1_000_000 + " ms";
                }

                @Override
                public void close() throws InterruptedException {
                    current.stop();
                }
            });
        } finally {
            keep(app, brokerOn.log);
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void networkBlackholeMidStream() throws Exception {
        long outageMs = Long.getLong("segmon.ops.blackhole-ms", 90_000);
        int port = OpsHarness.freePort();
        int directPort = OpsHarness.freePort();
        String app = "hole" + outageMs / 1000;
        try (BlackholeProxy proxy = new BlackholeProxy(0, port)) {
            Broker brokerOn = Broker.of(tmp, port, "--advertised-port", Integer.toString(proxy.port()), "--direct-port", Integer.toString(directPort));
            Path brokerLog = brokerOn.log;
            SegmonProcess broker = brokerOn.start();
            String line = broker.firstLine();
            assertEquals("bootstrap.servers=127.0.0.1:" + proxy.port() + " direct=127.0.0.1:" + directPort, line);
            try {
                runOutage(app, "127.0.0.1:" + proxy.port(), "127.0.0.1:" + directPort, outageMs, new Fault() {
                    @Override
                    public String inject() {
                        proxy.blackhole(true);
                        return "blackhole on (" + proxy.accepted.get() + " connections accepted so far)";
                    }

                    @Override
                    public String repair() {
                        proxy.blackhole(false);
                        return "blackhole off (" + proxy.accepted.get() + " connections accepted so far)";
                    }

                    @Override
                    public void close() {
                    }
                });
            } finally {
                broker.stop();
                keep(app, brokerLog);
            }
        }
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void monitorStartedWhileTheBrokerIsDown() throws Exception {
        long downMs = Long.getLong("segmon.ops.start-down-ms", 120_000);
        Broker brokerOn = Broker.of(tmp);
        Path brokerLog = brokerOn.log;
        SegmonProcess broker = brokerOn.start();
        String app = "cold" + downMs / 1000;
        Report out = new Report(app);
        try (OpsHarness.Scenario sc = new OpsHarness.Scenario(tmp, app, broker.bootstrapServers(), null, rate, downMs / 1000 + 70, 31)) {
            sc.pageEverySecond = false;
            long blockMs = downMs + 300_000;
            // Records in the topics before the outage, and the producer buffering through it.
            sc.traffic = new OpsHarness.Traffic(sc.corpus, sc.direct, app, rate, producerFor(blockMs));
            Thread.sleep(10_000);
            long t = System.nanoTime();
            broker.stop();
            long faultMs = System.currentTimeMillis();
            out.line("broker stopped (SIGTERM), gone after %d ms; the monitor starts now, the broker is down for %d s", (System.nanoTime() - t) / 1_000_000, downMs / 1000);
            // The supervisor: start; after an exit, wait (10 s, doubling, at most 5 min: Kubernetes' crash-loop back-off) and start again.
            OpsHarness.Fleet fleet = sc.fleet;
            OpsHarness.Instance instance = fleet.reserve("segmon-0");
            // Probed from now on, also while a start is checking the topics (its port is open then).
            fleet.live.put(instance.name, instance.port);
            sc.prober = new OpsHarness.Prober(fleet, "m", "word");
            List<String> attempts = Collections.synchronizedList(new ArrayList<>());
            long[] upAt = {0};
            Thread supervisor = new Thread(() -> {
                long backoffMs = 10_000;
                while (true) {
                    long spawn = System.currentTimeMillis();
                    try {
                        fleet.spawn("segmon-0");
                        upAt[0] = System.currentTimeMillis();
                        attempts.add(String.format("start at +%.1f s: up (metrics port open, topics checked) at +%.1f s",
                                (spawn - faultMs) / 1000.0, (upAt[0] - faultMs) / 1000.0));
                        return;
                    } catch (IllegalStateException | IOException e) {
                        java.util.regex.Matcher exit = java.util.regex.Pattern.compile("exited (\\d+)").matcher(String.valueOf(e.getMessage()));
                        String said = SegmonProcess.tail(instance.log, 200).lines().filter(l -> l.startsWith("segmon: "))
                                .reduce((a, b) -> b).orElse("(no line of its own)");
                        attempts.add(String.format("start at +%.1f s: exited %s at +%.1f s (\"%s\"); supervisor restarts it in %d s",
                                (spawn - faultMs) / 1000.0, exit.find() ? exit.group(1) : "?", (System.currentTimeMillis() - faultMs) / 1000.0,
                                said, backoffMs / 1000));
                    }
                    try {
                        Thread.sleep(backoffMs);
                    } catch (InterruptedException e) {
                        return;
                    }
                    backoffMs = Math.min(300_000, backoffMs * 2);
                }
            }, "supervisor");
            supervisor.setDaemon(true);
            supervisor.start();
            Thread.sleep(Math.max(0, downMs - (System.currentTimeMillis() - faultMs)));
            t = System.nanoTime();
            broker = brokerOn.start();
            long backMs = System.currentTimeMillis();
            out.line("broker started again after %d s down; first line after %d ms", (backMs - faultMs) / 1000, (System.nanoTime() - t) / 1_000_000);
            supervisor.join(600_000);
            assertTrue(upAt[0] > 0, "the monitor came up (attempts: " + attempts + ")");
            long readyMs = fleet.awaitReady(instance);
            long readyAt = System.currentTimeMillis();
            attempts.forEach(a -> out.line("  %s", a));
            out.line("monitor ready (/ready 200, RUNNING) %.1f s after the broker's return (%d ms after its last start); %d exit(s) before",
                    (readyAt - backMs) / 1000.0, readyMs, attempts.size() - 1);
            sc.scores = new OpsHarness.ScoreWatcher(sc.direct, app + ".scores");
            sc.input = new OpsHarness.InputRate(sc.direct, app);
            sc.endAndCheck();
            out.line("%s", sc.prober.summary());
            out.line("exact totals %s; every utterance scored once; no dead letter", sc.expected);
            assertTrue(readyAt - backMs <= 60_000 || attempts.size() > 1,
                    "RUNNING within 60 s of the broker's return, or it exited and its supervisor brought it back");
        } finally {
            broker.stop();
            keep(app, brokerLog);
        }
    }

    /** A {@code segmon broker} of the test's own: a fixed port and a kept data directory, so that it starts again as it was. */
    private record Broker(List<String> args, Path log) {
        static Broker of(Path tmp) throws IOException {
            return of(tmp, OpsHarness.freePort());
        }

        static Broker of(Path tmp, int port, String... extra) {
            List<String> args = new ArrayList<>(List.of("broker", "--port", Integer.toString(port), "--data-dir", tmp.resolve("broker").toString()));
            args.addAll(List.of(extra));
            return new Broker(args, tmp.resolve("broker.log"));
        }

        SegmonProcess start() {
            return SegmonProcess.start(log, args);
        }
    }

    /** What breaks the monitor's contact with the cluster, and what mends it; each returns a line for the report. */
    private interface Fault extends AutoCloseable {
        String inject() throws Exception;

        String repair() throws Exception;
    }

    private void runOutage(String app, String bootstrap, String direct, long outageMs, Fault fault) throws Exception {
        Report out = new Report(app);
        long seconds = BEFORE_S + outageMs / 1000 + AFTER_S;
        try (fault; OpsHarness.Scenario sc = new OpsHarness.Scenario(tmp, app, bootstrap, direct, rate, seconds, 29)) {
            // Page and windows read the stores, which wait while a flush waits for the broker: reported, not asserted.
            sc.pageEverySecond = false;
            OpsHarness.Fleet fleet = sc.fleet;
            out.line("segmon-0: first start, ready after %d ms", fleet.start("segmon-0"));
            OpsHarness.Instance instance = fleet.all.get("segmon-0");
            ContactWatcher contact = new ContactWatcher(instance.port);
            sc.begin(producerFor(outageMs + 300_000));
            Thread.sleep(BEFORE_S * 1000);
            BoundaryCounts before = Scrapes.counts(instance.port);
            assertTrue(before.hypothesis() > 0, "the monitor scoring before the fault");
            long faultAt = System.currentTimeMillis();
            out.line("fault at %s: %s; %d of %d hypothesis boundaries counted", Instant.ofEpochMilli(faultAt), fault.inject(),
                    before.hypothesis(), sc.offline.counts().hypothesis());
            Thread.sleep(Math.max(0, outageMs - (System.currentTimeMillis() - faultAt)));
            String repaired = fault.repair();
            long repairAt = System.currentTimeMillis();
            out.line("repair at %s, %.1f s after the fault: %s", Instant.ofEpochMilli(repairAt), (repairAt - faultAt) / 1000.0, repaired);
            Map<String, BoundaryCounts> seen = MonitorIntegrationTest.awaitTotals(Duration.ofMinutes(10), sc.expected, instance.port);
            long exactMs = System.currentTimeMillis() - repairAt;
            out.line("totals %s %.1f s after the repair (replay %s)", seen.equals(sc.expected) ? "exact" : "NOT exact: " + seen, exactMs / 1000.0,
                    sc.traffic.run.isDone() ? "ended " + (sc.traffic.endMs - repairAt) / 1000.0 + " s after the repair" : "still sending");
            Thread.sleep(5_000);
            contact.close();
            double[] gauge = contact.timings(faultAt, repairAt);
            out.line("contact gauge every 30 s from the fault: %s", contact.trace(faultAt));
            out.line("contact gauge: passed 30 s %.1f s after the fault; highest %.1f s; below 10 s again %.1f s after the repair; "
                            + "%d samples, %d unanswered within 2 s", gauge[0], gauge[1], gauge[2], contact.samples.size(), contact.misses);
            sc.endAndCheck();
            String log = Files.readString(instance.log, StandardCharsets.UTF_8);
            int replaced = count(log, "replacing it");
            int corrupted = count(log, "are corrupted and hence need to be re-initialized");
            out.line("stream threads replaced: %d; tasks re-initialised (corrupted) %d times; process started %d time(s), alive: %s",
                    replaced, corrupted, instance.readyMs.size(), instance.process.isAlive());
            out.line("%s", sc.prober.summary());
            out.line("exact totals %s; every utterance scored once; no dead letter", sc.expected);
            assertEquals(1, instance.readyMs.size(), "nobody restarted the monitor");
            assertTrue(instance.process.isAlive(), "the monitor still running");
            assertEquals(sc.expected, seen, "exact after the repair");
            assertTrue(exactMs <= 120_000, "exact within 120 s of the repair, not " + exactMs + " ms");
            assertTrue(gauge[0] >= 0 && gauge[0] <= 60, "contact gauge above 30 s within 60 s of the fault: " + gauge[0]);
            assertTrue(gauge[2] >= 0 && gauge[2] <= 60, "contact gauge below 10 s within 60 s of the repair: " + gauge[2]);
            assertTrue(sc.prober.outcomes.keySet().stream().noneMatch(o -> o.startsWith("/health") && !o.equals("/health 200")),
                    "/health 200 throughout: " + sc.prober.outcomes);
        }
    }

    /** Producer settings that let the replay buffer and retry through an outage of up to {@code ms}. */
    private static String[] producerFor(long ms) {
        return new String[] {"--producer-property", "max.block.ms=" + ms, "--producer-property", "delivery.timeout.ms=" + ms};
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int k = text.indexOf(what); k >= 0; k = text.indexOf(what, k + 1)) {
            n++;
        }
        return n;
    }

    private static void keep(String app, Path brokerLog) {
        try {
            Path dir = Files.createDirectories(Path.of("target", "ops-logs", app));
            if (Files.exists(brokerLog)) {
                Files.copy(brokerLog, dir.resolve("broker.log"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            // a convenience
        }
    }

    /** Result lines: on stdout and in {@code target/ops-results/APP.txt}. */
    private static final class Report {
        private final Path file;

        Report(String app) throws IOException {
            this.file = Files.createDirectories(Path.of("target", "ops-results")).resolve(app + ".txt");
            Files.deleteIfExists(file);
        }

        void line(String format, Object... args) {
            String s = Instant.now() + " " + String.format(format, args);
            System.out.println(s);
            try {
                Files.writeString(file, s + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            } catch (IOException e) {
                // stdout has it
            }
        }
    }

    /** {@code segmon_broker_contact_age_seconds} once a second ({@code /metrics?name[]=...}, 2 s timeout). */
    static final class ContactWatcher implements AutoCloseable {
        final List<double[]> samples = Collections.synchronizedList(new ArrayList<>());
        volatile int misses;
        private volatile boolean running = true;
        private final Thread thread;

        ContactWatcher(int port) {
            URI uri = URI.create("http://127.0.0.1:" + port + "/metrics?name[]=segmon_broker_contact_age_seconds");
            thread = new Thread(() -> {
                while (running) {
                    long t0 = System.currentTimeMillis();
                    try {
                        String body = HTTP.send(HttpRequest.newBuilder(uri).timeout(OpsHarness.PROBE_TIMEOUT).build(),
                                HttpResponse.BodyHandlers.ofString()).body();
                        for (String l : body.split("\n")) {
                            if (l.startsWith("segmon_broker_contact_age_seconds ")) {
                                samples.add(new double[] {t0, Double.parseDouble(l.substring(l.indexOf(' ') + 1).trim())});
                            }
                        }
                    } catch (IOException e) {
                        misses++;
                    } catch (InterruptedException e) {
                        return;
                    }
                    try {
                        Thread.sleep(Math.max(0, 1_000 - (System.currentTimeMillis() - t0)));
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }, "ops-contact");
            thread.setDaemon(true);
            thread.start();
        }

        /**
         * Seconds from the fault to the first sample above 30 s, the highest sample, and seconds
         * from the repair to the first sample below 10 s after it (-1 when never).
         */
        double[] timings(long faultAt, long repairAt) {
            double up = -1;
            double max = 0;
            double down = -1;
            synchronized (samples) {
                for (double[] s : samples) {
                    if (s[0] >= faultAt && up < 0 && s[1] > 30) {
                        up = (s[0] - faultAt) / 1000.0;
                    }
                    max = Math.max(max, s[1]);
                    if (s[0] >= repairAt && down < 0 && s[1] < 10) {
                        down = (s[0] - repairAt) / 1000.0;
                    }
                }
            }
            return new double[] {up, max, down};
        }

        /** The samples as "age@seconds-from-t0" every 30 s, for the report. */
        String trace(long t0) {
            StringBuilder b = new StringBuilder();
            Map<Long, Double> every = new TreeMap<>();
            synchronized (samples) {
                for (double[] s : samples) {
                    every.putIfAbsent((long) ((s[0] - t0) / 30_000), s[1]);
                }
            }
            every.forEach((k, v) -> b.append(String.format("%+d s: %.1f; ", k * 30, v)));
            return b.toString();
        }

        @Override
        public void close() throws InterruptedException {
            running = false;
            thread.interrupt();
            thread.join(5_000);
        }
    }
}
