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

/** openai-whisper JSON (formats/whisper/README.md): words with their times, never the segments' by accident. */
class WhisperReaderTest {
    @TempDir
    Path tmp;

    private static final ReadOptions WHISPER = ReadOptions.DEFAULT.withFormat(AlignmentFormat.WHISPER);

    @Test
    void wordsOfBothSegmentsWithTheLeadingSpaceDropped() {
        ReaderFixtures.Transcribed r = readWords(format("whisper/jfk.json"), WHISPER);
        assertEquals(1, r.utterances().size());
        assertEquals("jfk", r.utterances().get(0).id(), "id = file name without .json");
        List<Segment> words = segments(r.utterances().get(0));
        // 14 words in segment 0, 8 in segment 1, as listed in the file
        assertEquals(22, words.size());
        assertSegments(words.subList(0, 2), 0.0, 0.42, "And", 0.42, 1.04, "so");
        assertSegments(words.subList(4, 5), 1.74, 2.66, "Americans,");
        assertSegments(words.subList(21, 22), 10.18, 10.58, "country.");
        assertEquals(List.of("And", "so", "my", "fellow", "Americans,", "ask", "not", "what", "your", "country", "can", "do",
                "for", "you,", "ask", "what", "you", "can", "do", "for", "your", "country."), r.words().get(0));
        assertEquals(0, r.untimed());
    }

    @Test
    void segmentsTierGivesTheSegmentTimesOnlyWhenAskedFor() {
        List<Segment> s = segments(readWords(format("whisper/jfk.json"), WHISPER.withTier("segments")).utterances().get(0));
        assertSegments(s, 0.0, 8.0, "And so my fellow Americans, ask not what your country can do for you,",
                8.0, 10.58, "ask what you can do for your country.");
    }

    @Test
    void aJsonFileOfWhisperShapeIsDetected() {
        assertEquals(AlignmentFormat.WHISPER, UtteranceReaders.detect(format("whisper/jfk.json")));
        assertEquals(22, segments(readWords(format("whisper/jfk.json"), ReadOptions.DEFAULT).utterances().get(0)).size());
    }

    @Test
    void aFolderOfWhisperFilesIsOneUtterancePerFile() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("whisper"));
        Files.copy(format("whisper/jfk.json"), dir.resolve("b.json"));
        Files.copy(format("whisper/jfk.json"), dir.resolve("a.json"));
        ReaderFixtures.Transcribed r = readWords(dir, ReadOptions.DEFAULT);
        assertEquals(List.of("a", "b"), r.utterances().stream().map(u -> u.id()).toList());
    }

    @Test
    void withoutWordTimestampsTheFileIsRefusedNotScoredBySegments() {
        Path p = write(tmp, "nowords.json", "{\"text\": \" Hi.\", \"segments\": [{\"id\": 0, \"start\": 0.0, \"end\": 1.0, \"text\": \" Hi.\"}],"
                + " \"language\": \"en\"}", StandardCharsets.UTF_8);
        expectError(p, ReadOptions.DEFAULT, 1, "segment 0 has no \"words\"", "--word_timestamps True");
    }

    @Test
    void aBadTimeIsReportedAtItsLine() {
        Path p = write(tmp, "bad.json", "{\"text\": \" Hi there\",\n \"segments\": [{\"start\": 0, \"end\": 1, \"words\": [\n"
                + "{\"word\": \" Hi\", \"start\": 0.1, \"end\": 0.4},\n{\"word\": \" there\", \"start\": \"0.5\", \"end\": 0.9}]}]}",
                StandardCharsets.UTF_8);
        expectError(p, WHISPER, 4, "segment 0 word 1 \"start\" must be a number, not the string \"0.5\"");
    }

    @Test
    void aWordEndingBeforeItStartsIsBadInput() {
        Path p = write(tmp, "back.json", "{\"text\": \"\", \"segments\": [{\"start\": 0, \"end\": 1, \"words\": "
                + "[{\"word\": \" x\", \"start\": 0.5, \"end\": 0.4}]}]}", StandardCharsets.UTF_8);
        expectError(p, WHISPER, 1, "segment 0 word 0 'x' ends before it starts (0.5 > 0.4)");
    }

    @Test
    void malformedJsonIsReportedAtTheLineOfTheBadToken() {
        Path p = write(tmp, "broken.json", "{\"text\": \"\",\n\"segments\": [\n{\"start\": 0,, \"end\": 1}]}", StandardCharsets.UTF_8);
        expectError(p, WHISPER, 3, "malformed JSON");
    }

    @Test
    void anUnknownTierIsRefusedWithTheChoices() {
        expectError(format("whisper/jfk.json"), WHISPER.withTier("phones"), 0, "no tier 'phones' in openai-whisper output: use --tier words or segments");
    }
}
