package dev.segmon.model.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.model.alignment.Utterance;
import java.io.BufferedReader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The JSONL reader parses the file as one stream of JSON objects (for speed) yet keeps the
 * line-oriented contract: one object per line, blank lines skipped, every error located at the
 * line of the utterance it concerns (docs/contract.md 1: "file:line: problem").
 */
class JsonlStreamReadingTest {

    private static List<Utterance> readAll(String text) {
        List<Utterance> all = new ArrayList<>();
        try (JsonlReader r = new JsonlReader("f.jsonl", new BufferedReader(new StringReader(text)))) {
            r.forEachRemaining(all::add);
        }
        return all;
    }

    private static String error(String text) {
        return assertThrows(InputException.class, () -> readAll(text)).getMessage();
    }

    @Test
    void readsOneUtterancePerLineSkippingBlankLines() {
        List<Utterance> u = readAll("{\"id\": \"a\", \"boundaries\": [0.5, 0.1]}\n\n  \r\n"
                + "{\"id\": \"b\", \"segments\": [{\"start\": 0, \"end\": 0.42, \"label\": \"hi\"}], \"x\": {\"y\": [1]}}\n");
        assertEquals(2, u.size());
        assertArrayEquals(new double[] {0.5, 0.1}, ((Utterance.Marked) u.get(0)).times());
        Utterance.Segmented b = (Utterance.Segmented) u.get(1);
        assertEquals("b", b.id());
        assertEquals(0.42, b.segments().get(0).end());
        assertEquals("hi", b.segments().get(0).label());
    }

    @Test
    void parsesTimesToTheSameDoubleAsJava() {
        // The fast double parser must round exactly as Double.parseDouble.
        String[] texts = {"0.1", "1.3", "0.020000000000000018", "123456.789012", "1e-7", "4.112", "2.5E2"};
        StringBuilder line = new StringBuilder("{\"id\": \"a\", \"boundaries\": [");
        for (int i = 0; i < texts.length; i++) {
            line.append(i > 0 ? ", " : "").append(texts[i]);
        }
        double[] times = ((Utterance.Marked) readAll(line + "]}").get(0)).times();
        for (int i = 0; i < texts.length; i++) {
            assertEquals(Double.parseDouble(texts[i]), times[i], texts[i]);
        }
    }

    @Test
    void secondObjectOnALineIsAnError() {
        assertEquals("f.jsonl:1: text after the JSON object",
                error("{\"id\": \"a\", \"boundaries\": [1]} {\"id\": \"b\", \"boundaries\": [2]}\n"));
        assertEquals("f.jsonl:2: text after the JSON object",
                error("{\"id\": \"a\", \"boundaries\": [1]}\n{\"id\": \"b\", \"boundaries\": [2]} x\n"));
    }

    @Test
    void truncatedLineIsReportedAtItsOwnLine() {
        String m = error("{\"id\": \"a\", \"boundaries\": [1]}\n{\"id\": \"b\", \"boundaries\": [0.1,\n"
                + "{\"id\": \"c\", \"boundaries\": [2]}\n");
        assertTrue(m.startsWith("f.jsonl:2: malformed JSON"), m);
        String end = error("{\"id\": \"a\", \"boundaries\": [1]}\n{\"id\": \"b\", \"boundaries\": [0.1,");
        assertTrue(end.startsWith("f.jsonl:2: malformed JSON"), end);
    }

    @Test
    void badValuesNameTheLineAndTheElement() {
        assertEquals("f.jsonl:3: expected a JSON object per line",
                error("{\"id\": \"a\", \"boundaries\": [1]}\n\n[1, 2]\n"));
        assertEquals("f.jsonl:2: boundary 1 must be a number, not the string \"x\"",
                error("{\"id\": \"a\", \"boundaries\": [1]}\n{\"id\": \"b\", \"boundaries\": [0.1, \"x\"]}\n"));
        assertEquals("f.jsonl:1: boundary 0 is negative (-1.0)", error("{\"id\": \"a\", \"boundaries\": [-1]}"));
        assertEquals("f.jsonl:1: segment 0 ends before it starts (0.5 > 0.2)",
                error("{\"id\": \"a\", \"segments\": [{\"start\": 0.5, \"end\": 0.2}]}"));
        assertEquals("f.jsonl:1: segment 1 end must be a number, not null",
                error("{\"id\": \"a\", \"segments\": [{\"start\": 0, \"end\": 1}, {\"start\": 1, \"end\": null}]}"));
        assertEquals("f.jsonl:2: missing \"id\"", error("\n{\"boundaries\": [1]}"));
        assertEquals("f.jsonl:3: utterance 'a' appears a second time",
                error("{\"id\": \"a\", \"boundaries\": [1]}\n{\"id\": \"b\", \"boundaries\": [1]}\n{\"id\": \"a\", \"boundaries\": [1]}\n"));
    }

    @Test
    void emptyFileIsAnError() {
        assertEquals("f.jsonl: empty file: no utterance", error(""));
    }

    @Test
    void readerIsLazy() {
        // The second line is bad, but the first utterance is delivered before it is read.
        try (JsonlReader r = new JsonlReader("f.jsonl", new BufferedReader(new StringReader(
                "{\"id\": \"a\", \"boundaries\": [1]}\n{oops\n")))) {
            assertEquals("a", r.next().id());
            assertThrows(InputException.class, r::hasNext);
        }
        try (JsonlReader r = new JsonlReader("f.jsonl", new BufferedReader(new StringReader("{\"id\": \"a\", \"boundaries\": []}")))) {
            assertTrue(r.hasNext());
            r.next();
            assertFalse(r.hasNext());
        }
    }
}
