package dev.segmon.app.demo;

import dev.segmon.app.view.MonitorView;

import java.nio.file.Path;
import java.time.Duration;

/** What the demo needs of the streaming monitor: start it on a broker, read its metrics, stop it. */
public interface DemoMonitor extends AutoCloseable {

    /** Starts a monitor reading the default topics of {@code bootstrapServers}, its state in {@code stateDir}. */
    @FunctionalInterface
    interface Factory {
        DemoMonitor start(String bootstrapServers, Path stateDir);
    }

    /** Waits until the monitor processes records; false on timeout or failure. */
    boolean awaitRunning(Duration timeout);

    /** Whether the monitor stopped for good (its Kafka Streams client failed). */
    default boolean hasFailed() {
        return false;
    }

    /** The port serving {@code /metrics}. */
    int metricsPort();

    /** What the monitor holds: the counts its metrics are derived from. */
    MonitorView state();

    /** Its change detectors, or null when it has none to show. */
    default dev.segmon.app.view.ChangeView changes() {
        return null;
    }

    /** Its early estimate's figures, or null when it has none to show. */
    default dev.segmon.app.view.EstimateView estimates() {
        return null;
    }

    @Override
    void close();
}
