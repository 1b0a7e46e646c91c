package dev.segmon.app.demo;

import dev.segmon.app.broker.Directories;
import dev.segmon.app.broker.EmbeddedBroker;
import dev.segmon.app.replay.KafkaTrafficSink;
import dev.segmon.app.replay.TrafficSink;
import dev.segmon.app.replay.Ticker;
import dev.segmon.app.replay.InputTopics;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * {@code segmon demo} in one object: an embedded broker, the monitor on it, simulated traffic,
 * and a summary line per model every few seconds read from the monitor's metrics. {@link #close()}
 * stops them in reverse order (traffic, monitor, broker) and removes temporary data.
 */
public final class Demo implements AutoCloseable {
    private final Options options;
    private final PrintWriter out;
    private final Path tempDir;
    private EmbeddedBroker broker;
    private DemoMonitor monitor;
    private KafkaTrafficSink sink;
    private DelayedReferences delayed;
    private DemoTraffic traffic;
    private Thread trafficThread;
    private final CountDownLatch stopped = new CountDownLatch(1);
    private DemoCalls calls;
    private boolean closed;

    /** The demo's settings. */
    public record Options(Path dataDir, double utterancesPerSecond, long seed, List<SimulatedModel> models,
                          Duration reportEvery, String window, Duration referenceDelay, double referenceShare) {
        public Options {
            models = List.copyOf(models);
            if (referenceDelay.isNegative()) {
                throw new IllegalArgumentException("the reference delay must be >= 0, not " + referenceDelay);
            }
            if (!(referenceShare >= 0 && referenceShare <= 1)) {
                throw new IllegalArgumentException("the reference share must be in [0, 1], not " + referenceShare);
            }
        }

        /** A reference for every utterance. */
        public Options(Path dataDir, double utterancesPerSecond, long seed, List<SimulatedModel> models,
                       Duration reportEvery, String window, Duration referenceDelay) {
            this(dataDir, utterancesPerSecond, seed, models, reportEvery, window, referenceDelay, 1);
        }

        /** References sent with their utterance. */
        public Options(Path dataDir, double utterancesPerSecond, long seed, List<SimulatedModel> models,
                       Duration reportEvery, String window) {
            this(dataDir, utterancesPerSecond, seed, models, reportEvery, window, Duration.ZERO);
        }
    }

    private Demo(Options options, PrintWriter out) {
        this.options = options;
        this.out = out;
        try {
            this.tempDir = options.dataDir() == null ? Directories.scratch("segmon-demo-") : null;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary directory", e);
        }
    }

    /** Starts everything; returns once the monitor runs and traffic flows. */
    public static Demo start(Options options, DemoMonitor.Factory monitors, PrintWriter out) {
        Demo demo = new Demo(options, out);
        try {
            demo.startParts(monitors);
        } catch (RuntimeException | Error e) {
            demo.close();
            throw e;
        }
        return demo;
    }

    private void startParts(DemoMonitor.Factory monitors) {
        Path base = options.dataDir() != null ? options.dataDir() : tempDir;
        broker = EmbeddedBroker.builder().port(0).dataDir(base.resolve("broker")).start();
        monitor = monitors.start(broker.bootstrapServers(), base.resolve("streams"));
        if (!monitor.awaitRunning(Duration.ofMinutes(2))) {
            throw new IllegalStateException("the monitor did not reach RUNNING within 2 minutes");
        }
        // The page first: it is what a person trying segmon wants to open.
        out.println("page: http://127.0.0.1:" + monitor.metricsPort() + "/  (open it in a browser: live charts)");
        out.println("broker: bootstrap.servers=" + broker.bootstrapServers());
        out.println("metrics: http://127.0.0.1:" + monitor.metricsPort() + "/metrics");
        out.flush();
        sink = new KafkaTrafficSink(broker.bootstrapServers(), InputTopics.DEFAULT, Map.of());
        TrafficSink to = sink;
        if (!options.referenceDelay().isZero()) {
            delayed = new DelayedReferences(sink, options.referenceDelay());
            to = delayed;
        }
        traffic = new DemoTraffic(DemoCorpus.load(), options.models(), to, options.utterancesPerSecond(),
                options.seed(), Ticker.SYSTEM).referenceShare(options.referenceShare());
        if (options.dataDir() != null) {
            // A kept data directory already holds earlier runs' utterances: send new ids.
            traffic.idPrefix(Long.toString(System.currentTimeMillis() / 1000, 36) + "-");
        }
        trafficThread = new Thread(() -> {
            try {
                traffic.run();
            } catch (RuntimeException e) {
                out.println("segmon demo: traffic stopped: " + e.getMessage());
                out.flush();
            }
        }, "segmon-demo-traffic");
        trafficThread.setDaemon(true);
        calls = new DemoCalls(System.currentTimeMillis());
        trafficThread.start();
    }

    public String bootstrapServers() {
        return broker.bootstrapServers();
    }

    public int metricsPort() {
        return monitor.metricsPort();
    }

    public DemoMonitor monitor() {
        return monitor;
    }

    /** Utterances sent so far. */
    public long utterancesSent() {
        return traffic.sent();
    }

    /** The current summary, one line per model. */
    public List<String> report() {
        List<String> names = options.models().stream().map(SimulatedModel::name).toList();
        return DemoReport.lines(monitor.state(), monitor.estimates(), System.currentTimeMillis(), names, DemoTraffic.TIER, options.window());
    }

    /**
     * Prints {@link #report()} every {@code reportEvery} until {@code duration} has passed (zero =
     * until {@link #close()}) or the monitor fails.
     *
     * @return false if it stopped because the monitor failed
     */
    public boolean printReports(Duration duration) throws InterruptedException {
        long end = duration.isZero() ? Long.MAX_VALUE : System.nanoTime() + duration.toNanos();
        while (true) {
            long wait = Math.min(options.reportEvery().toNanos(), end - System.nanoTime());
            if (wait <= 0 || stopped.await(wait, TimeUnit.NANOSECONDS)) {
                return true;
            }
            if (monitor.hasFailed()) {
                return false;
            }
            for (String line : report()) {
                out.println(line);
            }
            for (String line : calls.look(monitor.changes(), monitor.state(), DemoTraffic.TIER, System.currentTimeMillis())) {
                out.println(line);
            }
            out.flush();
        }
    }

    /**
     * Stops sending and flushes what was sent; the monitor goes on with it. For a caller that needs
     * the monitor's figures to hold still (a test reading the page and the API one after the other).
     */
    public synchronized void stopTraffic() throws InterruptedException {
        if (traffic != null) {
            traffic.stop();
            trafficThread.interrupt();
            trafficThread.join(10_000);
            sink.flush();
        }
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        stopped.countDown();
        try {
            if (traffic != null) {
                traffic.stop();
                trafficThread.interrupt();
                trafficThread.join(10_000);
            }
            if (delayed != null) {
                delayed.close();
            }
            if (sink != null) {
                sink.close();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            try {
                if (monitor != null) {
                    monitor.close();
                }
            } finally {
                if (broker != null) {
                    broker.stop();
                }
                if (tempDir != null) {
                    Directories.deleteRecursively(tempDir);
                }
            }
        }
    }
}
