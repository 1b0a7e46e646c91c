package dev.segmon.app.bench;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * CPU time of the JIT compiler threads of some JVMs, read from {@code /proc}: HotSpot names them
 * "C1 CompilerThread<n>" and "C2 CompilerThread<n>" (the kernel keeps 15 characters of a name)
 * and hides them from {@code ThreadMXBean}. The bench's paced warm-up goes on until they have
 * settled (docs/performance.md, "The compilers settled before the latency is measured").
 */
final class CompilerThreads {
    /** {@code /proc} counts in USER_HZ ticks, 100 a second on Linux. */
    private static final long NANOS_PER_TICK = 10_000_000L;

    private CompilerThreads() {
    }

    /** The compiler threads' CPU ticks at one moment, per "pid/tid"; {@code ticks} null where {@code /proc} could not be read. */
    record Snapshot(Map<String, Long> ticks, long nanoTime) {
        /**
         * Cores the compiler threads used since {@code before}: a thread started in between counts
         * whole, one that ended in between is lost (HotSpot adds and removes compiler threads only
         * when it has more than one of a kind). NaN where either snapshot could not be read.
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

    /** The compiler threads of the processes {@code pids} now. */
    static Snapshot of(long... pids) {
        return of(Path.of("/proc"), pids);
    }

    /** As {@link #of(long...)}, from a {@code /proc} tree at {@code proc}. */
    static Snapshot of(Path proc, long... pids) {
        long now = System.nanoTime();
        Map<String, Long> ticks = new HashMap<>();
        for (long pid : pids) {
            try (DirectoryStream<Path> tasks = Files.newDirectoryStream(proc.resolve(Long.toString(pid)).resolve("task"))) {
                for (Path task : tasks) {
                    Long t = compilerTicks(task.resolve("stat"));
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

    /** User plus system ticks of a compiler thread's {@code stat} line; null for any other thread or one that has ended. */
    static Long compilerTicks(Path stat) {
        String line;
        try {
            line = Files.readString(stat);
        } catch (IOException e) {
            return null;
        }
        return compilerTicks(line);
    }

    /** proc(5): "pid (comm) state ...", utime and stime the 14th and 15th fields; comm may hold spaces and parentheses. */
    static Long compilerTicks(String statLine) {
        int open = statLine.indexOf('(');
        int close = statLine.lastIndexOf(')');
        if (open < 0 || close < open) {
            return null;
        }
        String comm = statLine.substring(open + 1, close);
        if (!(comm.startsWith("C1 CompilerThre") || comm.startsWith("C2 CompilerThre"))) {
            return null;
        }
        String[] f = statLine.substring(close + 2).trim().split("\\s+");
        // After the comm: state is field 3, so utime (14) and stime (15) are at 11 and 12.
        return Long.parseLong(f[11]) + Long.parseLong(f[12]);
    }
}
