package dev.segmon.model.io;

import static dev.segmon.model.io.ReaderFixtures.assertSegments;
import static dev.segmon.model.io.ReaderFixtures.expectError;
import static dev.segmon.model.io.ReaderFixtures.format;
import static dev.segmon.model.io.ReaderFixtures.readWords;
import static dev.segmon.model.io.ReaderFixtures.segments;
import static dev.segmon.model.io.ReaderFixtures.write;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * WhisperX JSON (formats/whisperx/README.md). The file holds "It was 68 dollars." and "Yes.";
 * WhisperX gave the numeral "68" no times, so it is a word of the transcript without a boundary.
 */
class WhisperXReaderTest {
    @TempDir
    Path tmp;

    private static final Path FILE = format("whisperx/dollars.json");

    @Test
    void anUntimedNumeralKeepsItsPlaceInTheTranscriptAddsNoBoundaryAndIsCounted() {
        ReaderFixtures.Transcribed r = readWords(FILE, ReadOptions.DEFAULT);
        assertEquals("dollars", r.utterances().get(0).id());
        assertSegments(segments(r.utterances().get(0)),
                0.031, 0.151, "It", 0.191, 0.412, "was", 1.474, 2.315, "dollars.", 2.975, 3.196, "Yes.");
        assertEquals(List.of("It", "was", "68", "dollars.", "Yes."), r.words().get(0));
        assertEquals(1, r.untimed());
    }

    @Test
    void charsTierReadsTheCharacterAlignmentsSpacesAsGaps() {
        ReaderFixtures.Transcribed r = readWords(FILE, ReadOptions.DEFAULT.withTier("chars"));
        // timed: I t w a s (5) + d o l l a r s (7) + Y e s (3) = 15; untimed: 6, 8, and the two periods = 4
        assertEquals(15, segments(r.utterances().get(0)).size());
        assertSegments(segments(r.utterances().get(0)).subList(0, 2), 0.031, 0.091, "I", 0.091, 0.151, "t");
        assertEquals(4, r.untimed());
        assertEquals(List.of("I", "t", "w", "a", "s", "6", "8", "d", "o", "l", "l", "a", "r", "s", ".", "Y", "e", "s", "."), r.words().get(0));
    }

    @Test
    void segmentsTierReadsTheSegmentTimes() {
        assertSegments(segments(readWords(FILE, ReadOptions.DEFAULT.withTier("segments")).utterances().get(0)),
                0.031, 2.315, "It was 68 dollars.", 2.975, 3.196, "Yes.");
    }

    @Test
    void wordSegmentsAloneAreReadWhenTheSegmentsCarryNoWords() {
        Path p = write(tmp, "ws.json", "{\"segments\": [{\"start\": 0.5, \"end\": 1.2, \"text\": \"a 9\"}], \"word_segments\": "
                + "[{\"word\": \"a\", \"start\": 0.5, \"end\": 0.7, \"score\": 0.9}, {\"word\": \"9\"}], \"language\": \"en\"}", StandardCharsets.UTF_8);
        assertEquals(AlignmentFormat.WHISPERX, UtteranceReaders.detect(p));
        ReaderFixtures.Transcribed r = readWords(p, ReadOptions.DEFAULT);
        assertSegments(segments(r.utterances().get(0)), 0.5, 0.7, "a");
        assertEquals(List.of("a", "9"), r.words().get(0));
    }

    @Test
    void isDetectedAsWhisperXNotWhisper() {
        assertEquals(AlignmentFormat.WHISPERX, UtteranceReaders.detect(FILE));
    }

    @Test
    void aWordWithAStartButNoEndIsBadInputAtItsLine() {
        Path p = write(tmp, "half.json", "{\"segments\": [{\"start\": 0, \"end\": 1, \"words\": [\n{\"word\": \"a\", \"start\": 0.5}]}]}",
                StandardCharsets.UTF_8);
        expectError(p, ReadOptions.DEFAULT, 2, "segment 0 word 0 has \"start\" but no \"end\"");
    }
}
