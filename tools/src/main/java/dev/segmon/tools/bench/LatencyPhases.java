package dev.segmon.tools.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.LongFunction;

/**
 * The paced latency phases of one application at one rate: the warm-up, the settling steps until
 * the JIT compilers have settled, and the measured phases, each with a fresh probe.
 */
final class LatencyPhases {
    /** One settling step of the paced warm-up: long enough that a few compilations do not decide it. */
    static final double SETTLE_STEP_SECONDS = 10;
    /**
     * The compilers have settled when the compiler threads of the bench's JVM and its broker used
     * less than this many cores over a step: with two cores, what a running monitor's compilers
     * leave after the paced paths are compiled (docs/performance.md).
     */
    static final double SETTLED_COMPILER_CORES = 0.05;

    private final PacedLatency paced;
    private final Bench.Options options;
    private final Consumer<String> note;

    LatencyPhases(PacedLatency paced, Bench.Options options, Consumer<String> note) {
        this.paced = paced;
        this.options = options;
        this.note = note;
    }

    /**
     * An application's latency phases: the measured ones, the warm-up before them, the sender's
     * and the stream threads' CPU per 1 000 records in the measured ones (the medians over them),
     * and the cores G1's concurrent threads took in each measured one.
     */
    record Figures(LatencyRuns measured, Bench.Warmup warmup, double senderCpuPerThousand, double streamCpuPerThousand,
                   List<Double> concurrentGcCores) {
    }

    /**
     * The paced warm-up (if any; logged, not counted) and the measured latency phases of one
     * application, each with a fresh probe. The paced phase runs code the throughput runs do not
     * (the paced producer, the poller, the selected scrape, the consumers' small fetches): the JIT
     * compiles it during the warm-up, on the cores the application shares. After the
     * {@code --latency-warmup} seconds the warm-up goes on, a step at a time, until the compiler
     * threads of this JVM and the broker's have settled, or for {@code --latency-settle} seconds
     * at most: the measured phase is then what a monitor that has run for minutes sees
     * (docs/performance.md, "The compilers settled before the latency is measured").
     * {@code probe} is given the referenced utterances sent to the application before its phase,
     * from {@code before}.
     */
    Figures run(double rate, String who, String prefix, long before, LongFunction<PacedLatency.Probe> probe, PacedLatency.Trace trace) {
        long sent = before;
        List<Percentiles> warm = new ArrayList<>();
        double warmSeconds = 0;
        if (options.latencyWarmupSeconds() > 0) {
            Percentiles w = paced.run(rate, who + "latency warm-up", prefix + "w", options.latencyWarmupSeconds(), null, 0, probe.apply(sent)).latency();
            sent += w.count();
            warm.add(w);
            warmSeconds += options.latencyWarmupSeconds();
        }
        Boolean settled = null;
        double compilers = Double.NaN;
        long[] pids = {ProcessHandle.current().pid(), paced.brokerPid()};
        int steps = (int) Math.floor(options.latencySettleSeconds() / SETTLE_STEP_SECONDS + 1e-9);
        for (int step = 1; step <= steps; step++) {
            HotSpotThreads.Snapshot start = HotSpotThreads.of(HotSpotThreads.COMPILERS, pids);
            Percentiles w = paced.run(rate, who + "latency settling, step " + step, prefix + "s" + step, SETTLE_STEP_SECONDS, null, 0, probe.apply(sent)).latency();
            compilers = HotSpotThreads.of(HotSpotThreads.COMPILERS, pids).coresSince(start);
            sent += w.count();
            warm.add(w);
            warmSeconds += SETTLE_STEP_SECONDS;
            if (Double.isNaN(compilers)) {
                note.accept(who + "latency settling: the compiler threads cannot be read from /proc; the measured phase starts");
                break;
            }
            settled = compilers < SETTLED_COMPILER_CORES;
            note.accept(String.format(Locale.ROOT, "%slatency settling, step %d: p99 %.3f s; the JIT compilers of this JVM and the broker used %.3f cores (%s)",
                    who, step, w.percentile(99), compilers, settled ? "settled" : step < steps ? "not yet settled" : "not settled; the measured phase starts"));
            if (settled) {
                break;
            }
        }
        Bench.Warmup warmup = Bench.Warmup.NONE;
        if (!warm.isEmpty()) {
            Percentiles all = Percentiles.of(warm);
            warmup = new Bench.Warmup(warmSeconds, all.percentile(99), compilers, settled);
            note.accept(String.format(Locale.ROOT, "%slatency warm-up: %.0f s of paced traffic; p50 %.3f s, p99 %.3f s, max %.3f s (not counted)",
                    who, warmSeconds, all.percentile(50), all.percentile(99), all.max()));
        }
        List<Percentiles> measured = new ArrayList<>();
        double[] senderCpu = new double[options.latencyRepeat()];
        double[] streamCpu = new double[options.latencyRepeat()];
        List<Double> concurrentGc = new ArrayList<>();
        for (int run = 1; run <= options.latencyRepeat(); run++) {
            String name = options.latencyRepeat() == 1 ? who + "latency" : who + "latency, phase " + run;
            CpuClock.Interval cpu = new CpuClock.Interval(paced.brokerPid());
            PacedLatency.Phase phase = paced.run(rate, name, prefix + "m" + run, options.latencySeconds(), trace, run, probe.apply(sent));
            Percentiles p = phase.latency();
            sent += p.count();
            measured.add(p);
            senderCpu[run - 1] = phase.senderCpuPerThousand();
            CpuClock.Busy busy = cpu.busy();
            // The sender keeps to its schedule (the trace's behind_schedule_s), so rate x time is the records sent.
            streamCpu[run - 1] = busy.stream() / rate * 1e6;
            concurrentGc.add(busy.concurrentGc());
            note.accept(String.format(Locale.ROOT, "%s: p50 %.3f s, p99 %.3f s, max %.3f s (%d referenced utterances); %s; stream threads %.2f ms per 1000 records",
                    name, p.percentile(50), p.percentile(99), p.max(), p.count(), busy, streamCpu[run - 1]));
        }
        LatencyRuns runs = LatencyRuns.of(measured);
        if (runs.runs().size() > 1) {
            Latency summary = runs.summary();
            note.accept(String.format(Locale.ROOT, "%slatency: p50 %.3f s, p99 %.3f s (medians of %d phases), max %.3f s; all %d referenced utterances together: p99 %.3f s",
                    who, summary.p50(), summary.p99(), runs.runs().size(), summary.max(), runs.pooled().samples(), runs.pooled().p99()));
        }
        return new Figures(runs, warmup, Percentiles.median(senderCpu), Percentiles.median(streamCpu), concurrentGc);
    }
}
