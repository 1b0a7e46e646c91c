package dev.segmon.tools.bench;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Predicate;

/**
 * CPU time of HotSpot's own threads of some JVMs, read from {@code /proc}: HotSpot hides them from
 * {@code ThreadMXBean}, and the kernel keeps 15 characters of their names.
 *
 * <p>The JIT compilers ("C1 CompilerThread<n>", "C2 CompilerThread<n>"): the bench's paced warm-up
 * goes on until they have settled (docs/performance.md, "The compilers settled before the latency
 * is measured"). G1's concurrent threads ("G1 Main Marker", "G1 Conc#<n>", "G1 Refine#<n>",
 * "G1 Service"): a marking cycle takes a core for a second or more beside the application, which
 * the pauses' share does not show (docs/performance.md, "Concurrent marking in the paced phase").
 */
final class HotSpotThreads {
    /** The JIT compiler threads. */
    static final Predicate<String> COMPILERS = comm -> comm.startsWith("C1 CompilerThre") || comm.startsWith("C2 CompilerThre");
    /** G1's threads that work beside the application: marking, refinement, its service thread (not the pauses' "GC Thread#n"). */
    static final Predicate<String> CONCURRENT_GC = comm -> comm.startsWith("G1 Main Marker") || comm.startsWith("G1 Conc#")
            || comm.startsWith("G1 Refine#") || comm.startsWith("G1 Service");

    /** {@code /proc} counts in USER_HZ ticks, 100 a second on Linux. */
    private static final long NANOS_PER_TICK = 10_000_000L;

    private HotSpotThreads() {
    }

    /** The threads' CPU ticks at one moment, per "pid/tid"; {@code ticks} null where {@code /proc} could not be read. */
    record Snapshot(Map<String, Long> ticks, long nanoTime) {
        /**
         * Cores the threads used since {@code before}: a thread started in between counts whole, one
         * that ended in between is lost (HotSpot adds and removes compiler and refinement threads
         * only when it has more than one of a kind). NaN where either snapshot could not be read.
         */
        double coresSince(Snapshot before) {
            if (ticks == null || before.ticks == null || nanoTime <= before.nanoTime) {
                return Double.NaN;
            }
            long used = 0;
            for (Map.Entry<String, Long> e : ticks.entrySet()) {
                used += Math.max(0, e.getValue() - before.ticks.getOrDefault(e.getKey(), 0L));
            }
            return used * (double) NANOS_PER_TICK / (nanoTime - before.nanoTime);
        }
    }

    /** The threads of the processes {@code pids} whose name {@code kind} accepts ({@link #COMPILERS}, {@link #CONCURRENT_GC}), now. */
    static Snapshot of(Predicate<String> kind, long... pids) {
        return of(Path.of("/proc"), kind, pids);
    }

    /** As {@link #of(Predicate, long...)}, from a {@code /proc} tree at {@code proc}. */
    static Snapshot of(Path proc, Predicate<String> kind, long... pids) {
        long now = System.nanoTime();
        Map<String, Long> ticks = new HashMap<>();
        for (long pid : pids) {
            try (DirectoryStream<Path> tasks = Files.newDirectoryStream(proc.resolve(Long.toString(pid)).resolve("task"))) {
                for (Path task : tasks) {
                    Long t = ticks(task.resolve("stat"), kind);
                    if (t != null) {
                        ticks.put(pid + "/" + task.getFileName(), t);
                    }
                }
            } catch (IOException | RuntimeException e) {
                return new Snapshot(null, now);
            }
        }
        return new Snapshot(ticks, now);
    }

    /** User plus system ticks of a thread of {@code kind}, from its {@code stat} file; null for any other thread or one that has ended. */
    static Long ticks(Path stat, Predicate<String> kind) {
        String line;
        try {
            line = Files.readString(stat);
        } catch (IOException e) {
            return null;
        }
        return ticks(line, kind);
    }

    /** proc(5): "pid (comm) state ...", utime and stime the 14th and 15th fields; comm may hold spaces and parentheses. */
    static Long ticks(String statLine, Predicate<String> kind) {
        int open = statLine.indexOf('(');
        int close = statLine.lastIndexOf(')');
        if (open < 0 || close < open) {
            return null;
        }
        String comm = statLine.substring(open + 1, close);
        if (!kind.test(comm)) {
            return null;
        }
        String[] f = statLine.substring(close + 2).trim().split("\\s+");
        // After the comm: state is field 3, so utime (14) and stime (15) are at 11 and 12.
        return Long.parseLong(f[11]) + Long.parseLong(f[12]);
    }
}
