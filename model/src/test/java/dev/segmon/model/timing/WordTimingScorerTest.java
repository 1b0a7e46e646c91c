package dev.segmon.model.timing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.segmon.model.io.InputException;
import dev.segmon.model.io.ReadOptions;
import dev.segmon.model.io.UtteranceReader;
import dev.segmon.model.io.UtteranceReaders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Word timing on a corpus worked by hand, and the edges of the input. */
class WordTimingScorerTest {
    @TempDir
    Path dir;

    // u1: ref the cat sat down (+ sil), hyp The bat sat down now (+ sil); u2 on the reference side only.
    private static final String REF = """
            {"id":"u1","segments":[{"start":0.10,"end":0.30,"label":"the"},{"start":0.30,"end":0.62,"label":"cat"},\
            {"start":0.62,"end":1.00,"label":"sat"},{"start":1.00,"end":1.40,"label":"down"},{"start":1.40,"end":1.60,"label":"sil"}]}
            {"id":"u2","segments":[{"start":0.0,"end":0.5,"label":"hello"}]}
            """;
    private static final String HYP = """
            {"id":"u1","segments":[{"start":0.12,"end":0.31,"label":"The"},{"start":0.31,"end":0.60,"label":"bat"},\
            {"start":0.655,"end":1.02,"label":"sat"},{"start":0.95,"end":1.60,"label":"down"},{"start":1.60,"end":1.80,"label":"now"},\
            {"start":1.80,"end":1.90,"label":"sil"}]}
            """;

    private TimingResult score(String ref, String hyp, Set<String> ignored, boolean ignoreCase) throws IOException {
        Path r = Files.writeString(dir.resolve("ref.jsonl"), ref);
        Path h = Files.writeString(dir.resolve("hyp.jsonl"), hyp);
        try (UtteranceReader rr = UtteranceReaders.open(r, ReadOptions.DEFAULT); UtteranceReader hr = UtteranceReaders.open(h, ReadOptions.DEFAULT)) {
            return new WordTimingScorer(ignored, ignoreCase).score(rr, hr);
        }
    }

    @Test
    void handWorkedCorpus() throws IOException {
        // sil left out; case folded. u1 aligns the=The (match), cat/bat (substitution), sat, down
        // (matches), now (insertion); u2 'hello' is unpaired: n_ref 4 + 1 = 5, n_hyp 5, matched 3.
        // Offsets hyp - ref in µs:   start                      end
        //   the   0.12-0.10 = +20 000           0.31-0.30 = +10 000
        //   sat   0.655-0.62 = +35 000          1.02-1.00 = +20 000
        //   down  0.95-1.00 = -50 000           1.60-1.40 = +200 000
        // start: sum +5 000, |sum| 105 000; end: sum +230 000, |sum| 230 000.
        TimingResult result = score(REF, HYP, Set.of("sil"), true);
        TimingCounts c = result.counts();
        assertEquals(5, c.referenceWords());
        assertEquals(5, c.hypothesisWords());
        assertEquals(3, c.matched());
        assertEquals(5_000, c.startOffsetSum());
        assertEquals(230_000, c.endOffsetSum());
        assertEquals(105_000, c.startErrorSum());
        assertEquals(230_000, c.endErrorSum());
        TimingScores s = result.scores();
        assertEquals(3.0 / 5, s.matchedShare());
        assertEquals(5_000.0 / 3, s.startBias(), 1e-9);
        assertEquals(230_000.0 / 3, s.endBias(), 1e-9);
        assertEquals(235_000.0 / 6, s.boundaryBias(), 1e-9);
        assertEquals(35_000.0, s.startMeanError(), 1e-9);
        assertEquals(230_000.0 / 3, s.endMeanError(), 1e-9);
        assertEquals(335_000.0 / 6, s.boundaryMeanError(), 1e-9);
        // medians of |offset|: starts {20 000, 35 000, 50 000} -> 35 000; ends {10 000, 20 000, 200 000}
        // -> 20 000; pooled {10, 20, 20, 35, 50, 200} thousand -> (20 000 + 35 000) / 2.
        assertEquals(35_000.0, result.offsets().startMedianError());
        assertEquals(20_000.0, result.offsets().endMedianError());
        assertEquals(27_500.0, result.offsets().boundaryMedianError());
        // Collars include their edge: 50 000 is within 50 ms, 200 000 within 200 ms.
        // 20 ms: starts the; ends the, sat; both the.  50 and 100 ms: starts all 3; ends the, sat; both the, sat.
        // 200 ms: all three, start and end.
        assertEquals(new CollarCounts(1, 2, 1), c.within(Collar.MS_20));
        assertEquals(new CollarCounts(3, 2, 2), c.within(Collar.MS_50));
        assertEquals(new CollarCounts(3, 2, 2), c.within(Collar.MS_100));
        assertEquals(new CollarCounts(3, 3, 3), c.within(Collar.MS_200));
        assertEquals(1.0 / 3, s.wordsWithin(Collar.MS_20));
        assertEquals(2.0 / 3, s.endsWithin(Collar.MS_50));
        // WhisperX at 200 ms: 3 words right and in time, of 5 reference and 5 hypothesis words.
        assertEquals(3.0 / 5, s.recallWithin(Collar.MS_200));
        assertEquals(3.0 / 5, s.precisionWithin(Collar.MS_200));
        assertEquals(2, result.utterances());
        assertEquals(List.of("u2"), result.unpaired());
    }

