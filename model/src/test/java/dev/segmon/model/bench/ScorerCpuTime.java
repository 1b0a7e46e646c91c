package dev.segmon.model.bench;

import dev.segmon.model.boundary.Matching;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.function.Supplier;

/**
 * The {@link BoundaryScorerBenchmark} workloads timed in CPU time of the scoring thread, next to
 * wall time. On a machine shared with other jobs, wall time measures the neighbours as much as
 * the code (JMH reports wall time only); the thread's CPU time does not count the time it
 * waited for a core, so it shows whether time grows linearly with size. Run with
 * {@code ./segmon bench scorer-cpu}.
 */
public final class ScorerCpuTime {
    private static final int WARMUP = 5;
    private static final int RUNS = 9;

    private ScorerCpuTime() {
    }

    public static void main(String[] args) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        System.out.println("workload          matching     boundaries/side  cpu median [min..max] ms   wall median [min..max] ms   cpu ns/boundary");
        for (String workload : new String[] {"matchSorted", "scoreUtterances"}) {
            for (Matching matching : Matching.values()) {
                for (int boundaries : new int[] {1_000_000, 5_000_000, 10_000_000}) {
                    BoundaryScorerBenchmark b = new BoundaryScorerBenchmark();
                    b.boundaries = boundaries;
                    b.matching = matching;
                    b.generate();
                    Supplier<Object> run = workload.equals("matchSorted") ? b::matchSorted : b::scoreUtterances;
                    for (int i = 0; i < WARMUP; i++) {
                        run.get();
                    }
                    double[] cpu = new double[RUNS];
                    double[] wall = new double[RUNS];
                    for (int i = 0; i < RUNS; i++) {
                        long c0 = threads.getCurrentThreadCpuTime();
                        long w0 = System.nanoTime();
                        run.get();
                        wall[i] = (System.nanoTime() - w0) / 1e6;
                        cpu[i] = (threads.getCurrentThreadCpuTime() - c0) / 1e6;
                    }
                    Arrays.sort(cpu);
                    Arrays.sort(wall);
                    System.out.printf("%-17s %-12s %15d  %8.1f [%.1f..%.1f]   %8.1f [%.1f..%.1f]   %.1f%n",
                            workload, matching, boundaries, cpu[RUNS / 2], cpu[0], cpu[RUNS - 1],
                            wall[RUNS / 2], wall[0], wall[RUNS - 1], cpu[RUNS / 2] * 1e6 / (2.0 * boundaries));
                }
            }
        }
    }
}
