package dev.segmon.app.topology;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.replay.FakeTicker;
import dev.segmon.app.replay.RecordingSink;
import dev.segmon.app.replay.Replay;
import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.WordTiming;
import dev.segmon.model.alignment.Utterance;
import dev.segmon.model.interval.Interval;
import dev.segmon.model.interval.TimingMoments.Mean;
import dev.segmon.model.io.ReadOptions;
import dev.segmon.model.io.UtteranceReader;
import dev.segmon.model.io.UtteranceReaders;
import dev.segmon.model.timing.Collar;
import dev.segmon.model.timing.CollarCounts;
import dev.segmon.model.timing.TimingCounts;
import dev.segmon.model.timing.TimingResult;
import dev.segmon.model.timing.WordTimingScorer;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/timing.md, "Live": real alignments sent by {@code segmon replay} into the monitor's topology
 * give the word timing {@code eval timing} gives on the same files (counts exact, means to 1e-9),
 * and the figures an independent computation gives: docs/tools/timing_reference.py's, or a known shift.
 */
class WordTimingEqualsEvalTest {
    private static final Path DATA = Path.of("..", "model", "src", "test", "resources", "data");
    private static final ReadOptions WORDS_TIER = ReadOptions.DEFAULT.withTier("words");

    @TempDir
    Path dir;

    @Test
    void mandarinGoldAgainstItsPerturbationEqualsEvalTimingAndTheReferenceScript() throws Exception {
        Path gold = Path.of("..", "examples", "mandarin", "gold.wrd");
        Path hyp = DATA.resolve("zr17-mandarin/gold-perturbed.wrd");
        WordTiming live = replay(gold, ReadOptions.DEFAULT, hyp);
        assertEqualsEval(offline(gold, ReadOptions.DEFAULT, hyp), live);
        // `python3 docs/tools/timing_reference.py examples/mandarin/gold.wrd
        // model/src/test/resources/data/zr17-mandarin/gold-perturbed.wrd` (Python 3.11) printed: n_ref 1963,
        // n_hyp 1896, matched 1570, sums 7 877 000 / 75 233 000 / 24 617 000 / 83 051 000 µs, within
        // 20/50/100/200 ms [1054, 689, 465] [1570, 1211, 1211] [1570, 1395, 1395] x 2, 2 utterances; the
        // cumulative signed histogram at le -0.5 .. 0.5 s, starts [0, 0, 0, 0, 155, 412, 665, 923, 1185,
        // 1570, 1570, 1570, 1570], ends [0, 0, 0, 0, 32, 205, 375, 540, 705, 1211, 1395, 1395, 1570];
        // absolute at 0.01 .. 0.5 s, starts [537, 1054, 1570, 1570, 1570, 1570], ends [355, 689, 1211, 1395,
        // 1395, 1570]; 95 % intervals (utterance as the unit, t = tan(0.475 pi) for 2 utterances) start bias
        // [4987.190061997209, 5047.2048424613895], end bias [46078.82998289199, 49759.38657761756], start
        // mean abs [15404.360539544852, 15954.875129244958], end mean abs [50915.96374666107, 54881.48848263829] µs.
        assertEquals(new TimingCounts(1963, 1896, 1570, 7_877_000, 75_233_000, 24_617_000, 83_051_000,
                List.of(new CollarCounts(1054, 689, 465), new CollarCounts(1570, 1211, 1211), new CollarCounts(1570, 1395, 1395),
                        new CollarCounts(1570, 1395, 1395))), live.counts());
        assertEquals(2, live.moments().utterances());
        assertArrayEquals(new long[] {0, 0, 0, 0, 155, 412, 665, 923, 1185, 1570, 1570, 1570, 1570, 1570}, cumulative(live.startSigned()));
        assertArrayEquals(new long[] {0, 0, 0, 0, 32, 205, 375, 540, 705, 1211, 1395, 1395, 1570, 1570}, cumulative(live.endSigned()));
        assertArrayEquals(new long[] {537, 1054, 1570, 1570, 1570, 1570, 1570}, cumulative(live.startAbsolute()));
        assertArrayEquals(new long[] {355, 689, 1211, 1395, 1395, 1570, 1570}, cumulative(live.endAbsolute()));
        assertInterval(4987.190061997209, 5047.2048424613895, live, Mean.START_BIAS);
        assertInterval(46078.82998289199, 49759.38657761756, live, Mean.END_BIAS);
        assertInterval(15404.360539544852, 15954.875129244958, live, Mean.START_ERROR);
        assertInterval(50915.96374666107, 54881.48848263829, live, Mean.END_ERROR);
    }

    @Test
    void mfaAlignmentAgainstACopyFifteenMillisecondsLateEqualsEvalTimingAndTheShift() throws Exception {
        WordTiming live = mfaShifted("0.015", "0.015");
        // 58 labelled words, every start and end exactly +15 000 µs: in the (0.01, 0.02] bucket, within every collar.
        TimingCounts c = live.counts();
        assertEquals(58, c.matched());
        assertEquals(58 * 15_000, c.startOffsetSum());
        assertEquals(58 * 15_000, c.endErrorSum());
        assertEquals(15_000.0, c.scores().endBias());
        assertEquals(new CollarCounts(58, 58, 58), c.within(Collar.MS_20));
        assertEquals(58, live.startSigned()[8]); // bucket 8: le 0.02 s
        assertEquals(58, live.endAbsolute()[1]); // bucket 1: le 0.02 s
        assertNull(live.moments().estimate(Mean.END_BIAS), "one utterance: no interval");
    }

