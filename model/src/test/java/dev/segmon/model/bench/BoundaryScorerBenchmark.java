package dev.segmon.model.bench;

import dev.segmon.model.alignment.Utterance;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.boundary.BoundaryScorer;
import dev.segmon.model.boundary.Matching;
import dev.segmon.model.testing.RandomCorpus;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Boundary scoring speed: N reference and N hypothesis boundaries, 100 per utterance per side
 * (so N/100 utterances), one thread. Requirement (issue "Foundation"): N = 10 million in under
 * 2 s, time linear in N. Run with {@code ./segmon bench scorer} (see docs/boundaries.md).
 *
 * <ul>
 * <li>{@code matchSorted}: the matching alone, on boundaries already on the microsecond grid;</li>
 * <li>{@code scoreUtterances}: what {@code eval boundaries} does per utterance after parsing:
 *     seconds to microseconds, sort, drop repeats, match, add the counts.</li>
 * </ul>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms3g", "-Xmx3g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class BoundaryScorerBenchmark {
    private static final int PER_UTTERANCE = 100;

    /** Boundaries per side. */
    @Param({"1000000", "5000000", "10000000"})
    public int boundaries;

    @Param({"ONE_TO_ONE", "MANY_TO_ONE"})
    public Matching matching;

    private BoundaryScorer scorer;
    private long[][] referenceMicros;
    private long[][] hypothesisMicros;
    private Utterance[] referenceUtterances;
    private Utterance[] hypothesisUtterances;

    @Setup(Level.Trial)
    public void generate() {
        scorer = BoundaryScorer.builder().tolerance(0.02).matching(matching).build();
        int utterances = boundaries / PER_UTTERANCE;
        Random random = new Random(42);
        referenceMicros = new long[utterances][];
        hypothesisMicros = new long[utterances][];
        referenceUtterances = new Utterance[utterances];
        hypothesisUtterances = new Utterance[utterances];
        for (int u = 0; u < utterances; u++) {
            double[] ref = RandomCorpus.referenceTimes(random, PER_UTTERANCE);
            double[] hyp = RandomCorpus.hypothesisTimes(random, ref);
            referenceMicros[u] = RandomCorpus.micros(ref);
            hypothesisMicros[u] = RandomCorpus.micros(hyp);
            String id = "u" + u;
            referenceUtterances[u] = new Utterance.Marked(id, ref);
            hypothesisUtterances[u] = new Utterance.Marked(id, hyp);
        }
    }

    @Benchmark
    public BoundaryCounts matchSorted() {
        BoundaryCounts total = BoundaryCounts.ZERO;
        for (int u = 0; u < referenceMicros.length; u++) {
            total = total.plus(scorer.score(referenceMicros[u], hypothesisMicros[u]));
        }
        return total;
    }

    @Benchmark
    public BoundaryCounts scoreUtterances() {
        BoundaryCounts total = BoundaryCounts.ZERO;
        for (int u = 0; u < referenceUtterances.length; u++) {
            total = total.plus(scorer.score(referenceUtterances[u], hypothesisUtterances[u]));
        }
        return total;
    }
}
