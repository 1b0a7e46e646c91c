package dev.segmon.app.cli.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.segmon.app.cli.CliRun;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code segmon eval boundaries} on every input format of docs/contract.md 2.6. Every hypothesis
 * below is the same alignment written in another format, scored against one reference:
 *
 * <pre>
 * reference  u1: a [0, 0.5], b [0.5, 1.0], sil [1.0, 1.5]  -> boundaries 0, 0.5, 1.0, 1.5
 *            u2: c [0.2, 0.6], d [0.8, 1.2]                 -> boundaries 0.2, 0.6, 0.8, 1.2
 * hypothesis u1: x [0, 0.51], y [0.51, 0.98], z [0.98, 1.3] -> boundaries 0, 0.51, 0.98, 1.3
 *            u2: p [0.2, 0.65], q [0.8, 1.2]                -> boundaries 0.2, 0.65, 0.8, 1.2
 * </pre>
 * At tolerance 0.02: u1 hits 0-0, 0.5-0.51 (0.01), 1.0-0.98 (exactly 0.02, a hit on the
 * microsecond grid), misses 1.5 and 1.3; u2 hits 0.2, 0.8, 1.2 and misses 0.6-0.65 (0.05).
 * So n_ref = 8, n_hyp = 8, hits = 3 + 3 = 6.
 */
class BoundariesCommandInputsTest {
    @TempDir
    Path tmp;

    private static final String REF_JSONL = """
            {"id": "u1", "segments": [{"start": 0, "end": 0.5, "label": "a"}, {"start": 0.5, "end": 1.0, "label": "b"}, {"start": 1.0, "end": 1.5, "label": "sil"}]}
            {"id": "u2", "segments": [{"start": 0.2, "end": 0.6, "label": "c"}, {"start": 0.8, "end": 1.2, "label": "d"}]}
            """;

    private Path file(String name, String text) throws IOException {
        Path p = tmp.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
        return p;
    }

    /** A short-format TextGrid with the tiers "words" (as the hypothesis above, gaps included) and "phones". */
    private static String textGrid(double xmax, String words, int nWords, String phones, int nPhones) {
        return "File type = \"ooTextFile\"\nObject class = \"TextGrid\"\n\n0\n" + xmax + "\n<exists>\n2\n"
                + "\"IntervalTier\"\n\"words\"\n0\n" + xmax + "\n" + nWords + "\n" + words
                + "\"IntervalTier\"\n\"phones\"\n0\n" + xmax + "\n" + nPhones + "\n" + phones;
    }

    // u1's words end with a gap [1.3, 1.5]: were gaps segments, 1.5 would be a 7th hit
    private static final String U1_TEXTGRID = textGrid(1.5,
            "0\n0.51\n\"x\"\n0.51\n0.98\n\"y\"\n0.98\n1.3\n\"z\"\n1.3\n1.5\n\"\"\n", 4,
            "0\n0.25\n\"p1\"\n0.25\n0.5\n\"p2\"\n0.5\n1.5\n\"\"\n", 3);
    private static final String U2_TEXTGRID = textGrid(1.2,
            "0\n0.2\n\"\"\n0.2\n0.65\n\"p\"\n0.65\n0.8\n\" \"\n0.8\n1.2\n\"q\"\n", 4,
            "0\n0.2\n\"\"\n0.2\n0.6\n\"p3\"\n0.6\n1.2\n\"\"\n", 3);

    private static void assertCounts(CliRun run, long nRef, long nHyp, long hits, List<String> unpaired) {
        assertEquals(0, run.exit(), () -> "stderr: " + run.err());
        JsonNode o = run.json();
        assertEquals(nRef, o.get("n_ref").asLong(), "n_ref");
        assertEquals(nHyp, o.get("n_hyp").asLong(), "n_hyp");
        assertEquals(hits, o.get("hits").asLong(), "hits");
        List<String> ids = new ArrayList<>();
        o.get("unpaired").forEach(n -> ids.add(n.asText()));
        assertEquals(unpaired, ids, "unpaired");
    }

