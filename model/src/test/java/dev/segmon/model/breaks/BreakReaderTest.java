package dev.segmon.model.breaks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.segmon.model.io.InputException;
import dev.segmon.model.io.TextLines;
import java.io.BufferedReader;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;

class BreakReaderTest {

    private static List<BreakSentence> read(String text, BreakFormat format, boolean countFinal) {
        return BreakReader.read(TextLines.of("f", new BufferedReader(new StringReader(text))), format, countFinal);
    }

    private static final String WORDS = """
            the NB
            cat NB
            sat B
            down BB

            it NB
            rained BB
            """;

    @Test
    void wordPerLineLeavesTheSentenceFinalJunctureOut() {
        List<BreakSentence> s = read(WORDS, BreakFormat.WORDS, false);
        // 4 words -> 3 junctures between them; 2 words -> 1.
        assertEquals(List.of("NB", "NB", "B"), s.get(0).junctures());
        assertEquals(List.of("NB"), s.get(1).junctures());
        assertEquals(1, s.get(0).line());
        assertEquals(6, s.get(1).line());
    }

    @Test
    void countFinalKeepsTheJunctureAfterTheLastWord() {
        List<BreakSentence> s = read(WORDS, BreakFormat.WORDS, true);
        assertEquals(List.of("NB", "NB", "B", "BB"), s.get(0).junctures());
        assertEquals(List.of("NB", "BB"), s.get(1).junctures());
    }

    @Test
    void countingTheForcedFinalBreakInflatesBreaksCorrect() {
        // Festival forces a break at the end of the utterance, so both sides agree there.
        // Without it: ref NB B, test NB NB -> B = 1, D = 1, breaks-correct 0/1.
        // With it: ref NB B BB, test NB NB BB -> B = 2, D = 1, breaks-correct 1/2.
        String ref = "a NB\nb B\nc BB\n";
        String test = "a NB\nb NB\nc BB\n";
        BreakCounts without = BreakScorer.score("r", read(ref, BreakFormat.WORDS, false), "t", read(test, BreakFormat.WORDS, false), false);
        BreakCounts with = BreakScorer.score("r", read(ref, BreakFormat.WORDS, true), "t", read(test, BreakFormat.WORDS, true), false);
        assertEquals(0.0, without.scores().breaksCorrect());
        assertEquals(0.5, with.scores().breaksCorrect());
    }

    @Test
    void jsonlJuncturesAreTakenAsGiven() {
        List<BreakSentence> s = read("{\"id\": \"s1\", \"junctures\": [\"NB\", \"B\"]}\n\n{\"id\": 7, \"junctures\": []}\n",
                BreakFormat.JSONL, false);
        assertEquals(List.of(new BreakSentence("s1", List.of("NB", "B"), 1), new BreakSentence("7", List.of(), 3)), s);
    }

    @Test
    void everyBadLineIsReportedWithFileAndLine() {
        assertEquals("f:2: expected 'word LABEL' (two fields), found 3",
                assertThrows(InputException.class, () -> read("a NB\nb B extra\n", BreakFormat.WORDS, false)).getMessage());
        assertEquals("f:1: missing \"junctures\"",
                assertThrows(InputException.class, () -> read("{\"id\": \"s1\"}", BreakFormat.JSONL, false)).getMessage());
        assertEquals("f:1: juncture 1 must be a label string such as \"NB\", not 3",
                assertThrows(InputException.class, () -> read("{\"id\": \"s1\", \"junctures\": [\"NB\", 3]}", BreakFormat.JSONL, false)).getMessage());
        assertEquals("f:2: sentence 's1' appears a second time",
                assertThrows(InputException.class, () -> read("{\"id\":\"s1\",\"junctures\":[]}\n{\"id\":\"s1\",\"junctures\":[]}", BreakFormat.JSONL, false)).getMessage());
        assertEquals(1, assertThrows(InputException.class, () -> read("{\"id\": ", BreakFormat.JSONL, false)).line());
        assertEquals("f: empty file: no sentence",
                assertThrows(InputException.class, () -> read("\n\n", BreakFormat.WORDS, false)).getMessage());
    }
}
