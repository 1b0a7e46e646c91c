package dev.segmon.model.io;

import static dev.segmon.model.io.ReaderFixtures.assertSegments;
import static dev.segmon.model.io.ReaderFixtures.expectError;
import static dev.segmon.model.io.ReaderFixtures.format;
import static dev.segmon.model.io.ReaderFixtures.readWords;
import static dev.segmon.model.io.ReaderFixtures.segments;
import static dev.segmon.model.io.ReaderFixtures.write;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.model.alignment.Segment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * NeMo timestamps and NeMo Forced Aligner CTMs (formats/nemo, formats/nfa). One frame is 0.08 s:
 * hello = frames 4-10 = [0.32, 0.80], world = 12-19 = [0.96, 1.52], good = 2-6 = [0.16, 0.48],
 * morning = 7-15 = [0.56, 1.20]; NFA's CTMs carry the same times to 0.01 s.
 */
class NemoReaderTest {
    @TempDir
    Path tmp;

    private static final Path MANIFEST = format("nemo/transcribe_speech_manifest.json");
    private static final Path NFA = format("nfa/out");

    @Test
    void manifestLinesAreUtterancesNamedByTheirAudioFile() {
        assertEquals(AlignmentFormat.NEMO, UtteranceReaders.detect(MANIFEST));
        ReaderFixtures.Transcribed r = readWords(MANIFEST, ReadOptions.DEFAULT);
        assertEquals(List.of("hello_world", "good_morning"), r.utterances().stream().map(u -> u.id()).toList());
        assertSegments(segments(r.utterances().get(0)), 0.32, 0.80, "hello", 0.96, 1.52, "world");
        assertSegments(segments(r.utterances().get(1)), 0.16, 0.48, "good", 0.56, 1.20, "morning");
    }

    @Test
    void segmentAndCharTiers() {
        assertSegments(segments(readWords(MANIFEST, ReadOptions.DEFAULT.withTier("segment")).utterances().get(0)), 0.32, 1.52, "hello world");
        List<Segment> chars = segments(readWords(MANIFEST, ReadOptions.DEFAULT.withTier("char")).utterances().get(0));
        // h = frames 4-5, e = 5-6 (each character a list of one token, ["h"])
        assertEquals(10, chars.size());
        assertSegments(chars.subList(0, 2), 0.32, 0.40, "h", 0.40, 0.48, "e");
    }

    @Test
    void aSavedTimestampDictionaryIsOneUtteranceNamedByItsFile() {
        Path p = format("nemo/hello_world_timestamp.json");
        assertEquals(AlignmentFormat.NEMO, UtteranceReaders.detect(p));
        ReaderFixtures.Transcribed r = readWords(p, ReadOptions.DEFAULT);
        assertEquals("hello_world_timestamp", r.utterances().get(0).id());
        assertSegments(segments(r.utterances().get(0)), 0.32, 0.80, "hello", 0.96, 1.52, "world");
    }

    @Test
    void aBadEntryOnALaterManifestLineIsReportedAtThatLine() {
        Path p = write(tmp, "m.json", "{\"audio_filepath\": \"a.wav\", \"timestamps_word\": [{\"word\": \"x\", \"start\": 0.1, \"end\": 0.2}]}\n"
                + "{\"audio_filepath\": \"b.wav\", \"timestamps_word\": [{\"word\": \"y\", \"start\": null, \"end\": 0.2}]}\n", StandardCharsets.UTF_8);
        expectError(p, ReadOptions.DEFAULT, 2, "word 0 has \"end\" but no \"start\"");
    }

    @Test
    void frameOffsetsWithoutSecondsAreRefused() {
        Path p = write(tmp, "old.json", "{\"word\": [\n  {\"word\": \"hi\", \"start_offset\": 4, \"end_offset\": 10}\n]}", StandardCharsets.UTF_8);
        expectError(p, ReadOptions.DEFAULT, 2, "word 0 has frame offsets only", "window stride");
    }

    @Test
    void nfaOutputFolderIsDetectedAndReadByLevel() {
        assertEquals(AlignmentFormat.NFA, UtteranceReaders.detect(NFA));
        ReaderFixtures.Transcribed words = readWords(NFA, ReadOptions.DEFAULT);
        assertEquals(List.of("good_morning", "hello_world"), words.utterances().stream().map(u -> u.id()).toList());
        assertSegments(segments(words.utterances().get(1)), 0.32, 0.80, "hello", 0.96, 1.52, "world");
        // tokens: the blank token <b> is a gap, not a unit
        assertSegments(segments(readWords(NFA, ReadOptions.DEFAULT.withTier("tokens")).utterances().get(1)),
                0.32, 0.48, "\u2581he", 0.48, 0.80, "llo", 0.96, 1.52, "\u2581world");
        // segments: <space> is read back as a space
        assertSegments(segments(readWords(NFA, ReadOptions.DEFAULT.withTier("segments")).utterances().get(1)), 0.32, 1.52, "hello world");
    }

    @Test
    void nfaLevelFolderAndSingleFileAreReadToo() {
        assertEquals(2, readWords(NFA.resolve("ctm/words"), ReadOptions.DEFAULT).utterances().size());
        ReaderFixtures.Transcribed one = readWords(NFA.resolve("ctm/words/good_morning.ctm"), ReadOptions.DEFAULT.withFormat(AlignmentFormat.NFA));
        assertSegments(segments(one.utterances().get(0)), 0.16, 0.48, "good", 0.56, 1.20, "morning");
    }

    @Test
    void anOldNfaFolderWithAdditionalSegmentsReadsTheSameWay() throws Exception {
        Path out = tmp.resolve("old");
        Files.createDirectories(out.resolve("words"));
        Files.createDirectories(out.resolve("additional_segments"));
        Files.writeString(out.resolve("words/u.ctm"), "u 1 0.10 0.20 hi\n");
        Files.writeString(out.resolve("additional_segments/u.ctm"), "u 1 0.10 0.50 hi<space>there\n");
        assertEquals(AlignmentFormat.NFA, UtteranceReaders.detect(out));
        assertSegments(segments(readWords(out, ReadOptions.DEFAULT).utterances().get(0)), 0.10, 0.30, "hi");
        assertSegments(segments(readWords(out, ReadOptions.DEFAULT.withTier("segments")).utterances().get(0)), 0.10, 0.60, "hi there");
    }

    @Test
    void aShortNfaLineIsBadInputAtItsLine() {
        Path p = write(tmp, "u.ctm", "u 1 0.00 0.32 hi\nu 1 0.32 there\n", StandardCharsets.UTF_8);
        expectError(p, ReadOptions.DEFAULT.withFormat(AlignmentFormat.NFA), 2, "found 4 fields");
    }
}