    private static CliRun eval(Path ref, Path hyp, String... more) {
        List<String> args = new ArrayList<>(List.of("eval", "boundaries", "--ref", ref.toString(), "--hyp", hyp.toString(), "--json"));
        args.addAll(List.of(more));
        return CliRun.of(args.toArray(String[]::new));
    }

    /** Bad input: exit 2, exactly one stderr line starting {@code prefix}, no stack trace, nothing on stdout. */
    private static void assertBadInput(CliRun run, String prefix, String... parts) {
        assertEquals(2, run.exit(), () -> "stderr: " + run.err());
        assertEquals(1, run.errLines().size(), () -> "one line: " + run.err());
        String line = run.errLines().get(0);
        assertTrue(line.startsWith(prefix), () -> "'" + prefix + "' does not start: " + line);
        for (String part : parts) {
            assertTrue(line.contains(part), () -> "'" + part + "' missing from: " + line);
        }
        assertFalse(run.err().contains("Exception") || run.err().contains("\tat "), run.err());
        assertEquals("", run.out());
    }

    @Test
    void jsonlSegmentsAgainstJsonlSegments() throws IOException {
        Path hyp = file("hyp.jsonl", """
                {"id": "u1", "segments": [{"start": 0, "end": 0.51, "label": "x"}, {"start": 0.51, "end": 0.98, "label": "y"}, {"start": 0.98, "end": 1.3, "label": "z"}]}
                {"id": "u2", "segments": [{"start": 0.2, "end": 0.65, "label": "p"}, {"start": 0.8, "end": 1.2, "label": "q"}]}
                """);
        CliRun run = eval(file("ref.jsonl", REF_JSONL), hyp);
        assertCounts(run, 8, 8, 6, List.of());
        // P = R = 6/8
        assertEquals(0.75, run.json().get("precision").asDouble());
        assertEquals(2, run.json().get("utterances").asLong());
    }

    @Test
    void jsonlBoundaries() throws IOException {
        Path hyp = file("hyp.jsonl", """
                {"id": "u2", "boundaries": [1.2, 0.8, 0.65, 0.2]}
                {"id": "u1", "boundaries": [0, 0.51, 0.98, 1.3]}
                """);
        assertCounts(eval(file("ref.jsonl", REF_JSONL), hyp), 8, 8, 6, List.of());
    }

    @Test
    void textGridFileIsOneUtterance() throws IOException {
        // only u1 on the hypothesis side: u2's 4 reference boundaries count unmatched
        Path hyp = file("u1.TextGrid", U1_TEXTGRID);
        assertCounts(eval(file("ref.jsonl", REF_JSONL), hyp, "--tier", "words"), 8, 4, 3, List.of("u2"));
    }

    @Test
    void aHypothesisWithoutReferenceIsLeftOutUnlessScoreEmptyIsAsked() throws IOException {
        // u3 only in the hypothesis, boundaries {0.3, 0.9}; u1 and u2 as above (8, 8, 6).
        Path hyp = file("hyp.jsonl", """
                {"id": "u1", "boundaries": [0, 0.51, 0.98, 1.3]}
                {"id": "u3", "boundaries": [0.3, 0.9]}
                {"id": "u2", "boundaries": [0.2, 0.65, 0.8, 1.2]}
                """);
        Path ref = file("ref.jsonl", REF_JSONL);
        // skip (the default): u3 adds nothing, listed as unpaired.
        assertCounts(eval(ref, hyp), 8, 8, 6, List.of("u3"));
        assertCounts(eval(ref, hyp, "--unreferenced", "skip"), 8, 8, 6, List.of("u3"));
        // score-empty: u3's 2 boundaries are false alarms, n_hyp 8 + 2 = 10.
        assertCounts(eval(ref, hyp, "--unreferenced", "score-empty"), 8, 10, 6, List.of("u3"));
        assertEquals(2, eval(ref, hyp, "--unreferenced", "all").exit());
    }

