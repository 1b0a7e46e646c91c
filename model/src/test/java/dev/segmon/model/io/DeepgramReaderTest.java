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

/** Deepgram responses, on a response recorded by the Deepgram Python SDK (formats/deepgram/README.md). */
class DeepgramReaderTest {
    private static final ReadOptions DEEPGRAM = options(AlignmentFormat.DEEPGRAM, null);

    @TempDir
    Path tmp;

    @Test
    void wordsOfChannelZeroWithTheirNormalisedLabels() {
        List<Segment> words = words(fixture("deepgram/life_moves_pretty_fast.json"), DEEPGRAM, "life_moves_pretty_fast");
        // Read by hand: 28 entries in results.channels[0].alternatives[0].words; start/end in seconds, "word" not "punctuated_word"
        assertEquals(28, words.size());
        assertEquals(new Segment(5.52, 6.2400002, "yep"), words.get(0));
        assertEquals(new Segment(6.96, 7.2799997, "i"), words.get(1));
        assertEquals(new Segment(15.271313, 15.5113125, "it"), words.get(27));
    }

    @Test
    void tierChoosesTheChannelByIndex() {
        Path f = write(tmp, "stereo.json", """
                {"metadata": {"channels": 2},
                 "results": {"channels": [
                   {"alternatives": [{"words": [{"word": "left", "start": 0.5, "end": 0.75}]}]},
                   {"alternatives": [{"words": [{"word": "right", "start": 1.25, "end": 1.5}]}]}
                 ]}}
                """, UTF_8);
        assertEquals(List.of(new Segment(0.5, 0.75, "left")), words(f, DEEPGRAM, "stereo"));
        assertEquals(List.of(new Segment(1.25, 1.5, "right")), words(f, options(AlignmentFormat.DEEPGRAM, "1"), "stereo"));
        expectError(f, options(AlignmentFormat.DEEPGRAM, "2"), 2, "no channel '2' (--tier); the file has channels 0, 1");
    }

    @Test
    void negativeTimeIsBadInput() {
        // the whole response is on line 1; "it" (words[3]) ends at 7.68
        Path bad = edited(tmp, "deepgram/life_moves_pretty_fast.json", "\"start\": 7.52, \"end\": 7.68", "\"start\": 7.52, \"end\": -7.68");
        expectError(bad, DEEPGRAM, 1, "results.channels[0].alternatives[0].words[3].end is negative (-7.68)");
    }

    @Test
    void timeBeyondTheDoubleRangeIsBadInput() {
        Path bad = edited(tmp, "deepgram/life_moves_pretty_fast.json", "\"start\": 7.52, \"end\": 7.68", "\"start\": 7.52, \"end\": 1e400");
        expectError(bad, DEEPGRAM, 1, "results.channels[0].alternatives[0].words[3] is not a finite time (1E+400 s)");
    }

    @Test
    void truncatedFileIsMalformedJsonAtItsLastLine() {
        Path bad = write(tmp, "cut.json", "{\"metadata\": {},\n\"results\": {\"channels\": [\n", UTF_8);
        expectError(bad, DEEPGRAM, 3, "malformed JSON");
    }
}
