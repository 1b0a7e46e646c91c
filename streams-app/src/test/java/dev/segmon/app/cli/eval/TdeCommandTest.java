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
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code segmon eval tde} end to end on a two-speaker corpus: spk1_a holds "k a t" twice, spk2_b
 * once (every phone 100 ms, words = the phone triples).
 */
class TdeCommandTest {
    @TempDir
    Path dir;
    private Path phn;
    private Path wrd;
    private Path classes;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void corpus() throws IOException {
        phn = write("g.phn", """
                spk1_a 0.0 0.1 k
                spk1_a 0.1 0.2 a
                spk1_a 0.2 0.3 t
                spk1_a 0.3 0.4 SIL
                spk1_a 0.4 0.5 k
                spk1_a 0.5 0.6 a
                spk1_a 0.6 0.7 t
                spk2_b 0.0 0.1 k
                spk2_b 0.1 0.2 a
                spk2_b 0.2 0.3 t
                """);
        wrd = write("g.wrd", """
                spk1_a 0.0 0.3 kat
                spk1_a 0.4 0.7 kat
                spk2_b 0.0 0.3 kat
                """);
        classes = write("c.class", """
                Class 1
                spk1_a 0.0 0.3
                spk1_a 0.4 0.7
                spk2_b 0.0 0.3
                """);
    }

    @Test
    void jsonHasTheInterfaceKeysAndPerfectScoresForAPerfectDiscovery() throws IOException {
        JsonNode o = json(run("--phn", phn.toString(), "--wrd", wrd.toString(), "--classes", classes.toString(), "--json"));
        List<String> keys = iterable(o);
        assertEquals(List.of("token", "type", "boundary", "grouping", "ned", "coverage", "pairs"), keys);
        for (String m : List.of("token", "type", "boundary", "grouping")) {
            assertEquals(List.of("precision", "recall", "fscore"), iterable(o.get(m)));
            assertEquals(1.0, o.get(m).get("fscore").asDouble(), 1e-12, m);
        }
        assertEquals(0.0, o.get("ned").asDouble());
        assertEquals(1.0, o.get("coverage").asDouble());
        assertEquals(3, o.get("pairs").asLong());       // C(3,2)
        assertTrue(o.get("pairs").isIntegralNumber());
    }

    @Test
    void withinTalkerMakesOneFoldPerSpeakerPrefix() throws IOException {
        JsonNode o = json(run("--phn", phn.toString(), "--wrd", wrd.toString(), "--classes", classes.toString(),
                "--within-talker", "--json"));
        JsonNode folds = o.get("folds");
        assertEquals(2, folds.get("count").asInt());
        assertEquals("spk1", folds.get("names").get(0).asText());
        // spk1: its class keeps two fragments (1 pair); spk2: one fragment, the class is dropped (0 pairs)
        JsonNode pairs = folds.get("pairs");
        assertEquals(0.5, pairs.get("mean").asDouble());
        assertEquals(0.5, pairs.get("std").asDouble());  // population std of {1, 0}
        assertEquals(0.0, pairs.get("min").asDouble());
        assertEquals(1.0, pairs.get("max").asDouble());
        // grouping precision: spk1 1.0 (two non-overlapping kat), spk2 undefined and left out
        assertEquals(1.0, folds.get("grouping").get("precision").get("mean").asDouble());
        assertEquals(0.0, folds.get("grouping").get("precision").get("std").asDouble());
    }

    @Test
    void speakerRegexOverridesTheUnderscoreRule() throws IOException {
        JsonNode o = json(run("--phn", phn.toString(), "--wrd", wrd.toString(), "--classes", classes.toString(),
                "--within-talker", "--speaker-regex", "^spk", "--json"));
        assertEquals(1, o.get("folds").get("count").asInt()); // every file matches "spk": one speaker
    }

    @Test
    void foldFileGivesOneFoldPerBlock() throws IOException {
        Path folds = write("f.txt", "spk1_a 0 0.35\n\nspk1_a 0.35 0.7\nspk2_b 0 0.3\n");
        JsonNode o = json(run("--phn", phn.toString(), "--wrd", wrd.toString(), "--classes", classes.toString(),
                "--folds", folds.toString(), "--json"));
        // fold 1 holds one fragment (no pair), fold 2 two fragments in two files (one pair)
        assertEquals(2, o.get("folds").get("count").asInt());
        assertEquals(0.0, o.get("folds").get("pairs").get("min").asDouble());
        assertEquals(1.0, o.get("folds").get("pairs").get("max").asDouble());
    }

    @Test
    void badInputExitsTwoWithFileAndLine() throws IOException {
        Path bad = write("bad.class", "Class 1\nspk1_a 0.3 0.1\n");
        int code = exit("--phn", phn.toString(), "--wrd", wrd.toString(), "--classes", bad.toString());
        assertEquals(2, code);
        assertEquals(bad + ":2: offset 0.1 is not after onset 0.3", err.toString().strip());
    }

    @Test
    void foldsAndWithinTalkerAreExclusive() {
        int code = exit("--phn", phn.toString(), "--wrd", wrd.toString(), "--classes", classes.toString(),
                "--within-talker", "--folds", phn.toString());
        assertEquals(2, code);
        assertTrue(err.toString().contains("exclusive"), err.toString());
    }

    private String run(String... args) {
        assertEquals(0, exit(args), err.toString());
        return out.toString();
    }

    private int exit(String... args) {
        CommandLine cl = SegmonCommand.commandLine();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        String[] full = new String[args.length + 2];
        full[0] = "eval";
        full[1] = "tde";
        System.arraycopy(args, 0, full, 2, args.length);
        return cl.execute(full);
    }

    private static JsonNode json(String s) throws IOException {
        assertEquals(1, s.strip().lines().count(), "one JSON object on one line");
        return new ObjectMapper().readTree(s);
    }

    private static List<String> iterable(JsonNode o) {
        List<String> keys = new java.util.ArrayList<>();
        o.fieldNames().forEachRemaining(keys::add);
        return keys;
    }

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }
}