    @Test
    void withoutCaseFoldingTheFirstWordIsASubstitutionAndIgnoredLabelsCountAsWords() throws IOException {
        // "the" vs "The" no longer match: matched 2 (sat, down). With sil kept, u1's sil segments are
        // words on both sides (ref 1.40-1.60, hyp 1.80-1.90): ref the cat sat down sil, hyp The bat
        // sat down now sil -> sil matches too (start +400 000), so matched 3, n_ref 6, n_hyp 6.
        TimingResult folded = score(REF, HYP, Set.of("sil"), false);
        assertEquals(2, folded.counts().matched());
        TimingResult kept = score(REF, HYP, Set.of(), false);
        assertEquals(3, kept.counts().matched());
        assertEquals(6, kept.counts().referenceWords());
        assertEquals(6, kept.counts().hypothesisWords());
        assertEquals(35_000 - 50_000 + 400_000, kept.counts().startOffsetSum());
    }

    @Test
    void noMatchedWordLeavesEveryOffsetFigureNull() throws IOException {
        TimingResult result = score("{\"id\":\"u\",\"segments\":[{\"start\":0,\"end\":1,\"label\":\"a\"}]}\n",
                "{\"id\":\"u\",\"segments\":[{\"start\":0,\"end\":1,\"label\":\"b\"}]}\n", Set.of(), false);
        assertEquals(0.0, result.scores().matchedShare());
        assertNull(result.scores().startBias());
        assertNull(result.scores().boundaryMeanError());
        assertNull(result.offsets().boundaryMedianError());
        assertEquals(0.0, result.scores().recallWithin(Collar.MS_200));
    }

    @Test
    void bareBoundaryTimesAreBadInputNamingTheFile() throws IOException {
        InputException e = assertThrows(InputException.class, () -> score(REF, "{\"id\":\"u1\",\"boundaries\":[0.1,0.3]}\n", Set.of(), false));
        assertEquals(dir.resolve("hyp.jsonl") + ": utterance 'u1' gives bare boundary times; word timing needs labelled segments (words)",
                e.getMessage());
    }

    @Test
    void countsOfTwoUtterancesAddUpToTheCountsOfTheirOffsetsTogether() {
        TimingCounts a = TimingCounts.of(4, 3, new long[] {20_000, -50_000}, new long[] {0, 250_000});
        TimingCounts b = TimingCounts.of(2, 5, new long[] {-20_001}, new long[] {100_000});
        assertEquals(TimingCounts.of(6, 8, new long[] {20_000, -50_000, -20_001}, new long[] {0, 250_000, 100_000}), a.plus(b));
        assertEquals(a, a.plus(TimingCounts.ZERO));
        assertEquals(a.plus(b), b.plus(a));
    }
}
