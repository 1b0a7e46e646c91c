package dev.segmon.model.io;

import static dev.segmon.model.io.CloudFixtures.edited;
import static dev.segmon.model.io.CloudFixtures.fixture;
import static dev.segmon.model.io.CloudFixtures.options;
import static dev.segmon.model.io.CloudFixtures.words;
import static dev.segmon.model.io.ReaderFixtures.expectError;
import static dev.segmon.model.io.ReaderFixtures.readAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.segmon.model.alignment.Segment;
import dev.segmon.model.alignment.Utterance;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** AssemblyAI transcripts, on files built as the API specification describes (formats/assemblyai/README.md). */
class AssemblyAiReaderTest {
    private static final ReadOptions ASSEMBLYAI = options(AlignmentFormat.ASSEMBLYAI, null);

    @TempDir
    Path tmp;

    @Test
    void wordTimesAreMilliseconds() {
        // 250 ms = 0.25 s, 490 ms = 0.49 s, 830 ms = 0.83 s, 1030 ms = 1.03 s, 1555 ms = 1.555 s
        assertEquals(List.of(
                new Segment(0.25, 0.49, "Good"),
                new Segment(0.49, 0.83, "morning,"),
                new Segment(1.03, 1.555, "everyone.")),
                words(fixture("assemblyai/morning-news.json"), ASSEMBLYAI, "morning-news"));
    }

    @Test
    void multichannelReadsChannelOneUnlessTierNamesAnother() {
        Path f = fixture("assemblyai/two-channel-call.json");
        assertEquals(List.of(new Segment(0.12, 0.48, "Hello.")), words(f, ASSEMBLYAI, "two-channel-call"));
        // channel "2": 700 ms = 0.7 s, 860 ms = 0.86 s, 1210 ms = 1.21 s
        assertEquals(List.of(new Segment(0.7, 0.86, "Hi"), new Segment(0.86, 1.21, "there.")),
                words(f, options(AlignmentFormat.ASSEMBLYAI, "2"), "two-channel-call"));
    }

    @Test
    void aFolderIsOneUtterancePerFileInNameOrder() {
        List<Utterance> all = readAll(fixture("assemblyai"), ASSEMBLYAI);
        assertEquals(List.of("morning-news", "two-channel-call"), all.stream().map(Utterance::id).toList());
    }

    @Test
    void namesEqualButForTheExtensionsCaseAreOneIdTwice() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("results"));
        Files.copy(fixture("assemblyai/morning-news.json"), dir.resolve("call.JSON"));
        Files.copy(fixture("assemblyai/morning-news.json"), dir.resolve("call.json"));
        // sorted by name: "call.JSON" < "call.json" (upper case first), so the second read is call.json
        InputException e = assertThrows(InputException.class, () -> readAll(dir, ASSEMBLYAI));
        assertEquals(dir.resolve("call.json") + ": utterance 'call' appears a second time (another file has the same name)", e.getMessage());
    }

    @Test
    void unfinishedTranscriptIsBadInput() {
        Path bad = edited(tmp, "assemblyai/morning-news.json", "\"status\": \"completed\"", "\"status\": \"error\", \"error\": \"Download error\"");
        expectError(bad, ASSEMBLYAI, 3, "status is \"error\", not \"completed\": no words (Download error)");
    }

    @Test
    void wordEndingBeforeItStartsIsReportedAtTheWord() {
        // "morning," is the word object starting on line 16; its end 830 becomes 430 < start 490
        Path bad = edited(tmp, "assemblyai/morning-news.json", "\"end\": 830", "\"end\": 430");
        expectError(bad, ASSEMBLYAI, 16, "words[1] ends before it starts (0.49 > 0.43 s)");
    }
}
