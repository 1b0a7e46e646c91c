package dev.segmon.app.cli.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.segmon.app.cli.CliRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code eval boundaries} and {@code eval wer} on recognisers' own files (model/src/test/resources/formats,
 * each with a README on its source).
 */
class RecogniserOutputsCommandTest {
    private static final Path FORMATS = Path.of("../model/src/test/resources/formats");
    private static final Path WHISPER = FORMATS.resolve("whisper/jfk.json");
    private static final Path WHISPERX = FORMATS.resolve("whisperx/dollars.json");

    @TempDir
    Path tmp;

    private Path file(String name, String text) throws IOException {
        return Files.writeString(tmp.resolve(name), text);
    }

    @Test
    void whisperWordTimesAreScoredAgainstAReference() throws IOException {
        // jfk.json's 22 words give 26 distinct boundaries (file order): 0, 0.42, 1.04, 1.38, 1.74, 2.66, 3.26, 4.12,
        // 4.6, 5.36, 5.66, 5.98, 6.52, 6.9, 7.16, 7.46, 7.86, 8.24, 8.6, 8.9, 9.18, 9.48, 9.7, 9.94, 10.18, 10.58.
        // The reference has the same but 5.30 for 5.36 (0.06 s off, a miss at 0.02 s): hits = 25 of 26.
        Path ref = file("ref.jsonl", "{\"id\": \"jfk\", \"boundaries\": [0, 0.42, 1.04, 1.38, 1.74, 2.66, 3.26, 4.12, 4.6, 5.30,"
                + " 5.66, 5.98, 6.52, 6.9, 7.16, 7.46, 7.86, 8.24, 8.6, 8.9, 9.18, 9.48, 9.7, 9.94, 10.18, 10.58]}\n");
        CliRun run = CliRun.of("eval", "boundaries", "--ref", ref.toString(), "--hyp", WHISPER.toString(), "--json");
        assertEquals(0, run.exit(), run::err);
        JsonNode o = run.json();
        assertEquals(26, o.get("n_ref").asLong());
        assertEquals(26, o.get("n_hyp").asLong());
        assertEquals(25, o.get("hits").asLong());
        assertEquals("", run.err());
    }

    @Test
    void aWhisperFileReadAsJsonlIsRefusedWithOneLineNamingTheFormat() throws IOException {
        Path hyp = tmp.resolve("jfk.jsonl");
        Files.copy(WHISPER, hyp);
        CliRun run = CliRun.of("eval", "boundaries", "--ref", WHISPER.toString(), "--hyp", hyp.toString(), "--json");
        assertEquals(2, run.exit(), run::err);
        assertEquals(1, run.errLines().size(), run::err);
        String line = run.errLines().get(0);
        assertTrue(line.startsWith(hyp + ":1: segment 0 has \"words\""), line);
        assertTrue(line.contains("--format whisper"), line);
        assertFalse(run.err().contains("Exception"), run.err());
        assertEquals("", run.out());
    }

    @Test
    void whisperxUntimedWordsAreReportedOnStderrAndAddNoBoundary() throws IOException {
        // dollars.json: It [0.031, 0.151], was [0.191, 0.412], 68 (no times), dollars. [1.474, 2.315], Yes. [2.975, 3.196]
        Path ref = file("ref.jsonl", "{\"id\": \"dollars\", \"boundaries\": [0.031, 0.151, 0.191, 0.412, 1.474, 2.315, 2.975, 3.196]}\n");
        CliRun run = CliRun.of("eval", "boundaries", "--ref", ref.toString(), "--hyp", WHISPERX.toString(), "--json");
        assertEquals(0, run.exit(), run::err);
        assertEquals(8, run.json().get("n_hyp").asLong());
        assertEquals(8, run.json().get("hits").asLong());
        assertEquals("segmon: " + WHISPERX + ": 1 word without times: kept in the transcript, no boundary", run.err().strip());
    }

    @Test
    void werScoresARecognisersWordsAgainstKaldiTextUntimedWordsIncluded() throws IOException {
        // ref "It was sixty eight dollars. Yes." (6 words), hyp "It was 68 dollars. Yes.": one substitution
        // (68 for sixty) and one deletion (eight), so WER = 2 / 6
        Path ref = file("text", "dollars It was sixty eight dollars. Yes.\n");
        CliRun run = CliRun.of("eval", "wer", "--ref", ref.toString(), "--hyp", WHISPERX.toString(), "--json");
        assertEquals(0, run.exit(), run::err);
        JsonNode o = run.json();
        assertEquals(2.0 / 6, o.get("wer").asDouble(), 1e-15);
        assertEquals(1, o.get("sub").asLong());
        assertEquals(1, o.get("del").asLong());
        assertEquals(0, o.get("ins").asLong());
        assertTrue(run.err().contains("1 word without times"), run.err());
    }

    @Test
    void werTakesACtmInTimeOrderAndKeepsKaldiTextForOtherNames() throws IOException {
        Path ref = file("ref.txt", "u1 a b c\n");
        // CTM lines out of time order: the transcript is a b c by start time, so WER = 0
        String ctm = "u1 A 1.0 0.4 c\nu1 A 0.0 0.5 a\nu1 A 0.5 0.5 b\n";
        CliRun run = CliRun.of("eval", "wer", "--ref", ref.toString(), "--hyp", file("hyp.ctm", ctm).toString(), "--json");
        assertEquals(0, run.exit(), run::err);
        assertEquals(0.0, run.json().get("wer").asDouble());
        // the same lines in a .txt file are Kaldi text, as before: u1 on three lines is bad input
        CliRun kaldi = CliRun.of("eval", "wer", "--ref", ref.toString(), "--hyp", file("hyp.txt", ctm).toString(), "--json");
        assertEquals(2, kaldi.exit(), kaldi::err);
        assertTrue(kaldi.err().startsWith(tmp.resolve("hyp.txt") + ":2: utterance 'u1' appears a second time"), kaldi.err());
        // and with --format ctm both files are read as CTM
        CliRun forced = CliRun.of("eval", "wer", "--ref", file("ref2.txt", ctm).toString(), "--hyp", tmp.resolve("hyp.txt").toString(),
                "--format", "ctm", "--json");
        assertEquals(0, forced.exit(), forced::err);
        assertEquals(0.0, forced.json().get("wer").asDouble());
    }
}
