package dev.segmon.app.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.replay.FakeTicker;
import dev.segmon.app.replay.RecordingSink;
import dev.segmon.app.replay.Replay;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.boundary.BoundaryScorer;
import dev.segmon.model.io.AlignmentFormat;
import dev.segmon.model.io.ReadOptions;
import dev.segmon.model.io.UtteranceReader;
import dev.segmon.model.io.UtteranceReaders;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * docs/contract.md 3.1: each recogniser's and aligner's output file, sent by {@code segmon replay}
 * into the monitor's topology, gives the totals {@code eval boundaries} gives on the same files.
 * Where a tool writes two tiers, the reference is the finer one (phones, characters, tokens) and
 * the hypothesis the words, so that hits, misses and insertions all occur; a tool with one tier is
 * replayed against itself. The readers' boundaries themselves are pinned by hand in model/io's tests.
 */
class RecogniserOutputsReplayEqualsEvalTest {
    private static final Path FORMATS = Path.of("..", "model", "src", "test", "resources", "formats");

    static Stream<Arguments> outputs() {
        return Stream.of(
                Arguments.of("whisper", "whisper/jfk.json", null, null),
                Arguments.of("whisperx", "whisperx/dollars.json", "chars", "words"),
                Arguments.of("nemo", "nemo/hello_world_timestamp.json", "char", "word"),
                Arguments.of("nemo", "nemo/transcribe_speech_manifest.json", "segment", "word"),
                Arguments.of("nfa", "nfa/out", "tokens", "words"),
                Arguments.of("vosk", "vosk/test_simple_stream.json", null, null),
                Arguments.of("gentle", "gentle/lucier_golden.json", "phones", "words"),
                Arguments.of("aws", "aws/my-first-transcription-job.json", null, null),
                Arguments.of("aws", "aws/channel-identification.json", null, null),
                Arguments.of("google", "google/v1-longrunning.json", null, null),
                Arguments.of("google", "google/v2-two-channels.json", null, null),
                Arguments.of("azure", "azure/batch-call.json", null, null),
                Arguments.of("azure", "azure/realtime-phrase.json", null, null),
                Arguments.of("deepgram", "deepgram/life_moves_pretty_fast.json", null, null),
                Arguments.of("assemblyai", "assemblyai/morning-news.json", null, null),
                Arguments.of("assemblyai", "assemblyai/two-channel-call.json", null, null));
    }

    @ParameterizedTest(name = "{0} {1}: reference tier {2}, hypothesis tier {3}")
    @MethodSource("outputs")
    void replayedIntoTheMonitorTheTotalsEqualEvalBoundaries(String format, String file, String refTier, String hypTier) throws Exception {
        Path path = FORMATS.resolve(file);
        AlignmentFormat f = AlignmentFormat.parse(format);
        BoundaryCounts offline = BoundaryScorer.builder().build().score(open(path, f, refTier), open(path, f, hypTier)).counts();
        assertTrue(offline.reference() > 0 && offline.hypothesis() > 0, "the file has boundaries on both sides");

        RecordingSink sink = new RecordingSink();
        Replay.builder().model("asr").ticker(new FakeTicker()).build().run(open(path, f, refTier), open(path, f, hypTier), sink);
        try (SegmonDriver d = new SegmonDriver(MonitorConfig.builder().referenceMaxDelay(Duration.ofHours(1)))) {
            long ts = 0;
            for (RecordingSink.Sent s : sink.sent) {
                ts += 1_000; // one second of record time between messages
                if (s.topic().equals("h")) {
                    d.hyp(s.key(), s.json(), ts);
                } else {
                    d.ref(s.key(), s.json(), ts);
                }
            }
            BoundaryCounts live = d.totals("asr", "word").counts();
            assertEquals(offline, live, format + " " + file);
        }
    }

    private static UtteranceReader open(Path path, AlignmentFormat format, String tier) {
        return UtteranceReaders.open(path, new ReadOptions(format, tier));
    }
}
