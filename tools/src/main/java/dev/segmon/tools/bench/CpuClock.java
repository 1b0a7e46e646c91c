package dev.segmon.tools.bench;

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

    /** CPU time of the live stream threads of {@code applicationId} (Kafka Streams names them "{client id}-StreamThread-{n}"; "": of every application). */
    private static long streamThreadNanos(String applicationId) {
        return threadNanos(name -> (applicationId.isEmpty() || name.startsWith(applicationId + "-")) && name.matches(".*-StreamThread-\\d+"));
    }

    /** CPU time of the live threads of this JVM whose name {@code named} accepts. */
    private static long threadNanos(java.util.function.Predicate<String> named) {
        java.lang.management.ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long sum = 0;
        for (java.lang.management.ThreadInfo t : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (t != null && named.test(t.getThreadName())) {
                sum += Math.max(0, threads.getThreadCpuTime(t.getThreadId()));
            }
        }
        return sum;
    }

    /**
     * Cores kept busy on average over an interval: the whole machine's ({@code /proc/stat}: every
     * process, the broker and the kernel included; NaN where it cannot be read), this JVM's, its
     * stream threads' and the broker's JVM's. What a paced phase leaves spare, which a rate alone
     * does not say. {@code concurrentGc}: this JVM's G1 threads that work beside the application
     * (marking, refinement; NaN where {@code /proc} cannot be read), which the pauses' share does
     * not hold.
     */
    record Busy(double machine, double app, double stream, double scrapes, double concurrentGc, double compiling, double collecting,
                double broker) {
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "cores busy: machine %.2f of %d, this JVM %.2f (stream threads %.2f, /metrics reads %.2f,"
                    + " G1's concurrent threads %.2f; JIT compiling %.2f and GC pauses %.2f of the time), broker %.2f",
                    machine, Runtime.getRuntime().availableProcessors(), app, stream, scrapes, concurrentGc, compiling, collecting, broker);
        }
    }

    /** The threads of the metrics server that read the stores for a scrape (MetricsServer). */
    private static final java.util.function.Predicate<String> SCRAPES = name -> name.startsWith("segmon-http-reads");

    /**
     * CPU time of the calling thread and of the network threads of its producers with client id
     * {@code clientId}: what a paced sender has spent, asked before it closes its producer.
     */
    static long senderNanos(String clientId) {
        return ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime()
                + threadNanos(name -> name.equals("kafka-producer-network-thread | " + clientId));
    }

    /** The start of an interval whose {@link Busy} is asked for later; every stream thread of this JVM counts. */
    static final class Interval {
        private final long brokerPid;
        private final long wall = System.nanoTime();
        private final long machine = machineBusyTicks();
        private final long app = appNanos();
        private final long broker;
        private final long stream = streamThreadNanos("");
        private final long scrapes = threadNanos(SCRAPES);
        private final HotSpotThreads.Snapshot concurrentGc = HotSpotThreads.of(HotSpotThreads.CONCURRENT_GC, ProcessHandle.current().pid());
        private final long compiling = compilingMillis();
        private final long collecting = collectingMillis();

        Interval(long brokerPid) {
            this.brokerPid = brokerPid;
            this.broker = brokerNanos(brokerPid);
        }

        Busy busy() {
            double seconds = (System.nanoTime() - wall) / 1e9;
            long ticks = machineBusyTicks();
            // /proc/stat counts in USER_HZ ticks, 100 a second on Linux.
            double machineCores = ticks < 0 || machine < 0 ? Double.NaN : (ticks - machine) / 100.0 / seconds;
            return new Busy(machineCores, (appNanos() - app) / 1e9 / seconds, (streamThreadNanos("") - stream) / 1e9 / seconds,
                    (threadNanos(SCRAPES) - scrapes) / 1e9 / seconds,
                    HotSpotThreads.of(HotSpotThreads.CONCURRENT_GC, ProcessHandle.current().pid()).coresSince(concurrentGc),
                    (compilingMillis() - compiling) / 1e3 / seconds, (collectingMillis() - collecting) / 1e3 / seconds,
                    (brokerNanos(brokerPid) - broker) / 1e9 / seconds);
        }
    }

    /**
     * The cores busy over a throughput run's rate interval ({@link Progress#awaitCaughtUp}): on
     * two cores the application, the broker, the JIT and the collector share, what a rate alone
     * does not say (docs/performance.md, "What the throughput runs share the cores with").
     */
    static final class Window implements Progress.RateWindow {
        private final long brokerPid;
        private Interval interval;
        private Busy busy;

        Window(long brokerPid) {
            this.brokerPid = brokerPid;
        }

        @Override
        public void opened() {
            interval = new Interval(brokerPid);
        }

        @Override
        public void closed() {
            busy = interval == null ? null : interval.busy();
        }

        /** The share of the interval's time the JIT compiled (NaN when it was not measured). */
        double compiling() {
            return busy == null ? Double.NaN : busy.compiling();
        }

        /** What the interval kept busy, as a clause of a log line ("" when it was not measured). */
        String summary() {
            return busy == null ? "" : "; over the rate's interval " + busy;
        }
    }

    /** The JIT compilers' accumulated time (the JVM's estimate, in ms), or 0 where it is not monitored. */
    private static long compilingMillis() {
        java.lang.management.CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : 0;
    }

    /** The collectors' accumulated time in ms (G1: the young and mixed pauses, and the concurrent cycles' pauses). */
    private static long collectingMillis() {
        long ms = 0;
        for (java.lang.management.GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            ms += Math.max(0, gc.getCollectionTime());
        }
        return ms;
    }

    /** Busy ticks of every CPU since boot (user, nice, system, irq, softirq, steal), or -1 without {@code /proc/stat}. */
    private static long machineBusyTicks() {
        try {
            String line = java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/stat")).get(0);
            String[] f = line.trim().split("\\s+");
            long busy = 0;
            for (int i : new int[] {1, 2, 3, 6, 7, 8}) {
                busy += Long.parseLong(f[i]);
            }
            return busy;
        } catch (java.io.IOException | RuntimeException e) {
            return -1;
        }
    }

    private static long appNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static long brokerNanos(long pid) {
        return ProcessHandle.of(pid).flatMap(p -> p.info().totalCpuDuration()).map(Duration::toNanos).orElse(0L);
    }
}
