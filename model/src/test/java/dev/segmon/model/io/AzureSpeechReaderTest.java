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

/** Azure AI Speech results, on files built as the service documentation specifies (formats/azure/README.md). */
class AzureSpeechReaderTest {
    private static final ReadOptions AZURE = options(AlignmentFormat.AZURE, null);

    @TempDir
    Path tmp;

    @Test
    void batchWordsOfChannelZeroFromTicks() {
        // 1 tick = 100 ns: 700000 = 0.07 s, + 4800000 (0.48 s) = 0.55; 5500000 = 0.55, + 11100000 (1.11) = 1.66;
        // 23000000 = 2.3, + 4100000 (0.41) = 2.71; 27100000 = 2.71, + 14100000 (1.41) = 4.12
        assertEquals(List.of(
                new Segment(0.07, 0.55, "hello"),
                new Segment(0.55, 1.66, "world"),
                new Segment(2.3, 2.71, "thank"),
                new Segment(2.71, 4.12, "you")),
                words(fixture("azure/batch-call.json"), AZURE, "batch-call"));
    }

    @Test
    void batchTierChoosesTheChannel() {
        Path f = fixture("azure/batch-call.json");
        // channel 1: 9000000 ticks = 0.9 s, + 3000000 (0.3 s) = 1.2 s
        assertEquals(List.of(new Segment(0.9, 1.2, "hi")), words(f, options(AlignmentFormat.AZURE, "1"), "batch-call"));
        // "recognizedPhrases" is on line 22
        expectError(f, options(AlignmentFormat.AZURE, "2"), 22, "no channel '2' (--tier); the file has channels 0, 1");
    }

    @Test
    void batchWordsWithOnlyIsoDurations() {
        // PT1M2.5S = 60 + 2.5 = 62.5 s; + PT0.25S = 62.75 s
        Path f = write(tmp, "iso.json", """
                {"recognizedPhrases": [{"recognitionStatus": "Success", "channel": 0,
                  "nBest": [{"lexical": "yes", "words": [{"word": "yes", "offset": "PT1M2.5S", "duration": "PT0.25S"}]}]}]}
                """, UTF_8);
        assertEquals(List.of(new Segment(62.5, 62.75, "yes")), words(f, AZURE, "iso"));
    }

    @Test
    void realTimePhraseWordsFromTicks() {
        // 1800000 = 0.18 s, + 2900000 = 0.47; 4800000 = 0.48, + 1100000 = 0.59;
        // 5900000 = 0.59, + 3600000 = 0.95; 9500000 = 0.95, + 4600000 = 1.41
        assertEquals(List.of(
                new Segment(0.18, 0.47, "turn"),
                new Segment(0.48, 0.59, "the"),
                new Segment(0.59, 0.95, "lights"),
                new Segment(0.95, 1.41, "off")),
                words(fixture("azure/realtime-phrase.json"), AZURE, "realtime-phrase"));
    }

    @Test
    void realTimePhrasesCollectedInAnArraySkipNoMatch() {
        Path f = write(tmp, "session.json", """
                [{"RecognitionStatus": "InitialSilenceTimeout", "Offset": 0, "Duration": 50000000},
                 {"RecognitionStatus": "Success", "Offset": 60000000, "Duration": 5000000,
                  "NBest": [{"Lexical": "stop", "Words": [{"Word": "stop", "Offset": 60000000, "Duration": 5000000}]}]}]
                """, UTF_8);
        // 60000000 ticks = 6 s, + 5000000 = 6.5 s
        assertEquals(List.of(new Segment(6.0, 6.5, "stop")), words(f, AZURE, "session"));
    }

    @Test
    void badTicksAndBadIsoDurationsAreReportedAtTheirLines() {
        // line 51 is the durationInTicks of "world"
        Path bad = edited(tmp, "azure/batch-call.json", "\"durationInTicks\": 11100000.0", "\"durationInTicks\": \"long\"");
        expectError(bad, AZURE, 51, "recognizedPhrases[0].nBest[0].words[1].durationInTicks must be a number, not the string \"long\"");
        Path iso = write(tmp, "iso.json", "{\"recognizedPhrases\": [{\"nBest\": [{\"words\": [\n{\"word\": \"a\",\n\"offset\": \"1.5\", \"duration\": \"PT1S\"}]}]}]}\n", UTF_8);
        expectError(iso, AZURE, 3, "recognizedPhrases[0].nBest[0].words[0].offset must be an ISO 8601 duration such as \"PT1.23S\", not the string \"1.5\"");
    }

    @Test
    void recognisedTextWithoutWordsIsBadInput() {
        Path f = write(tmp, "plain.json", "{\"RecognitionStatus\": \"Success\", \"Offset\": 0, \"Duration\": 100,\n\"NBest\": [{\n\"Lexical\": \"hi\"}]}\n", UTF_8);
        expectError(f, AZURE, 3, "NBest[0] has no Words: request word-level timestamps");
    }
}
