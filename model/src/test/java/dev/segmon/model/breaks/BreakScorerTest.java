package dev.segmon.model.breaks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.segmon.model.io.InputException;
import java.util.List;
import org.junit.jupiter.api.Test;

class BreakScorerTest {

    private static List<String> labels(String spaced) {
        return List.of(spaced.trim().split("\\s+"));
    }

    @Test
    void handExampleOfTheMetricAnchors() {
        // Hand example of docs/text-metrics.md section 1: ref NB B NB NB B NB B NB, test NB B B NB NB NB B NB.
        // Breaks in ref at 1, 4, 6; in test at 1, 2, 6. Position 4: ref B, test NB -> D.
        // Position 2: ref NB, test B -> I. N = 8, B = 3, D = 1, I = 1, S = 0.
        BreakCounts c = BreakScorer.score(labels("NB B NB NB B NB B NB"), labels("NB B B NB NB NB B NB"));
        assertEquals(new BreakCounts(8, 3, 1, 1, 0), c);
        BreakScores s = c.scores();
        assertEquals(2.0 / 3, s.breaksCorrect(), 1e-15);            // (3-1-0)/3
        assertEquals(6.0 / 8, s.juncturesCorrect(), 1e-15);         // (8-1-0-1)/8
        assertEquals(7.0 / 8, s.nonBreaksCorrect(), 1e-15);         // (8-1-0)/8, as printed
        assertEquals(1.0 / 8, s.falseInsertionsJunctures(), 1e-15); // 1/8
        assertEquals(1.0 / 3, s.falseInsertionsBreaks(), 1e-15);    // 1/3
        assertEquals(4.0 / 5, s.nonBreaksCorrectPerNonBreak(), 1e-15); // (8-3-1)/(8-3)
    }

    @Test
    void aBreakOfTheWrongTypeIsASubstitutionNotAHit() {
        // ref: B1 at 0, B2 at 2, NB at 1 and 3; test: B2 at 0 (wrong type -> S), B2 at 2 (hit),
        // B1 at 3 (ref NB -> I). N = 4, B = 2, D = 0, I = 1, S = 1.
        BreakCounts c = BreakScorer.score(labels("B1 NB B2 NB"), labels("B2 NB B2 B1"));
        assertEquals(new BreakCounts(4, 2, 0, 1, 1), c);
        assertEquals(0.5, c.scores().breaksCorrect(), 1e-15);      // (2-0-1)/2
        assertEquals(0.5, c.scores().nonBreaksCorrect(), 1e-15);   // (4-1-1)/4
        assertEquals(0.5, c.scores().juncturesCorrect(), 1e-15);   // (4-0-1-1)/4 = 2/4
        assertEquals(0.5, c.scores().nonBreaksCorrectPerNonBreak(), 1e-15); // (4-2-1)/(4-2)
    }

    @Test
    void ratiosWithAZeroDenominatorAreNull() {
        // No reference break: B = 0, so every ratio over B is undefined; a test break is an insertion.
        BreakCounts c = BreakScorer.score(labels("NB NB"), labels("NB B"));
        assertEquals(new BreakCounts(2, 0, 0, 1, 0), c);
        assertNull(c.scores().breaksCorrect());
        assertNull(c.scores().falseInsertionsBreaks());
        assertEquals(0.5, c.scores().nonBreaksCorrectPerNonBreak(), 1e-15); // (2-0-1)/2
        // Only breaks: N - B = 0.
        assertNull(BreakScorer.score(labels("B"), labels("B")).scores().nonBreaksCorrectPerNonBreak());
        // Nothing at all.
        BreakScores none = BreakCounts.ZERO.scores();
        assertNull(none.juncturesCorrect());
        assertNull(none.nonBreaksCorrect());
    }

    @Test
    void countsOfACorpusAreTheSumOfItsSentences() {
        BreakCounts a = BreakScorer.score(labels("NB B NB"), labels("B B NB"));   // N3 B1 I1
        BreakCounts b = BreakScorer.score(labels("B NB"), labels("NB NB"));       // N2 B1 D1
        assertEquals(new BreakCounts(5, 2, 1, 1, 0), a.plus(b));
        assertEquals(a, a.plus(BreakCounts.ZERO));
    }

    @Test
    void jsonlSentencesPairByIdWhateverTheirOrder() {
        List<BreakSentence> ref = List.of(new BreakSentence("s1", labels("NB B"), 1), new BreakSentence("s2", labels("B"), 2));
        List<BreakSentence> hyp = List.of(new BreakSentence("s2", labels("NB"), 1), new BreakSentence("s1", labels("NB B"), 2));
        // s1: N2 B1, all right; s2: N1 B1 D1.
        assertEquals(new BreakCounts(3, 2, 1, 0, 0), BreakScorer.score("r", ref, "h", hyp, true));
    }

    @Test
    void aJunctureCountMismatchIsBadInputAtTheHypothesisLine() {
        List<BreakSentence> ref = List.of(new BreakSentence("s1", labels("NB B NB"), 4));
        List<BreakSentence> hyp = List.of(new BreakSentence("s1", labels("NB B"), 9));
        InputException e = assertThrows(InputException.class, () -> BreakScorer.score("r.jsonl", ref, "h.jsonl", hyp, true));
        assertEquals("h.jsonl:9: sentence 's1' has 2 junctures here but 3 in r.jsonl:4", e.getMessage());
    }

    @Test
    void aSentenceWithoutPartnerIsBadInput() {
        List<BreakSentence> ref = List.of(new BreakSentence("s1", labels("NB"), 1), new BreakSentence("s2", labels("NB"), 2));
        List<BreakSentence> hyp = List.of(new BreakSentence("s1", labels("NB"), 1));
        InputException byId = assertThrows(InputException.class, () -> BreakScorer.score("r", ref, "h", hyp, true));
        assertEquals("r:2: sentence 's2' is missing from h", byId.getMessage());
        InputException byPosition = assertThrows(InputException.class, () -> BreakScorer.score("r", ref, "h", hyp, false));
        assertEquals(2, byPosition.line());
        InputException extra = assertThrows(InputException.class, () -> BreakScorer.score("h", hyp, "r", ref, true));
        assertEquals("r:2: sentence 's2' is not in the reference h", extra.getMessage());
    }
}
