package dev.segmon.app.demo;

import dev.segmon.app.view.MonitorView;

import dev.segmon.app.Monitor;
import dev.segmon.app.config.MonitorConfig;
import java.time.Duration;

/** The real streaming {@link Monitor} as the demo's {@link DemoMonitor}. */
public final class MonitorDemoAdapter implements DemoMonitor {
    private final Monitor monitor;

    private MonitorDemoAdapter(Monitor monitor) {
        this.monitor = monitor;
    }

    /**
     * A factory starting the monitor with {@code base} (tolerance, metrics port, ...) on the demo's
     * broker, its Kafka Streams state in the demo's directory.
     */
    public static DemoMonitor.Factory factory(MonitorConfig.Builder base) {
        return (bootstrapServers, stateDir) -> new MonitorDemoAdapter(
                Monitor.start(base.bootstrapServers(bootstrapServers).stateDir(stateDir).build()));
    }

    @Override
    public boolean awaitRunning(Duration timeout) {
        return monitor.awaitRunning(timeout);
    }

    @Override
    public boolean hasFailed() {
        return monitor.hasFailed();
    }

    @Override
    public int metricsPort() {
        return monitor.metricsPort();
    }

    @Override
    public MonitorView state() {
        return monitor.monitorState();
    }

    @Override
    public dev.segmon.app.view.ChangeView changes() {
        return monitor.changeState();
    }

    @Override
    public dev.segmon.app.view.EstimateView estimates() {
        return monitor.estimateState();
    }

    @Override
    public void close() {
        monitor.close();
    }
}
