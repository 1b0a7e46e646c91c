package dev.segmon.app.cli.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.app.cli.CliRun;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every recogniser's and aligner's fixture (model/src/test/resources/formats, each with a README on
 * its source) is read by {@code eval boundaries} and {@code eval wer} through detection by content
 * alone, no {@code --format}: scored against itself, every boundary is a hit and no word is an error.
 * The boundaries and words each reader takes from its file are pinned by hand in model/io's tests.
 */
class EveryRecogniserOutputScoresTest {
    private static final Path FORMATS = Path.of("../model/src/test/resources/formats");

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "whisper/jfk.json", "whisperx/dollars.json", "nemo/hello_world_timestamp.json", "nemo/transcribe_speech_manifest.json",
        "nfa/out", "vosk/one_result.json", "vosk/test_simple_stream.json", "gentle/lucier_golden.json",
        "aws/my-first-transcription-job.json", "aws/channel-identification.json", "google/v1-longrunning.json",
        "google/v2-two-channels.json", "azure/batch-call.json", "azure/realtime-phrase.json",
        "deepgram/life_moves_pretty_fast.json", "assemblyai/morning-news.json", "assemblyai/two-channel-call.json"})
    void scoresWithEvalBoundariesAndEvalWerByContentAlone(String file) {
        String path = FORMATS.resolve(file).toString();
        CliRun boundaries = CliRun.of("eval", "boundaries", "--ref", path, "--hyp", path, "--json");
        assertEquals(0, boundaries.exit(), boundaries::err);
        long hits = boundaries.json().get("hits").asLong();
        assertTrue(hits > 0, file + " has boundaries");
        assertEquals(boundaries.json().get("n_ref").asLong(), hits);
        assertEquals(boundaries.json().get("n_hyp").asLong(), hits);

        CliRun wer = CliRun.of("eval", "wer", "--ref", path, "--hyp", path, "--json");
        assertEquals(0, wer.exit(), wer::err);
        assertEquals(0.0, wer.json().get("wer").asDouble(), file);
    }
}
