package dev.segmon.app.bench;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Locale;

/**
 * CPU time spent by this JVM (the application under test) and by the broker's JVM since a start:
 * a cost per record that, unlike a rate, does not depend on how much of the two cores other
 * processes take at the time.
 */
final class CpuClock {
    private final long brokerPid;
    private final long appStart;
    private final long brokerStart;

    private CpuClock(long brokerPid) {
        this.brokerPid = brokerPid;
        this.appStart = appNanos();
        this.brokerStart = brokerNanos(brokerPid);
    }

    static CpuClock start(long brokerPid) {
        return new CpuClock(brokerPid);
    }

    /**
     * CPU milliseconds per 1 000 records since the start, of the application's JVM, of the
     * broker's, and of the application's stream threads alone ({@code stream}: the work Kafka
     * Streams does per record, without the JIT compiler, the collector and the producer's network
     * thread, which share the JVM's figure; the steadier of the two from run to run).
     */
    record PerThousand(double app, double broker, double stream) {
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "CPU per 1000 records: app %.1f ms (stream threads %.2f ms), broker %.1f ms", app, stream, broker);
        }
    }

    /** {@code applicationId}: whose stream threads to count (started after this clock, so counted whole). */
    PerThousand perRecords(long records, String applicationId) {
        return new PerThousand((appNanos() - appStart) / 1e6 / records * 1000, (brokerNanos(brokerPid) - brokerStart) / 1e6 / records * 1000,
                streamThreadNanos(applicationId) / 1e6 / records * 1000);
    }

    /** CPU time of the live stream threads of {@code applicationId} (Kafka Streams names them "{client id}-StreamThread-{n}"). */
    private static long streamThreadNanos(String applicationId) {
        java.lang.management.ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long sum = 0;
        for (java.lang.management.ThreadInfo t : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (t != null && t.getThreadName().startsWith(applicationId + "-") && t.getThreadName().matches(".*-StreamThread-\\d+")) {
                long ns = threads.getThreadCpuTime(t.getThreadId());
                sum += Math.max(0, ns);
            }
        }
        return sum;
    }

    private static long appNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static long brokerNanos(long pid) {
        return ProcessHandle.of(pid).flatMap(p -> p.info().totalCpuDuration()).map(Duration::toNanos).orElse(0L);
    }
}
