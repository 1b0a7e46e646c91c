package dev.segmon.model.io;

import static dev.segmon.model.io.CloudFixtures.edited;
import static dev.segmon.model.io.CloudFixtures.fixture;
import static dev.segmon.model.io.CloudFixtures.options;
import static dev.segmon.model.io.CloudFixtures.words;
import static dev.segmon.model.io.ReaderFixtures.expectError;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.model.alignment.Segment;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Amazon Transcribe results, on the output examples of the Amazon Transcribe Developer Guide (formats/aws/README.md). */
class AwsTranscribeReaderTest {
    private static final ReadOptions AWS = options(AlignmentFormat.AWS, null);

    @TempDir
    Path tmp;

    @Test
    void pronunciationItemsAreWordsAndPunctuationIsSkipped() {
        // Read by hand from the file: four pronunciation items with start_time/end_time, then "." (no times).
        assertEquals(List.of(
                new Segment(0.64, 1.09, "Welcome"),
                new Segment(1.09, 1.21, "to"),
                new Segment(1.21, 1.74, "Amazon"),
                new Segment(1.74, 2.56, "Transcribe")),
                words(fixture("aws/my-first-transcription-job.json"), AWS, "my-first-transcription-job"));
    }

    @Test
    void channelIdentificationReadsTheFirstChannelUnlessTierNamesAnother() {
        Path f = fixture("aws/channel-identification.json");
        // results.channel_labels.channels[0] is ch_0: seven words, then "." without times.
        assertEquals(List.of(
                new Segment(4.86, 5.01, "I've"),
                new Segment(5.01, 5.16, "been"),
                new Segment(5.16, 5.28, "on"),
                new Segment(5.28, 5.62, "hold"),
                new Segment(5.62, 5.83, "for"),
                new Segment(6.1, 6.25, "an"),
                new Segment(6.25, 6.87, "hour")),
                words(f, AWS, "channel-identification"));
        assertEquals(List.of(
                new Segment(8.5, 8.89, "Sorry"),
                new Segment(8.89, 9.06, "about"),
                new Segment(9.06, 9.25, "that")),
                words(f, options(AlignmentFormat.AWS, "ch_1"), "channel-identification"));
        // channel_labels starts on line 10 of the file
        expectError(f, options(AlignmentFormat.AWS, "ch_2"), 10, "no channel 'ch_2' (--tier); the file has channels ch_0, ch_1");
    }

    @Test
    void singleChannelResultIgnoresTheTierMeantForTheReferenceTextGrid() {
        Path f = fixture("aws/my-first-transcription-job.json");
        assertEquals(words(f, AWS, "my-first-transcription-job"), words(f, options(AlignmentFormat.AWS, "words"), "my-first-transcription-job"));
    }

    @Test
    void badTimeIsReportedAtItsLine() {
        // line 13 of the file is "end_time": "1.09" of "Welcome"
        Path bad = edited(tmp, "aws/my-first-transcription-job.json", "\"end_time\": \"1.09\"", "\"end_time\": \"1,09\"");
        expectError(bad, AWS, 13, "results.items[0].end_time must be a number, not the string \"1,09\"");
    }

    @Test
    void wordEndingBeforeItStartsIsReportedAtTheItem() {
        // "to" is the item starting on line 22; its end 1.21 becomes 1.01 < start 1.09
        Path bad = edited(tmp, "aws/my-first-transcription-job.json", "\"end_time\": \"1.21\"", "\"end_time\": \"1.01\"");
        expectError(bad, AWS, 22, "results.items[1] ends before it starts (1.09 > 1.01 s)");
    }
}
