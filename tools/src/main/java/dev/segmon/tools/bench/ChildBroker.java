package dev.segmon.tools.bench;

import dev.segmon.app.broker.Directories;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@code segmon broker --port 0 --data-dir DIR} in a child JVM started from this JVM's class path:
 * a broker of its own, as a real deployment has, and not the in-process test kit (far slower
 * here: docs/performance.md). Its JVM options are the ones {@code kafka-server-start.sh} uses
 * (1 GiB heap by default, G1 with 20 ms pause goal), plus a heap touched at start.
 */
public final class ChildBroker implements AutoCloseable {
    private static final String PREFIX = "bootstrap.servers=";

    private final Process process;
    private final Path dir;
    private final String bootstrapServers;

    private ChildBroker(Process process, Path dir, String bootstrapServers) {
        this.process = process;
        this.dir = dir;
        this.bootstrapServers = bootstrapServers;
    }

    /** Starts the broker and waits (up to {@code timeoutSeconds}) for its {@code bootstrap.servers=} line. */
    public static ChildBroker start(String heap, int timeoutSeconds) {
        Path dir;
        try {
            dir = Files.createTempDirectory("segmon-bench-broker-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String java = ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // Touched at start: a fresh broker's heap is faulted in region by region as G1 first uses
        // it, which in the latency phase took the request threads' time (thousands of faults per
        // half second); a broker that has run for days has touched its heap long ago.
        List<String> command = new ArrayList<>(List.of(java, "-Xms" + heap, "-Xmx" + heap, "-XX:+UseG1GC",
                "-XX:MaxGCPauseMillis=20", "-XX:+AlwaysPreTouch", "-cp", System.getProperty("java.class.path"),
                "dev.segmon.app.cli.SegmonCommand", "broker", "--port", "0", "--data-dir", dir.resolve("data").toString()));
        Process p;
        try {
            p = new ProcessBuilder(command).redirectError(dir.resolve("broker.log").toFile()).start();
        } catch (IOException e) {
            Directories.deleteRecursively(dir);
            throw new UncheckedIOException("cannot start the broker JVM: " + e.getMessage(), e);
        }
        CompletableFuture<String> line = CompletableFuture.supplyAsync(() -> {
            try {
                BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
                for (String l = r.readLine(); l != null; l = r.readLine()) {
                    if (l.startsWith(PREFIX)) {
                        return l.substring(PREFIX.length()).trim();
                    }
                }
                return null;
            } catch (IOException e) {
                return null;
            }
        });
        String bootstrap;
        try {
            bootstrap = line.get(timeoutSeconds, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            bootstrap = null;
        } catch (ExecutionException | TimeoutException e) {
            bootstrap = null;
        }
        ChildBroker broker = new ChildBroker(p, dir, bootstrap);
        if (bootstrap == null) {
            String log = broker.logTail();
            broker.close();
            throw new IllegalStateException("the broker did not start within " + timeoutSeconds + " s; its log ends with:\n" + log);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(broker::close, "segmon-bench-broker-stop"));
        return broker;
    }

    public String bootstrapServers() {
        return bootstrapServers;
    }

    /** The broker JVM's process id (for jcmd / a profiler). */
    public long pid() {
        return process.pid();
    }

    private String logTail() {
        try {
            List<String> lines = Files.readAllLines(dir.resolve("broker.log"));
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
        } catch (IOException e) {
            return "(no log)";
        }
    }

    /** SIGTERM (the broker shuts down cleanly), SIGKILL after 30 s, then the data is deleted. */
    @Override
    public synchronized void close() {
        if (process.isAlive()) {
            process.destroy();
            try {
                if (!process.waitFor(30, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
        Directories.deleteRecursively(dir);
    }
}