    @Test
    void textGridFolderWithTierChoice() throws IOException {
        file("hyp/u1.TextGrid", U1_TEXTGRID);
        file("hyp/u2.TextGrid", U2_TEXTGRID);
        Path ref = file("ref.jsonl", REF_JSONL);
        assertCounts(eval(ref, tmp.resolve("hyp"), "--tier", "words"), 8, 8, 6, List.of());
        assertCounts(eval(ref, tmp.resolve("hyp"), "--tier", "#1"), 8, 8, 6, List.of());
        // phones: u1 0, 0.25, 0.5 (hits 0 and 0.5); u2 0.2, 0.6 (both hit): n_hyp 5, hits 4
        assertCounts(eval(ref, tmp.resolve("hyp"), "--tier", "phones"), 8, 5, 4, List.of());
        // without --tier the two interval tiers are ambiguous; the folder's first file names it
        assertBadInput(eval(ref, tmp.resolve("hyp")), tmp.resolve("hyp/u1.TextGrid") + ": 2 interval tiers",
                "#1 'words' (IntervalTier), #2 'phones' (IntervalTier)", "--tier 'words' or --tier '#1'");
        assertBadInput(eval(ref, tmp.resolve("hyp"), "--tier", "word"), tmp.resolve("hyp/u1.TextGrid") + ": no tier named 'word'");
    }

    @Test
    void ctmOnTheMicrosecondGrid() throws IOException {
        // 0.51 + 0.47 = 0.98 and 0.98 + 0.32 = 1.3 only after rounding to the microsecond
        Path hyp = file("hyp.ctm", """
                ;; hypothesis
                u1 A 0 0.51 x 0.9
                u1 A 0.51 0.47 y 0.8
                u1 A 0.98 0.32 z
                u2 A 0.2 0.45 p
                u2 A 0.8 0.4 q
                """);
        assertCounts(eval(file("ref.jsonl", REF_JSONL), hyp), 8, 8, 6, List.of());
    }

    @Test
    void phnAndWrdAlignments() throws IOException {
        String lines = "u1 0 0.51 x\nu1 0.51 0.98 y\nu1 0.98 1.3 z\nu2 0.2 0.65 p\nu2 0.8 1.2 q\n";
        Path ref = file("ref.jsonl", REF_JSONL);
        assertCounts(eval(ref, file("hyp.wrd", lines)), 8, 8, 6, List.of());
        assertCounts(eval(ref, file("hyp.phn", lines)), 8, 8, 6, List.of());
    }

    @Test
    void formatOverridesTheExtension() throws IOException {
        Path ref = file("ref.txt", "u1 A 0 0.5 a\nu1 A 0.5 0.5 b\nu1 A 1.0 0.5 sil\nu2 A 0.2 0.4 c\nu2 A 0.8 0.4 d\n");
        Path hyp = file("hyp.txt", "u1 A 0 0.51 x\nu1 A 0.51 0.47 y\nu1 A 0.98 0.32 z\nu2 A 0.2 0.45 p\nu2 A 0.8 0.4 q\n");
        assertCounts(eval(ref, hyp, "--format", "ctm"), 8, 8, 6, List.of());
        // .txt is read as file-onset-offset lines by default: the channel is not an onset
        assertBadInput(eval(ref, hyp), ref + ":1: onset is not a number: 'A'");
        CliRun unknown = eval(ref, hyp, "--format", "praat");
        assertEquals(2, unknown.exit());
    }

