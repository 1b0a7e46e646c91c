package dev.segmon.model.bench;

import dev.segmon.model.boundary.BoundaryScorer;
import dev.segmon.model.boundary.CorpusBoundaryResult;
import dev.segmon.model.io.ReadOptions;
import dev.segmon.model.io.UtteranceReader;
import dev.segmon.model.io.UtteranceReaders;
import dev.segmon.model.testing.RandomCorpus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What {@code eval boundaries} does after the JVM has started: read two JSONL files (100
 * boundaries per utterance per side, same order) and score them, in one thread. Separates the
 * reader's cost ({@code readBoth}) from the whole ({@code scoreCorpus}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx1g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class JsonlCorpusBenchmark {
    @Param({"20000"})
    public int utterances;

    private Path dir;
    private Path ref;
    private Path hyp;
    private final BoundaryScorer scorer = BoundaryScorer.builder().build();

    @Setup(Level.Trial)
    public void write() throws IOException {
        dir = Files.createTempDirectory("segmon-bench");
        ref = dir.resolve("ref.jsonl");
        hyp = dir.resolve("hyp.jsonl");
        RandomCorpus.writeJsonl(RandomCorpus.realistic(new Random(42), utterances, 100, 0), ref, hyp);
    }

    @TearDown(Level.Trial)
    public void delete() throws IOException {
        Files.deleteIfExists(ref);
        Files.deleteIfExists(hyp);
        Files.deleteIfExists(dir);
    }

    @Benchmark
    public long readBoth() {
        return read(ref) + read(hyp);
    }

    private long read(Path file) {
        long n = 0;
        try (UtteranceReader r = UtteranceReaders.open(file, ReadOptions.DEFAULT)) {
            while (r.hasNext()) {
                n += scorer.boundaries(r.next()).length;
            }
        }
        return n;
    }

    @Benchmark
    public CorpusBoundaryResult scoreCorpus() {
        try (UtteranceReader r = UtteranceReaders.open(ref, ReadOptions.DEFAULT);
             UtteranceReader h = UtteranceReaders.open(hyp, ReadOptions.DEFAULT)) {
            return scorer.score(r, h);
        }
    }
}
