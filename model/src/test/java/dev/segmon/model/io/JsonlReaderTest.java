package dev.segmon.model.io;

import static dev.segmon.model.io.ReaderFixtures.expectError;
import static dev.segmon.model.io.ReaderFixtures.readAll;
import static dev.segmon.model.io.ReaderFixtures.segments;
import static dev.segmon.model.io.ReaderFixtures.write;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.model.alignment.Segment;
import dev.segmon.model.alignment.Utterance;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** JSONL: both shapes, and every bad-input path located at its file and line. */
class JsonlReaderTest {
    @TempDir
    Path tmp;

    private Path jsonl(String name, String text) {
        return write(tmp, name, text, UTF_8);
    }

    @Test
    void segmentsAndBoundaries() {
        Path f = jsonl("a.jsonl", "\uFEFF{\"id\": \"u1\", \"segments\": [{\"start\": 0.0, \"end\": 0.42, \"label\": \"hi\"}], \"extra\": {\"x\": [1]}}\n\n"
                + "{\"id\": 7, \"boundaries\": [0.5, 0.1]}\n");
        List<Utterance> all = readAll(f, ReadOptions.DEFAULT);
        assertEquals(List.of(new Segment(0, 0.42, "hi")), segments(all.get(0)));
        assertEquals("7", all.get(1).id());
        assertArrayEquals(new double[] {0.5, 0.1}, ((Utterance.Marked) all.get(1)).times());
    }

    @Test
    void badJsonIsLocated() {
        String ok = "{\"id\": \"u1\", \"boundaries\": [0.1]}\n";
        expectError(jsonl("a.jsonl", ok + "{\"id\": \"u2\", \"boundaries\": [0.1,]}\n"), ReadOptions.DEFAULT, 2, "malformed JSON");
        expectError(jsonl("b.jsonl", ok + "{\"id\": \"u2\", \"boundaries\": [0.1\n"), ReadOptions.DEFAULT, 2, "malformed JSON");
        expectError(jsonl("c.jsonl", ok + "[1, 2]\n"), ReadOptions.DEFAULT, 2, "expected a JSON object per line");
        expectError(jsonl("d.jsonl", ok + "{\"id\": \"u2\"}\n"), ReadOptions.DEFAULT, 2, "missing \"segments\" or \"boundaries\"");
        expectError(jsonl("e.jsonl", ok + ok), ReadOptions.DEFAULT, 2, "utterance 'u1' appears a second time");
    }

    @Test
    void badTimesAreLocated() {
        expectError(jsonl("a.jsonl", "{\"id\": \"u\", \"segments\": [{\"start\": 0.5, \"end\": 0.25}]}\n"), ReadOptions.DEFAULT, 1,
                "segment 0 ends before it starts (0.5 > 0.25)");
        expectError(jsonl("b.jsonl", "{\"id\": \"u\", \"boundaries\": [0.1, -0.2]}\n"), ReadOptions.DEFAULT, 1, "boundary 1 is negative");
        expectError(jsonl("c.jsonl", "{\"id\": \"u\", \"boundaries\": [NaN]}\n"), ReadOptions.DEFAULT, 1, "boundary 0 is not a finite number");
        expectError(jsonl("d.jsonl", "{\"id\": \"u\", \"boundaries\": [1e999]}\n"), ReadOptions.DEFAULT, 1, "boundary 0 is not a finite number");
        // 2000 digits: beyond Jackson's number-length limit, still one located line
        expectError(jsonl("e.jsonl", "{\"id\": \"u\", \"boundaries\": [" + "9".repeat(2000) + "]}\n"), ReadOptions.DEFAULT, 1, "malformed JSON");
        expectError(jsonl("f.jsonl", "{\"id\": \"u\", \"boundaries\": [\"0.1\"]}\n"), ReadOptions.DEFAULT, 1, "boundary 0 must be a number, not the string \"0.1\"");
    }

    @Test
    void wrongTypesAreLocated() {
        expectError(jsonl("a.jsonl", "{\"id\": \"u\", \"segments\": [{\"start\": 0, \"end\": 1, \"label\": {\"x\": 1}}]}\n"), ReadOptions.DEFAULT, 1,
                "segment 0 label must be a string, not an object");
        expectError(jsonl("b.jsonl", "{\"id\": null, \"boundaries\": []}\n"), ReadOptions.DEFAULT, 1, "\"id\" must be a string, not null");
        expectError(jsonl("c.jsonl", "{\"id\": \"u\", \"segments\": [[0, 1]]}\n"), ReadOptions.DEFAULT, 1, "segment 0 must be an object");
        expectError(jsonl("d.jsonl", "{\"id\": \"u\", \"segments\": {}}\n"), ReadOptions.DEFAULT, 1, "\"segments\" must be an array");
        expectError(jsonl("e.jsonl", "{\"id\": \"u\", \"segments\": [{\"start\": 0}]}\n"), ReadOptions.DEFAULT, 1, "needs both \"start\" and \"end\"");
    }

    @Test
    void emptyAndUnreadable() {
        expectError(jsonl("empty.jsonl", ""), ReadOptions.DEFAULT, 0, "empty file: no utterance");
        expectError(jsonl("blank.jsonl", "\n  \n"), ReadOptions.DEFAULT, 0, "empty file: only blank lines");
        expectError(tmp.resolve("missing.jsonl"), ReadOptions.DEFAULT, 0, "cannot read: no such file");
        expectError(tmp, ReadOptions.DEFAULT.withFormat(AlignmentFormat.JSONL), 0, "cannot read: is a directory");
        expectError(write(tmp, "latin.jsonl", "{\"id\": \"u\", \"boundaries\": []}\n{\"id\": \"caf\u00e9\", \"boundaries\": []}\n",
                java.nio.charset.StandardCharsets.ISO_8859_1), ReadOptions.DEFAULT, 2, "not valid UTF-8");
    }
}
