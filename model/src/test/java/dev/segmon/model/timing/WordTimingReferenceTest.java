package dev.segmon.model.timing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.model.alignment.Segment;
import dev.segmon.model.alignment.Utterance;
import dev.segmon.model.io.ReadOptions;
import dev.segmon.model.io.UtteranceReader;
import dev.segmon.model.io.UtteranceReaders;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Word timing on real alignments with a known answer. */
class WordTimingReferenceTest {
    @TempDir
    Path dir;

    private static final ReadOptions WORDS_TIER = ReadOptions.DEFAULT.withTier("words");

    private static Path resource(String name) throws URISyntaxException {
        return Path.of(WordTimingReferenceTest.class.getResource("/data/" + name).toURI());
    }

    private static TimingResult score(Path ref, ReadOptions refOptions, Path hyp) {
        try (UtteranceReader r = UtteranceReaders.open(ref, refOptions); UtteranceReader h = UtteranceReaders.open(hyp, ReadOptions.DEFAULT)) {
            return new WordTimingScorer(Set.of(), false).score(r, h);
        }
    }

    /** The words tier of the Montreal Forced Aligner's acoustic_corpus.TextGrid, every start and end moved (decimal arithmetic). */
    private Path shiftedMfaWords(String startShift, String endShift) throws IOException, URISyntaxException {
        Utterance.Segmented words;
        try (UtteranceReader r = UtteranceReaders.open(resource("textgrid/mfa/acoustic_corpus.TextGrid"), WORDS_TIER)) {
            words = (Utterance.Segmented) r.next();
        }
        String segments = words.segments().stream().map(s -> "{\"start\":" + moved(s.start(), startShift) + ",\"end\":"
                + moved(s.end(), endShift) + ",\"label\":\"" + s.label() + "\"}").collect(Collectors.joining(","));
        return Files.writeString(dir.resolve("shifted.jsonl"), "{\"id\":\"" + words.id() + "\",\"segments\":[" + segments + "]}\n");
    }

    private static String moved(double seconds, String shift) {
        return new BigDecimal(Double.toString(seconds)).add(new BigDecimal(shift)).toPlainString();
    }

    @Test
    void mfaAlignmentEveryWordFifteenMillisecondsLate() throws IOException, URISyntaxException {
        // The words tier holds 71 intervals, 58 of them labelled (counted in the file by hand).
        // Every start and end +15 ms: each matched word's offsets are exactly +15 000 µs.
        TimingResult result = score(resource("textgrid/mfa/acoustic_corpus.TextGrid"), WORDS_TIER, shiftedMfaWords("0.015", "0.015"));
        TimingCounts c = result.counts();
        assertEquals(58, c.referenceWords());
        assertEquals(58, c.matched());
        TimingScores s = result.scores();
        assertEquals(1.0, s.matchedShare());
        assertEquals(15_000.0, s.startBias());
        assertEquals(15_000.0, s.endBias());
        assertEquals(15_000.0, s.startMeanError());
        assertEquals(15_000.0, s.boundaryMeanError());
        assertEquals(15_000.0, result.offsets().boundaryMedianError());
        for (Collar collar : Collar.values()) {
            assertEquals(1.0, s.wordsWithin(collar), collar.key());
        }
    }

    @Test
    void mfaAlignmentStartsTenMillisecondsEarlyEndsThirtyLate() throws IOException, URISyntaxException {
        // Starts -10 ms, ends +30 ms: the biases keep their signs, the pooled bias is (-10 + 30) / 2 = +10 ms
        // and the pooled mean error (10 + 30) / 2 = 20 ms; at 20 ms every start and no end is within.
        TimingResult result = score(resource("textgrid/mfa/acoustic_corpus.TextGrid"), WORDS_TIER, shiftedMfaWords("-0.010", "0.030"));
        TimingScores s = result.scores();
        assertEquals(-10_000.0, s.startBias());
        assertEquals(30_000.0, s.endBias());
        assertEquals(10_000.0, s.boundaryBias());
        assertEquals(20_000.0, s.boundaryMeanError());
        assertEquals(20_000.0, result.offsets().boundaryMedianError()); // 58 values of 10 000 and 58 of 30 000
        assertEquals(new CollarCounts(58, 0, 0), result.counts().within(Collar.MS_20));
        assertEquals(new CollarCounts(58, 58, 58), result.counts().within(Collar.MS_50));
    }

    @Test
    void mandarinGoldAgainstItsDocumentedPerturbation() throws URISyntaxException {
        // Reference: examples/mandarin/gold.wrd (ZeroSpeech 2017 Mandarin, files A33 and A36).
        // Hypothesis: gold-perturbed.wrd, written by `python3 docs/tools/timing_reference.py --perturb
        // examples/mandarin/gold.wrd model/src/test/resources/data/zr17-mandarin/gold-perturbed.wrd`
        // (its docstring states the perturbation). Expected figures: that script's own alignment and
        // arithmetic, `python3 docs/tools/timing_reference.py examples/mandarin/gold.wrd
        // model/src/test/resources/data/zr17-mandarin/gold-perturbed.wrd` (Python 3.11), which printed
        // n_ref 1963, n_hyp 1896, matched 1570, start sum 7 877 000, end sum 75 233 000, start |sum|
        // 24 617 000, end |sum| 83 051 000, medians 15 000 / 26 000 / 18 000, and within
        // 20/50/100/200 ms [starts, ends, both] [1054, 689, 465] [1570, 1211, 1211] [1570, 1395, 1395] x 2.
        Path gold = Path.of("..", "examples", "mandarin", "gold.wrd");
        assertTrue(Files.isRegularFile(gold), "run from the model module: " + gold.toAbsolutePath());
        TimingResult result = score(gold, ReadOptions.DEFAULT, resource("zr17-mandarin/gold-perturbed.wrd"));
        TimingCounts c = result.counts();
        assertEquals(1963, c.referenceWords());
        assertEquals(1896, c.hypothesisWords());
        assertEquals(1570, c.matched());
        assertEquals(7_877_000, c.startOffsetSum());
        assertEquals(75_233_000, c.endOffsetSum());
        assertEquals(24_617_000, c.startErrorSum());
        assertEquals(83_051_000, c.endErrorSum());
        TimingScores s = result.scores();
        assertEquals(5017.197452229299, s.startBias(), 1e-9);
        assertEquals(47919.108280254775, s.endBias(), 1e-9);
        assertEquals(15679.617834394905, s.startMeanError(), 1e-9);
        assertEquals(52898.72611464968, s.endMeanError(), 1e-9);
        assertEquals(34289.171974522294, s.boundaryMeanError(), 1e-9);
        assertEquals(15_000.0, result.offsets().startMedianError());
        assertEquals(26_000.0, result.offsets().endMedianError());
        assertEquals(18_000.0, result.offsets().boundaryMedianError());
        assertEquals(new CollarCounts(1054, 689, 465), c.within(Collar.MS_20));
        assertEquals(new CollarCounts(1570, 1211, 1211), c.within(Collar.MS_50));
        assertEquals(new CollarCounts(1570, 1395, 1395), c.within(Collar.MS_100));
        assertEquals(new CollarCounts(1570, 1395, 1395), c.within(Collar.MS_200));
        assertEquals(2, result.utterances());
    }
}
