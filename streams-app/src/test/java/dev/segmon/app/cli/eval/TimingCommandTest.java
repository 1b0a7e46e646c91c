package dev.segmon.app.cli.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.segmon.app.cli.CliRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code eval timing} end to end: the keys of docs/contract.md 2.7 with figures worked by hand, and bad input. */
class TimingCommandTest {
    @TempDir
    Path dir;

    private Path file(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content);
    }

    @Test
    void jsonCarriesTheDocumentedKeysWithHandWorkedFigures() throws IOException {
        // ref the cat sat, hyp The bat sat (case folded): the and sat match, cat/bat is a substitution.
        //   the: start 0.12-0.10 = +20 ms, end 0.31-0.30 = +10 ms;  sat: start 0.60-0.62 = -20 ms, end 1.05-1.00 = +50 ms
        // start bias 0, mean |.| 20 ms, median 20 ms; end bias +30 ms, mean 30 ms, median (10+50)/2 = 30 ms;
        // pooled bias 60/4 = 15 ms, mean (40+60)/4 = 25 ms, median of {10, 20, 20, 50} = 20 ms.
        // 20 ms: starts 2/2, ends 1/2, both 1/2 (the), recall 1/3, precision 1/3; 50 ms and up: all 1, recall 2/3.
        Path r = file("ref.wrd", "u1 0.10 0.30 the\nu1 0.30 0.62 cat\nu1 0.62 1.00 sat\n");
        Path h = file("hyp.wrd", "u1 0.12 0.31 The\nu1 0.30 0.60 bat\nu1 0.60 1.05 sat\n");
        CliRun run = CliRun.of("eval", "timing", "--ref", r.toString(), "--hyp", h.toString(), "--ignore-case", "--json");
        assertEquals(0, run.exit(), run.err());
        assertEquals(1, run.out().trim().lines().count(), "one JSON object on one line");
        JsonNode o = run.json();
        List<String> keys = new ArrayList<>();
        o.fieldNames().forEachRemaining(keys::add);
        assertEquals(List.of("n_ref", "n_hyp", "matched", "matched_share", "start", "end", "boundary", "within", "utterances", "unpaired"), keys);
        assertEquals(3, o.get("n_ref").asLong());
        assertEquals(3, o.get("n_hyp").asLong());
        assertEquals(2, o.get("matched").asLong());
        assertEquals(2.0 / 3, o.get("matched_share").asDouble(), 1e-15);
        assertEdge(o.get("start"), 0.0, 0.020, 0.020);
        assertEdge(o.get("end"), 0.030, 0.030, 0.030);
        assertEdge(o.get("boundary"), 0.015, 0.025, 0.020);
        List<String> collars = new ArrayList<>();
        o.get("within").fieldNames().forEachRemaining(collars::add);
        assertEquals(List.of("20ms", "50ms", "100ms", "200ms"), collars);
        assertWithin(o.get("within").get("20ms"), 1.0, 0.5, 0.5, 1.0 / 3);
        for (String collar : List.of("50ms", "100ms", "200ms")) {
            assertWithin(o.get("within").get(collar), 1.0, 1.0, 1.0, 2.0 / 3);
        }
        assertEquals(1, o.get("utterances").asLong());
        assertEquals(0, o.get("unpaired").size());
    }

    private static void assertEdge(JsonNode e, double bias, double meanAbs, double medianAbs) {
        assertEquals(bias, e.get("bias").asDouble(), 1e-12);
        assertEquals(meanAbs, e.get("mean_abs").asDouble(), 1e-12);
        assertEquals(medianAbs, e.get("median_abs").asDouble(), 1e-12);
    }

    /** Shares of matched words within the collar, and recall = precision (3 words each side). */
    private static void assertWithin(JsonNode w, double start, double end, double both, double recall) {
        assertEquals(start, w.get("start").asDouble(), 1e-15);
        assertEquals(end, w.get("end").asDouble(), 1e-15);
        assertEquals(both, w.get("both").asDouble(), 1e-15);
        assertEquals(recall, w.get("recall").asDouble(), 1e-15);
        assertEquals(recall, w.get("precision").asDouble(), 1e-15);
    }

    @Test
    void withoutAMatchTheOffsetsAreNullAndTheTableSaysSo() throws IOException {
        Path r = file("ref.wrd", "u1 0.10 0.30 a\n");
        Path h = file("hyp.wrd", "u1 0.10 0.30 b\n");
        JsonNode o = CliRun.of("eval", "timing", "--ref", r.toString(), "--hyp", h.toString(), "--json").json();
        assertTrue(o.get("start").get("bias").isNull());
        assertTrue(o.get("within").get("20ms").get("both").isNull());
        assertEquals(0.0, o.get("within").get("20ms").get("recall").asDouble());
        CliRun table = CliRun.of("eval", "timing", "--ref", r.toString(), "--hyp", h.toString());
        assertEquals(0, table.exit(), table.err());
        assertTrue(table.out().contains("n/a / n/a / n/a"), table.out());
    }

    @Test
    void aMalformedLineExitsTwoWithOneLocatedLine() throws IOException {
        Path r = file("ref.wrd", "u1 0.10 0.30 the\n");
        Path h = file("hyp.wrd", "u1 0.10 0.30 the\nu1 0.30 later cat\n");
        CliRun run = CliRun.of("eval", "timing", "--ref", r.toString(), "--hyp", h.toString());
        assertEquals(2, run.exit());
        assertEquals(1, run.errLines().size(), run.err());
        assertTrue(run.err().startsWith(h + ":2: "), run.err());
    }

    @Test
    void bareBoundaryTimesExitTwoNamingTheFile() throws IOException {
        Path r = file("ref.wrd", "u1 0.10 0.30 the\n");
        Path h = file("hyp.jsonl", "{\"id\":\"u1\",\"boundaries\":[0.1,0.3]}\n");
        CliRun run = CliRun.of("eval", "timing", "--ref", r.toString(), "--hyp", h.toString());
        assertEquals(2, run.exit());
        assertEquals(List.of(h + ": utterance 'u1' gives bare boundary times; word timing needs labelled segments (words)"), run.errLines());
    }
}
