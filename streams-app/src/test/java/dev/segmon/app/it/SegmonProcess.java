package dev.segmon.app.it;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code segmon <args>} in a child JVM (the test class path, the real command line), so that a
 * test can kill it for real: {@link #kill()} is SIGKILL ({@code Process.destroyForcibly}), no
 * shutdown hook, no commit, no flush. Its stderr goes to a log file; {@link #firstLine()} is the
 * first line it printed on stdout (the broker's {@code bootstrap.servers=...}, the monitor's
 * {@code ... metrics on http://localhost:PORT/metrics}); the rest of stdout is drained.
 */
final class SegmonProcess implements AutoCloseable {
    private static final Pattern METRICS_PORT = Pattern.compile("localhost:(\\d+)/metrics");
    private static final Pattern BOOTSTRAP = Pattern.compile("bootstrap\\.servers=(\\S+)");

    private static SegmonProcess sharedBroker;

    private final Process process;
    private final String firstLine;
    private final Path log;

    private SegmonProcess(Process process, String firstLine, Path log) {
        this.process = process;
        this.firstLine = firstLine;
        this.log = log;
    }

    /** How long {@link #start} waits for the first line (a broker's start or a monitor's metrics port). */
    static final Duration FIRST_LINE_TIMEOUT = Duration.ofSeconds(Long.getLong("segmon.faults.start-timeout-s", 120));

    /**
     * Starts {@code segmon args...} and waits (at most {@link #FIRST_LINE_TIMEOUT}) for its first
     * line on stdout. A child that prints nothing in time is killed and the failure quotes the end
     * of its log: a broker whose start-up blocks (Kafka's own start-up wait has no bound by default)
     * must fail the test, never hang it.
     */
    static SegmonProcess start(Path log, List<String> args) {
        return start(log, List.of(), args);
    }

    /** {@link #start(Path, List)} with JVM options {@code jvmArgs} (e.g. one logger's level) before the class path. */
    static SegmonProcess start(Path log, List<String> jvmArgs, List<String> args) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m"));
        cmd.addAll(jvmArgs);
        // e.g. -Dsegmon.faults.child-jvm-args="-Dorg.slf4j.simpleLogger.log.kafka=info" for the broker's INFO log
        String extraJvm = System.getProperty("segmon.faults.child-jvm-args", "");
        if (!extraJvm.isBlank()) {
            cmd.addAll(List.of(extraJvm.trim().split("\\s+")));
        }
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), "dev.segmon.app.cli.SegmonCommand"));
        cmd.addAll(args);
        Process p;
        try {
            p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<String> first = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try {
                first.complete(out.readLine());
                while (out.readLine() != null) {
                    // keep the pipe from filling up
                }
            } catch (IOException e) {
                first.complete(null); // the process is gone
            }
        }, "stdout-" + p.pid());
        reader.setDaemon(true);
        reader.start();
        String line;
        try {
            line = first.get(FIRST_LINE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            p.destroyForcibly();
            throw new IllegalStateException("segmon " + args + " printed no first line within " + FIRST_LINE_TIMEOUT.toSeconds()
                    + " s (killed); the end of " + log + ":\n" + tail(log, 30));
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
        if (line == null) {
            try {
                p.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            throw new IllegalStateException("segmon " + args + " printed nothing and exited "
                    + (p.isAlive() ? "(still alive)" : Integer.toString(p.exitValue())) + "; the end of " + log + ":\n" + tail(log, 30));
        }
        return new SegmonProcess(p, line, log);
    }

    /** The last {@code lines} lines of a log file (for a failure message). */
    static String tail(Path log, int lines) {
        try {
            List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException | UncheckedIOException e) {
            return "(cannot read " + log + ": " + e + ")";
        }
    }

    /**
     * One forked {@code segmon broker --port 0} (temporary data, deleted by the broker on SIGTERM)
     * for every test class of this JVM that does not stop its broker; stopped when the JVM exits.
     */
    static synchronized SegmonProcess sharedBroker() throws IOException {
        if (sharedBroker == null || !sharedBroker.isAlive()) {
            Path log = Files.createTempFile("segmon-broker", ".log");
            SegmonProcess b = start(log, List.of("broker", "--port", "0"));
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    b.stop();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
            sharedBroker = b;
        }
        return sharedBroker;
    }

    /**
     * {@code segmon run} on {@code bootstrap} with application id {@code app}, its topics named
     * {@code app.hyp}, {@code app.ref}, {@code app.scores}, {@code app.dead}, {@code app.metrics}
     * (as {@link MonitorIntegrationTest}'s in-process monitors), a fast expiry and a 6 s session
     * timeout so that a killed instance's partitions move soon.
     */
    static SegmonProcess monitor(Path log, String bootstrap, String app, Path stateDir, String... extra) {
        List<String> args = runArgs(bootstrap, app, stateDir, 0);
        args.addAll(List.of("--expiry-interval", "1s", "--kafka", "session.timeout.ms=6000", "--kafka", "heartbeat.interval.ms=1000"));
        args.addAll(List.of(extra));
        return start(log, args);
    }

    /**
     * {@code run} on {@code bootstrap} with application id {@code app}, its state in {@code stateDir},
     * {@code /metrics} on {@code metricsPort} (0: any free port) and {@code app}'s five topics; the
     * shipped defaults for everything else.
     */
    static List<String> runArgs(String bootstrap, String app, Path stateDir, int metricsPort) {
        return new ArrayList<>(List.of("run", "--bootstrap-servers", bootstrap, "--application-id", app,
                "--metrics-port", Integer.toString(metricsPort), "--state-dir", stateDir.toString(),
                "--hypotheses-topic", app + ".hyp", "--references-topic", app + ".ref", "--scores-topic", app + ".scores",
                "--dead-letters-topic", app + ".dead", "--metrics-topic", app + ".metrics"));
    }

    String firstLine() {
        return firstLine;
    }

    Path log() {
        return log;
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** The port of {@code /metrics} a {@code segmon run} child announced. */
    int metricsPort() {
        Matcher m = METRICS_PORT.matcher(firstLine);
        if (!m.find()) {
            throw new IllegalStateException("not a monitor's first line: " + firstLine);
        }
        return Integer.parseInt(m.group(1));
    }

    /** The {@code bootstrap.servers} a {@code segmon broker} child announced. */
    String bootstrapServers() {
        Matcher m = BOOTSTRAP.matcher(firstLine);
        if (!m.find()) {
            throw new IllegalStateException("not a broker's first line: " + firstLine);
        }
        return m.group(1);
    }

    /** SIGKILL, and wait until the process is gone. */
    void kill() throws InterruptedException {
        process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    }

    /** SIGTERM (the shutdown hooks run), and wait until the process is gone. */
    void stop() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            kill();
        }
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            kill();
        }
    }
}
