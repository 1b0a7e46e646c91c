package dev.segmon.app.cli.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.segmon.app.cli.SegmonCommand;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The eval breaks / wer / ned / text commands end to end: keys, exit codes, error lines. */
class TextMetricsCommandsTest {
    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cl = SegmonCommand.commandLine();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        return cl.execute(args);
    }

    private JsonNode json(String... args) throws IOException {
        assertEquals(0, run(args), err::toString);
        String text = out.toString().trim();
        assertEquals(1, text.lines().count(), "exactly one JSON object on one line");
        return new ObjectMapper().readTree(text);
    }

    private Path file(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content);
    }

    @Test
    void breaksReportsTheKeysOfTheInterface() throws IOException {
        // The hand example of docs/text-metrics.md (Taylor & Black): N 8, B 3, D 1, I 1, S 0.
        Path r = file("r.jsonl", "{\"id\":\"s1\",\"junctures\":[\"NB\",\"B\",\"NB\",\"NB\",\"B\",\"NB\",\"B\",\"NB\"]}\n");
        Path h = file("h.jsonl", "{\"id\":\"s1\",\"junctures\":[\"NB\",\"B\",\"B\",\"NB\",\"NB\",\"NB\",\"B\",\"NB\"]}\n");
        JsonNode o = json("eval", "breaks", "--ref", r.toString(), "--hyp", h.toString(), "--json");
        assertEquals(8, o.get("N").asInt());
        assertEquals(3, o.get("B").asInt());
        assertEquals(1, o.get("D").asInt());
        assertEquals(1, o.get("I").asInt());
        assertEquals(0, o.get("S").asInt());
        assertEquals(2.0 / 3, o.get("breaks_correct").asDouble(), 1e-15);
        assertEquals(7.0 / 8, o.get("non_breaks_correct").asDouble(), 1e-15);
        assertEquals(6.0 / 8, o.get("junctures_correct").asDouble(), 1e-15);
        assertEquals(1.0 / 8, o.get("false_insertions_junctures").asDouble(), 1e-15);
        assertEquals(1.0 / 3, o.get("false_insertions_breaks").asDouble(), 1e-15);
        assertEquals(4.0 / 5, o.get("non_breaks_correct_per_non_break").asDouble(), 1e-15); // (8-3-1)/(8-3)
    }

    @Test
    void breaksWordFilesAndTheFinalJuncture() throws IOException {
        // ref: a NB, b B, c BB; test: a NB, b NB, c BB. Without the final juncture N 2 B 1 D 1;
        // with it N 3 B 2 D 1 -> breaks-correct 0/1 and 1/2.
        Path r = file("r.txt", "a NB\nb B\nc BB\n");
        Path h = file("h.txt", "a NB\nb NB\nc BB\n");
        assertEquals(0.0, json("eval", "breaks", "--ref", r.toString(), "--hyp", h.toString(), "--json").get("breaks_correct").asDouble());
        out.getBuffer().setLength(0);
        assertEquals(0.5, json("eval", "breaks", "--ref", r.toString(), "--hyp", h.toString(), "--count-final", "--json").get("breaks_correct").asDouble());
    }

    @Test
    void breaksJunctureMismatchExitsWithOneLine() throws IOException {
        Path r = file("r.txt", "a NB\nb B\nc BB\n");
        Path h = file("h.txt", "a NB\nb BB\n");
        assertEquals(2, run("eval", "breaks", "--ref", r.toString(), "--hyp", h.toString()));
        assertEquals(h + ":1: sentence '#1' has 1 junctures here but 2 in " + r + ":1", err.toString().trim());
    }

    @Test
    void werAndNedReportTheirKeys() throws IOException {
        // u1: the example of docs/text-metrics.md, 5 S (unit) or 3 D + 3 I (sclite); u2 missing from hyp: 2 D;
        // u3 missing from ref: 1 I. N_ref = 7.
        Path r = file("ref.txt", "u1 a b c d e\nu2 x y\n");
        Path h = file("hyp.txt", "u1 D E x y z\nu3 q\n");
        JsonNode unit = json("eval", "wer", "--ref", r.toString(), "--hyp", h.toString(), "--ignore-case", "--json");
        assertEquals(8.0 / 7, unit.get("wer").asDouble(), 1e-15);
        assertEquals(5, unit.get("sub").asInt());
        assertEquals(1, unit.get("ins").asInt());
        assertEquals(2, unit.get("del").asInt());
        assertEquals(7, unit.get("n_ref").asInt());
        assertEquals(3, unit.get("utterances").asInt());
        assertEquals("[\"u2\",\"u3\"]", unit.get("unpaired").toString());
        out.getBuffer().setLength(0);
        JsonNode sclite = json("eval", "wer", "--ref", r.toString(), "--hyp", h.toString(), "--ignore-case", "--costs", "sclite", "--json");
        assertEquals(0, sclite.get("sub").asInt());
        assertEquals(4, sclite.get("ins").asInt()); // 3 + u3's 1
        assertEquals(5, sclite.get("del").asInt()); // 3 + u2's 2
        out.getBuffer().setLength(0);
        // Case-sensitive: D, E no longer match d, e; NED u1 = 5/5, u2 = 2/2, u3 = 1/1 -> 1.
        JsonNode ned = json("eval", "ned", "--ref", r.toString(), "--hyp", h.toString(), "--json");
        assertEquals(1.0, ned.get("ned").asDouble(), 1e-15);
        assertEquals(3, ned.get("utterances").asInt());
    }

    @Test
    void werRefusesUnknownCosts() throws IOException {
        Path r = file("ref.txt", "u1 a\n");
        assertEquals(2, run("eval", "wer", "--ref", r.toString(), "--hyp", r.toString(), "--costs", "nist"));
        assertEquals("segmon: unknown --costs 'nist': use unit or sclite", err.toString().trim());
    }

    @Test
    void textReportsPerDocumentAndMeanFigures() throws IOException {
        // d1: ref masses (5, 5), hyp flags 000100000: NLTK k 4 -> 2/6; segeval k 2 -> 2/8;
        // Choi k 3: 7 windows over flags [i, i+3): i=1 ref 0 hyp 1, i=4 ref 1 hyp 0 -> 2/7.
        Path r = file("r.jsonl", "{\"id\":\"d1\",\"masses\":[5,5]}\n");
        Path h = file("h.jsonl", "{\"id\":\"d1\",\"boundaries\":\"000100000\"}\n");
        double[][] expected = {{4, 2.0 / 6}, {2, 2.0 / 8}, {3, 2.0 / 7}};
        String[] rules = {"nltk", "segeval", "choi"};
        for (int i = 0; i < rules.length; i++) {
            out.getBuffer().setLength(0);
            JsonNode o = json("eval", "text", "--ref", r.toString(), "--hyp", h.toString(), "--k-rule", rules[i], "--json");
            assertEquals((int) expected[i][0], o.get("k").asInt(), rules[i]);
            assertEquals(expected[i][1], o.get("pk").asDouble(), 1e-15, rules[i]);
            assertEquals(expected[i][1], o.get("windowdiff").asDouble(), 1e-15, rules[i]);
            JsonNode d = o.get("documents").get(0);
            assertEquals("d1", d.get("id").asText());
            assertEquals(expected[i][1], d.get("pk").asDouble(), 1e-15);
            assertEquals((int) expected[i][0], d.get("k").asInt());
        }
        out.getBuffer().setLength(0);
        assertEquals(2, json("eval", "text", "--ref", r.toString(), "--hyp", h.toString(), "--json").get("k").asInt(),
                "segeval's rule is the default");
    }

    @Test
    void textRefusesWindowsThatCannotBeDefined() throws IOException {
        Path r = file("r.jsonl", "{\"id\":\"d1\",\"masses\":[10]}\n");
        Path h = file("h.jsonl", "{\"id\":\"d1\",\"masses\":[5,5]}\n");
        assertEquals(2, run("eval", "text", "--ref", r.toString(), "--hyp", h.toString(), "--k-rule", "nltk"));
        assertTrue(err.toString().startsWith(r + ":1: document 'd1': the nltk window rule needs a reference boundary"), err::toString);
        err.getBuffer().setLength(0);
        assertEquals(2, run("eval", "text", "--ref", r.toString(), "--hyp", h.toString(), "--k", "0"));
        assertEquals("segmon: --k must be at least 1, not 0", err.toString().trim());
        err.getBuffer().setLength(0);
        assertEquals(2, run("eval", "text", "--ref", r.toString(), "--hyp", h.toString(), "--k", "2", "--k-rule", "choi"));
        assertEquals("segmon: give --k or --k-rule, not both", err.toString().trim());
    }
}
