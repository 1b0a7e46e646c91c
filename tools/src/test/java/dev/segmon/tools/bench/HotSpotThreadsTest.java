package dev.segmon.tools.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HotSpotThreadsTest {

    /** A stat line as proc(5) lays it out: pid, (comm), state, then ppid ... utime (14th) and stime (15th). */
    private static String stat(int tid, String comm, long utime, long stime) {
        return tid + " (" + comm + ") S 1 1 1 0 -1 4194368 100 0 0 0 " + utime + " " + stime + " 0 0 20 0 30 0 1000 0 0\n";
    }

    @Test
    void aCompilerThreadsTicksAreItsUserAndSystemTime() {
        // utime 120 + stime 7 = 127 ticks.
        assertEquals(127L, HotSpotThreads.ticks(stat(42, "C2 CompilerThre", 120, 7), HotSpotThreads.COMPILERS));
        assertEquals(3L, HotSpotThreads.ticks(stat(43, "C1 CompilerThre", 2, 1), HotSpotThreads.COMPILERS));
    }

    @Test
    void otherThreadsAreNotCompilers() {
        assertNull(HotSpotThreads.ticks(stat(44, "GC Thread#0", 500, 3), HotSpotThreads.COMPILERS));
        // A comm may hold spaces and parentheses; the last ')' ends it.
        assertNull(HotSpotThreads.ticks(stat(45, "x) (C2 CompilerThre", 9, 9), HotSpotThreads.COMPILERS));
    }

    @Test
    void g1sConcurrentThreadsAreTheOnesBesideTheApplication() {
        // The names HotSpot 17 gives them, as the kernel keeps them (15 characters).
        assertEquals(150L, HotSpotThreads.ticks(stat(50, "G1 Conc#0", 140, 10), HotSpotThreads.CONCURRENT_GC));
        assertEquals(4L, HotSpotThreads.ticks(stat(51, "G1 Main Marker", 4, 0), HotSpotThreads.CONCURRENT_GC));
        assertEquals(9L, HotSpotThreads.ticks(stat(52, "G1 Refine#1", 8, 1), HotSpotThreads.CONCURRENT_GC));
        assertEquals(2L, HotSpotThreads.ticks(stat(53, "G1 Service", 1, 1), HotSpotThreads.CONCURRENT_GC));
        // The pauses' workers run while the application waits: the pauses' share counts them.
        assertNull(HotSpotThreads.ticks(stat(54, "GC Thread#0", 500, 3), HotSpotThreads.CONCURRENT_GC));
        assertNull(HotSpotThreads.ticks(stat(55, "C2 CompilerThre", 9, 9), HotSpotThreads.CONCURRENT_GC));
    }

    @Test
    void coresAreTheTicksUsedOverTheWallTime(@TempDir Path proc) throws IOException {
        Path task = proc.resolve("7").resolve("task");
        Files.createDirectories(task.resolve("70"));
        Files.createDirectories(task.resolve("71"));
        Files.writeString(task.resolve("70").resolve("stat"), stat(70, "C2 CompilerThre", 100, 0));
        Files.writeString(task.resolve("71").resolve("stat"), stat(71, "main", 900, 0));
        HotSpotThreads.Snapshot before = HotSpotThreads.of(proc, HotSpotThreads.COMPILERS, 7);
        assertEquals(1, before.ticks().size());
        // 30 more ticks of the C2 thread and a new C1 thread with 20: 50 ticks = 0.5 s of CPU.
        Files.writeString(task.resolve("70").resolve("stat"), stat(70, "C2 CompilerThre", 125, 5));
        Files.createDirectories(task.resolve("72"));
        Files.writeString(task.resolve("72").resolve("stat"), stat(72, "C1 CompilerThre", 20, 0));
        HotSpotThreads.Snapshot after = new HotSpotThreads.Snapshot(HotSpotThreads.of(proc, HotSpotThreads.COMPILERS, 7).ticks(), before.nanoTime() + 2_000_000_000L);
        // 0.5 s of CPU over 2 s of wall time: 0.25 cores.
        assertEquals(0.25, after.coresSince(before), 1e-12);
    }

    @Test
    void anUnreadableProcessGivesNoFigure(@TempDir Path proc) {
        HotSpotThreads.Snapshot none = HotSpotThreads.of(proc, HotSpotThreads.COMPILERS, 12345);
        assertNull(none.ticks());
        assertTrue(Double.isNaN(new HotSpotThreads.Snapshot(java.util.Map.of(), none.nanoTime() + 1).coresSince(none)));
    }
}
