package dev.segmon.model.io;

import static dev.segmon.model.io.CloudFixtures.edited;
import static dev.segmon.model.io.CloudFixtures.fixture;
import static dev.segmon.model.io.CloudFixtures.options;
import static dev.segmon.model.io.CloudFixtures.words;
import static dev.segmon.model.io.ReaderFixtures.expectError;
import static dev.segmon.model.io.ReaderFixtures.write;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.model.alignment.Segment;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Google Speech-to-Text results, on files built as the API reference specifies (formats/google/README.md). */
class GoogleSpeechReaderTest {
    private static final ReadOptions GOOGLE = options(AlignmentFormat.GOOGLE, null);

    @TempDir
    Path tmp;

    @Test
    void v1OperationResultsAreConcatenatedInFileOrder() {
        // "0s" = 0 s, "0.300s" = 0.3 s, ...; the second result follows the first
        assertEquals(List.of(
                new Segment(0.0, 0.3, "the"),
                new Segment(0.3, 0.7, "quick"),
                new Segment(0.7, 1.1, "brown"),
                new Segment(1.1, 1.6, "fox"),
                new Segment(2.1, 2.5, "jumps"),
                new Segment(2.5, 2.9, "over")),
                words(fixture("google/v1-longrunning.json"), GOOGLE, "v1-longrunning"));
    }

    @Test
    void v2OffsetsOfTheLowestChannelTagUnlessTierNamesAnother() {
        Path f = fixture("google/v2-two-channels.json");
        // channelTag 1: "hello" has no startOffset (a zero Duration is omitted): 0 s; then the third result
        assertEquals(List.of(
                new Segment(0.0, 0.4, "hello"),
                new Segment(1.2, 1.35, "how"),
                new Segment(1.35, 1.5, "are"),
                new Segment(1.5, 1.85, "you")),
                words(f, GOOGLE, "v2-two-channels"));
        assertEquals(List.of(new Segment(0.2, 0.45, "hi"), new Segment(0.45, 0.9, "there")),
                words(f, options(AlignmentFormat.GOOGLE, "2"), "v2-two-channels"));
        expectError(f, options(AlignmentFormat.GOOGLE, "3"), 2, "no channel '3' (--tier); the file has channels 1, 2");
    }

    @Test
    void durationObjectsOfSecondsAndNanos() {
        // {"seconds": "1", "nanos": 300000000} = 1 + 300000000e-9 = 1.3 s; {"seconds": 2} = 2 s
        Path f = write(tmp, "node.json", """
                {"results": [{"alternatives": [{"transcript": "yes", "words": [
                  {"startTime": {"seconds": "1", "nanos": 300000000}, "endTime": {"seconds": 2}, "word": "yes"}]}]}]}
                """, UTF_8);
        assertEquals(List.of(new Segment(1.3, 2.0, "yes")), words(f, GOOGLE, "node"));
    }

    @Test
    void durationWithoutItsUnitIsReportedAtItsLine() {
        // line 26 is the endTime of "quick"
        Path bad = edited(tmp, "google/v1-longrunning.json", "\"endTime\": \"0.700s\"", "\"endTime\": \"0.700\"");
        expectError(bad, GOOGLE, 26, "response.results[0].alternatives[0].words[1].endTime must be a duration such as \"1.300s\", not the string \"0.700\"");
    }

    @Test
    void transcriptWithoutWordTimesIsBadInput() {
        Path f = write(tmp, "plain.json", "{\"results\": [\n{\"alternatives\": [\n{\"transcript\": \"hello\", \"confidence\": 0.9}]}]}\n", UTF_8);
        expectError(f, GOOGLE, 3, "results[0].alternatives[0] has a transcript but no words: request word time offsets");
    }
}
