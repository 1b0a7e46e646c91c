package dev.segmon.app.processors;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import org.apache.kafka.common.metrics.Sensor;
import org.apache.kafka.streams.processor.api.ProcessorContext;

/**
 * The close metrics of one task (docs/contract.md appendix E): wall time of every close and, on
 * one close in {@link #CPU_SAMPLE}, the stream thread's CPU time of it, in milliseconds.
 */
final class CloseTimer {
    /** The group of Kafka Streams' own close metrics, wall and CPU time per task. */
    static final String CLOSE_SCOPE = "segmon";
    /** Closes per CPU-time measurement: reading the thread's CPU clock is a system call; the mean stays unbiased. */
    static final int CPU_SAMPLE = 16;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final boolean cpuClock = THREADS.isCurrentThreadCpuTimeSupported() && THREADS.isThreadCpuTimeEnabled();
    private ProcessorContext<Object, Object> context;
    private Sensor wall;
    private Sensor cpu;
    private long closes;
    private long startedNanos;
    private long startedCpu;
    private boolean sampled;

    void init(ProcessorContext<Object, Object> context) {
        this.context = context;
        this.wall = context.metrics().addLatencyRateTotalSensor(CLOSE_SCOPE, "task-" + context.taskId(), "close", Sensor.RecordingLevel.INFO);
        this.cpu = context.metrics().addLatencyRateTotalSensor(CLOSE_SCOPE, "task-" + context.taskId(), "close-cpu", Sensor.RecordingLevel.INFO);
    }

    /** Drops this task's close metrics (the processor is closed: task moved, revived or client stopped). */
    void close() {
        if (wall != null) {
            context.metrics().removeSensor(wall);
            context.metrics().removeSensor(cpu);
            wall = null;
            cpu = null;
        }
    }

    /** A close starts (closes do not nest). */
    void started() {
        startedNanos = System.nanoTime();
        sampled = cpuClock && closes++ % CPU_SAMPLE == 0;
        startedCpu = sampled ? THREADS.getCurrentThreadCpuTime() : 0;
    }

    /** The close started last is done. */
    void done() {
        wall.record((System.nanoTime() - startedNanos) / 1e6);
        if (sampled) {
            cpu.record((THREADS.getCurrentThreadCpuTime() - startedCpu) / 1e6);
        }
    }
}