    @Test
    void mfaAlignmentStartsTenMillisecondsEarlyEndsThirtyLateEqualsEvalTiming() throws Exception {
        WordTiming live = mfaShifted("-0.010", "0.030");
        // Starts -10 ms: bucket le -0.01 (index 5); ends +30 ms: bucket le 0.05 (index 9); biases -10 and +30 ms.
        assertEquals(-10_000.0, live.counts().scores().startBias());
        assertEquals(30_000.0, live.counts().scores().endBias());
        assertEquals(58, live.startSigned()[5]);
        assertEquals(58, live.endSigned()[9]);
        assertEquals(new CollarCounts(58, 0, 0), live.counts().within(Collar.MS_20));
    }

    /** The MFA TextGrid's words against a copy with every start and end moved, replayed; equal to eval timing. */
    private WordTiming mfaShifted(String startShift, String endShift) throws Exception {
        Path grid = DATA.resolve("textgrid/mfa/acoustic_corpus.TextGrid");
        Path shifted = shiftedMfaWords(grid, startShift, endShift);
        WordTiming live = replay(grid, WORDS_TIER, shifted);
        assertEqualsEval(offline(grid, WORDS_TIER, shifted), live);
        return live;
    }

    private static void assertEqualsEval(TimingResult offline, WordTiming live) {
        assertEquals(offline.counts(), live.counts(), "live counts equal eval timing's");
        assertEquals(offline.scores().startBias(), live.counts().scores().startBias(), 1e-9);
        assertEquals(offline.scores().endBias(), live.counts().scores().endBias(), 1e-9);
        assertEquals(offline.scores().boundaryMeanError(), live.counts().scores().boundaryMeanError(), 1e-9);
        assertEquals(offline.utterances(), live.moments().utterances());
    }

    private static void assertInterval(double lower, double upper, WordTiming live, Mean mean) {
        Interval i = live.moments().confidenceInterval(mean, 0.95);
        assertEquals(lower, i.lower(), 1e-9 * Math.abs(lower), mean + " lower");
        assertEquals(upper, i.upper(), 1e-9 * Math.abs(upper), mean + " upper");
    }

    private static long[] cumulative(long[] buckets) {
        long[] out = buckets.clone();
        Arrays.parallelPrefix(out, Long::sum);
        return out;
    }

    private static TimingResult offline(Path ref, ReadOptions refOptions, Path hyp) {
        try (UtteranceReader r = UtteranceReaders.open(ref, refOptions); UtteranceReader h = UtteranceReaders.open(hyp, ReadOptions.DEFAULT)) {
            return new WordTimingScorer(Set.of(), false).score(r, h);
        }
    }

    /** The files replayed into the topology (words one message each, in start order), every utterance closed. */
    private static WordTiming replay(Path ref, ReadOptions refOptions, Path hyp) throws Exception {
        RecordingSink sink = new RecordingSink();
        try (UtteranceReader r = UtteranceReaders.open(ref, refOptions); UtteranceReader h = UtteranceReaders.open(hyp, ReadOptions.DEFAULT)) {
            Replay.builder().model("asr").ticker(new FakeTicker()).build().run(r, h, sink);
        }
        // The perturbed words overlap their neighbours by up to 0.35 s: a disorder bound of 1 s admits them all.
        try (SegmonDriver d = new SegmonDriver(MonitorConfig.builder().maxDisorder(1.0).referenceMaxDelay(Duration.ofHours(1)))) {
            long ts = 0;
            for (RecordingSink.Sent s : sink.sent) {
                ts += 1_000;
                if (s.topic().equals("h")) {
                    d.hyp(s.key(), s.json(), ts);
                } else {
                    d.ref(s.key(), s.json(), ts);
                }
            }
            assertEquals(0, d.deadLetters.getQueueSize(), "no word refused");
            return d.timing.totals().get(new ModelTier("asr", "word"));
        }
    }

    /** The words tier of a TextGrid, every start and end moved (decimal arithmetic), as JSON lines. */
    private Path shiftedMfaWords(Path grid, String startShift, String endShift) throws Exception {
        Utterance.Segmented words;
        try (UtteranceReader r = UtteranceReaders.open(grid, WORDS_TIER)) {
            words = (Utterance.Segmented) r.next();
        }
        String segments = words.segments().stream().filter(s -> !s.label().isEmpty())
                .map(s -> "{\"start\":" + moved(s.start(), startShift) + ",\"end\":" + moved(s.end(), endShift)
                        + ",\"label\":\"" + s.label() + "\"}").collect(Collectors.joining(","));
        return Files.writeString(dir.resolve("shifted.jsonl"), "{\"id\":\"" + words.id() + "\",\"segments\":[" + segments + "]}\n");
    }

    private static String moved(double seconds, String shift) {
        return new BigDecimal(Double.toString(seconds)).add(new BigDecimal(shift)).toPlainString();
    }
}
