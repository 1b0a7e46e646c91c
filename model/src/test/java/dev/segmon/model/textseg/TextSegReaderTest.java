package dev.segmon.model.textseg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.segmon.model.io.InputException;
import dev.segmon.model.io.TextLines;
import java.io.BufferedReader;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;

class TextSegReaderTest {

    private static List<TextDocument> read(String text) {
        return TextSegReader.read(TextLines.of("f", new BufferedReader(new StringReader(text))));
    }

    private static String problem(String text) {
        return assertThrows(InputException.class, () -> read(text)).getMessage();
    }

    @Test
    void theThreeFormsDescribeTheSameSegmentation() {
        // masses (6, 3, 4): 13 units, boundaries after units 6 and 9 -> flags 000001001000.
        List<TextDocument> d = read("""
                {"id": "m", "masses": [6, 3, 4]}
                {"id": "b", "boundaries": "000001001000"}

                {"id": "p", "length": 13, "segments": [[0, 6], [6, 9], [9, 13]]}
                """);
        assertEquals("000001001000", d.get(0).segmentation().toString());
        assertEquals(d.get(0).segmentation(), d.get(1).segmentation());
        assertEquals(d.get(0).segmentation(), d.get(2).segmentation());
        assertEquals(4, d.get(2).line());
    }

    @Test
    void eachGapOfAPartialSegmentationBecomesOneSegment() {
        // docs/contract.md 2.5: length 12, segments [0,3) [3,5) [8,10): gaps [5,8) and [10,12)
        // become segments -> masses 3, 2, 3, 2, 2 -> boundaries at 3, 5, 8, 10.
        TextDocument d = read("{\"id\": \"d1\", \"length\": 12, \"segments\": [[0, 3], [3, 5], [8, 10]]}").get(0);
        assertEquals(Segmentation.ofMasses(3, 2, 3, 2, 2), d.segmentation());
        // A leading gap and no segment at all.
        assertEquals(Segmentation.ofMasses(2, 3), read("{\"id\": \"a\", \"length\": 5, \"segments\": [[2, 5]]}").get(0).segmentation());
        assertEquals(Segmentation.ofMasses(4), read("{\"id\": \"a\", \"length\": 4, \"segments\": []}").get(0).segmentation());
    }

    @Test
    void badDocumentsAreReportedWithFileAndLine() {
        assertEquals("f:1: a segment mass must be at least 1, not 0", problem("{\"id\": \"d\", \"masses\": [3, 0]}"));
        assertEquals("f:2: boundary flag 2 is 'x': use '0' or '1'", problem("\n{\"id\": \"d\", \"boundaries\": \"01x\"}"));
        assertEquals("f:1: give one of \"masses\", \"boundaries\" or \"length\" with \"segments\", not several",
                problem("{\"id\": \"d\", \"masses\": [3], \"boundaries\": \"00\"}"));
        assertEquals("f:1: a partial segmentation needs both \"length\" and \"segments\"", problem("{\"id\": \"d\", \"length\": 3}"));
        assertEquals("f:1: segment 1 [2, 4) starts before the previous segment ends (3): list segments in order, without overlap",
                problem("{\"id\": \"d\", \"length\": 5, \"segments\": [[0, 3], [2, 4]]}"));
        assertEquals("f:1: segment 0 [0, 6) is not a non-empty range within [0, 5)",
                problem("{\"id\": \"d\", \"length\": 5, \"segments\": [[0, 6]]}"));
        assertEquals("f:1: mass 0 must be a whole number, not 2.5", problem("{\"id\": \"d\", \"masses\": [2.5]}"));
        assertEquals("f:2: document 'd' appears a second time", problem("{\"id\": \"d\", \"masses\": [1]}\n{\"id\": \"d\", \"masses\": [1]}"));
        assertEquals("f: empty file: no document", problem(""));
    }

    @Test
    void scorerRefusesWindowsItCannotDefine() {
        List<TextDocument> ref = read("{\"id\": \"d\", \"masses\": [10]}\n");
        List<TextDocument> hyp = read("{\"id\": \"d\", \"masses\": [5, 5]}\n");
        InputException nltk = assertThrows(InputException.class, () -> TextSegScorer.score("r", ref, "h", hyp, WindowRule.NLTK));
        assertEquals(1, nltk.line());
        assertEquals("r:1: document 'd': window k = 10 must satisfy 1 <= k < N = 10 (the number of units)",
                assertThrows(InputException.class, () -> TextSegScorer.score("r", ref, "h", hyp, WindowSize.fixed(10))).getMessage());
        List<TextDocument> shorter = read("{\"id\": \"d\", \"masses\": [5, 4]}\n");
        assertEquals("h:1: document 'd' has 9 units here but 10 in r:1",
                assertThrows(InputException.class, () -> TextSegScorer.score("r", ref, "h", shorter, WindowRule.SEGEVAL)).getMessage());
    }

    @Test
    void corpusFiguresAreUnweightedMeansOverDocuments() {
        // d1: the hand case 2/6 at k = 4; d2: identical, 0 at k = 4. Mean Pk = (1/3 + 0) / 2.
        List<TextDocument> ref = read("{\"id\": \"d1\", \"masses\": [5, 5]}\n{\"id\": \"d2\", \"masses\": [2, 30]}");
        List<TextDocument> hyp = read("{\"id\": \"d2\", \"masses\": [2, 30]}\n{\"id\": \"d1\", \"boundaries\": \"000100000\"}");
        TextSegScorer.Result r = TextSegScorer.score("r", ref, "h", hyp, WindowSize.fixed(4));
        assertEquals(1.0 / 6, r.pk(), 1e-15);
        assertEquals(1.0 / 6, r.windowDiff(), 1e-15);
        assertEquals(4, r.commonK());
        // With segeval's rule the windows differ: d1 mean 5 -> 2, d2 mean 16 -> 8.
        TextSegScorer.Result s = TextSegScorer.score("r", ref, "h", hyp, WindowRule.SEGEVAL);
        assertEquals(null, s.commonK());
        assertEquals(List.of(2, 8), s.documents().stream().map(TextSegScorer.DocumentScore::k).toList());
    }
}