    @Test
    void ignoreLabelsDropsSilence() throws IOException {
        // without sil [1.0, 1.5], u1's reference boundaries are 0, 0.5, 1.0: n_ref 7, hits still 6
        Path hyp = file("hyp.wrd", "u1 0 0.51 x\nu1 0.51 0.98 y\nu1 0.98 1.3 z\nu2 0.2 0.65 p\nu2 0.8 1.2 q\n");
        assertCounts(eval(file("ref.jsonl", REF_JSONL), hyp, "--ignore-labels", "sil,sp"), 7, 8, 6, List.of());
    }

    @Test
    void trimEdgesDropsFirstAndLast() throws IOException {
        // ref u1 0.5, 1.0; u2 0.6, 0.8. hyp u1 0.51, 0.98; u2 0.65, 0.8. Hits: 0.5, 1.0, 0.8 = 3
        Path hyp = file("hyp.wrd", "u1 0 0.51 x\nu1 0.51 0.98 y\nu1 0.98 1.3 z\nu2 0.2 0.65 p\nu2 0.8 1.2 q\n");
        assertCounts(eval(file("ref.jsonl", REF_JSONL), hyp, "--trim-edges"), 4, 4, 3, List.of());
    }

    @Test
    void badInputIsOneLocatedLine() throws IOException {
        Path ref = file("ref.jsonl", REF_JSONL);
        Path broken = file("broken.jsonl", "{\"id\": \"u1\", \"boundaries\": [0.1]}\n{\"id\": \"u2\", \"boundaries\": [0.1\n");
        assertBadInput(eval(ref, broken), broken + ":2: malformed JSON");
        Path backwards = file("b.jsonl", "{\"id\": \"u1\", \"segments\": [{\"start\": 0.5, \"end\": 0.25}]}\n");
        assertBadInput(eval(ref, backwards), backwards + ":1: segment 0 ends before it starts");
        Path negative = file("n.wrd", "u1 0 1 a\nu1 -1 2 b\n");
        assertBadInput(eval(ref, negative), negative + ":2: onset is negative");
        Path nan = file("nan.ctm", "u1 A 0 NaN a\n");
        assertBadInput(eval(ref, nan), nan + ":1: duration is not a number: 'NaN'");
        Path interleaved = file("i.ctm", "u1 A 0 1 a\nu2 A 0 1 b\nu1 A 1 1 c\n");
        assertBadInput(eval(ref, interleaved), interleaved + ":3: utterance 'u1' appears again", "sort -s -k1,1");
        Path empty = file("empty.ctm", "");
        assertBadInput(eval(ref, empty), empty + ": empty file");
        Path missing = tmp.resolve("missing.jsonl");
        assertBadInput(eval(ref, missing), missing + ": cannot read: no such file");
        Path truncated = file("t.TextGrid", U1_TEXTGRID.substring(0, U1_TEXTGRID.indexOf("\"y\"")));
        // the cut leaves the file ending on line 17 (after "0.98\n"): the missing text would be on line 18
        assertBadInput(eval(ref, truncated, "--tier", "words"), truncated + ":18: truncated file");
    }

    @Test
    void allTiersHaveTheSameNameNeedsNameAndPosition() throws IOException {
        Path grid = tmp.resolve("all_tiers_have_the_same_name.TextGrid");
        try (InputStream in = getClass().getResourceAsStream("/data/textgrid/praatio/all_tiers_have_the_same_name.TextGrid")) {
            Files.copy(in, grid);
        }
        Path ref = file("ref.jsonl", "{\"id\": \"all_tiers_have_the_same_name\", \"boundaries\": [0.19395201918177338, 0.3341189692105493]}\n");
        assertBadInput(eval(ref, grid, "--tier", "Mary"), grid + ": 3 interval tiers are named 'Mary'", "--tier 'Mary#2'", "--tier '#2'");
        // the second "Mary" tier is "Maary" [0.19395201918177338, 0.3341189692105493]: both boundaries hit
        assertCounts(eval(ref, grid, "--tier", "Mary#2"), 2, 2, 2, List.of());
    }
}
