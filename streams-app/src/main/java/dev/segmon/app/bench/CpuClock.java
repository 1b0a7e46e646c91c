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

    /** CPU milliseconds per 1 000 records since the start, of the application's JVM and of the broker's. */
    record PerThousand(double app, double broker) {
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "CPU per 1000 records: app %.1f ms, broker %.1f ms", app, broker);
        }
    }

    PerThousand perRecords(long records) {
        return new PerThousand((appNanos() - appStart) / 1e6 / records * 1000, (brokerNanos(brokerPid) - brokerStart) / 1e6 / records * 1000);
    }

    private static long appNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static long brokerNanos(long pid) {
        return ProcessHandle.of(pid).flatMap(p -> p.info().totalCpuDuration()).map(Duration::toNanos).orElse(0L);
    }
}
