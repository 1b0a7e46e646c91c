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
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Vosk results (formats/vosk) and Gentle's alignment of the Lucier reading (formats/gentle, a real Gentle output). */
class VoskGentleReaderTest {
    @TempDir
    Path tmp;

    @Test
    void aVoskStreamIsOneUtteranceOfEveryFinalResultPartialsSkipped() {
        Path p = format("vosk/test_simple_stream.json");
        assertEquals(AlignmentFormat.VOSK, UtteranceReaders.detect(p));
        ReaderFixtures.Transcribed r = readWords(p, ReadOptions.DEFAULT);
        assertEquals(1, r.utterances().size());
        assertEquals("test_simple_stream", r.utterances().get(0).id());
        List<Segment> words = segments(r.utterances().get(0));
        assertEquals(10, words.size()); // 5 words in each of the two Result()s
        // the first Result() is src/vosk_api.h's example: what [0.87, 1.11], zero [1.11, 1.53], ..., one [2.34, 2.61]
        assertSegments(words.subList(0, 5), 0.87, 1.11, "what", 1.11, 1.53, "zero", 1.53, 1.95, "zero", 1.95, 2.34, "zero", 2.34, 2.61, "one");
        assertSegments(words.subList(9, 10), 5.16, 5.67, "three");
        assertEquals(List.of("what", "zero", "zero", "zero", "one", "cyril", "one", "eight", "zero", "three"), r.words().get(0));
    }

    @Test
    void aSingleVoskResultIsDetectedToo() {
        Path p = format("vosk/one_result.json");
        assertEquals(AlignmentFormat.VOSK, UtteranceReaders.detect(p));
        assertEquals(5, segments(readWords(p, ReadOptions.DEFAULT).utterances().get(0)).size());
    }

    @Test
    void aVoskResultWithoutWordTimesIsRefused() {
        Path p = write(tmp, "nowords.json", "{\n  \"text\" : \"one zero\"\n}\n", StandardCharsets.UTF_8);
        expectError(p, ReadOptions.DEFAULT, 2, "no \"result\" words: call SetWords(True)");
    }

    @Test
    void gentleSuccessWordsAreTimedNotFoundInAudioWordsAreCountedNotTimed() {
        Path p = format("gentle/lucier_golden.json");
        assertEquals(AlignmentFormat.GENTLE, UtteranceReaders.detect(p));
        ReaderFixtures.Transcribed r = readWords(p, ReadOptions.DEFAULT);
        List<Segment> words = segments(r.utterances().get(0));
        // 85 "success" entries, 20 "not-found-in-audio" (README, counted with Python's json)
        assertEquals(85, words.size());
        assertEquals(20, r.untimed());
        // the file's first entries: I [0.0, 0.07], am [0.11, 0.16999999999999998], sitting and in not found,
        // four not-found-in-transcript entries, then a [6.74, 6.890000000000001]
        assertSegments(words.subList(0, 3), 0.0, 0.07, "I", 0.11, 0.17, "am", 6.74, 6.89, "a");
        assertEquals(List.of("I", "am", "sitting", "in", "a"), r.words().get(0).subList(0, 5));
        assertEquals(105, r.words().get(0).size());
    }

    @Test
    void gentlePhonesStartAtTheWordAndFollowTheirDurations() {
        List<Segment> phones = segments(readWords(format("gentle/lucier_golden.json"), ReadOptions.DEFAULT.withTier("phones")).utterances().get(0));
        // I: ay_S 0.07 from 0.0; am: ae_B 0.03 from 0.11 -> 0.14, m_E 0.03 -> 0.17; a: ah_S 0.15 from 6.74 -> 6.89
        assertSegments(phones.subList(0, 4), 0.0, 0.07, "ay_S", 0.11, 0.14, "ae_B", 0.14, 0.17, "m_E", 6.74, 6.89, "ah_S");
    }

    @Test
    void gentleUnknownCaseIsBadInputAtItsLine() {
        Path p = write(tmp, "g.json", "{\"transcript\": \"hi\", \"words\": [\n{\"case\": \"maybe\", \"word\": \"hi\"}]}", StandardCharsets.UTF_8);
        expectError(p, ReadOptions.DEFAULT, 2, "word 0 has \"case\" the string \"maybe\"");
    }
}
