package dev.segmon.app.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.model.io.JsonlReader;
import dev.segmon.model.io.UtteranceReader;
import java.io.BufferedReader;
import java.io.StringReader;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReplayTest {
    static final String REF = """
            {"id": "u1", "boundaries": [0.0, 0.5]}
            {"id": "u2", "boundaries": [0.3]}
            """;
    static final String HYP = """
            {"id": "u1", "boundaries": [0.5, 0.0, 0.5]}
            {"id": "u2", "boundaries": [0.25]}
            """;

    static UtteranceReader jsonl(String text) {
        return new JsonlReader("test", new BufferedReader(new StringReader(text)));
    }

    @Test
    void referenceFollowsItsUtterancesEndAfterTheDelay() throws Exception {
        FakeTicker ticker = new FakeTicker();
        RecordingSink sink = new RecordingSink(ticker::nanoTime);
        Replay.builder().model("m").referenceDelay(Duration.ofSeconds(5)).ticker(ticker).build()
                .run(jsonl(REF), jsonl(HYP), sink);
        // No rate limit: all hypothesis messages at t=0 (u1: 0.0, 0.5, end; u2: 0.25, end), then the
        // references 5 s after their end, u1's first. Distinct times: u1's repeated 0.5 is sent once.
        List<String> order = sink.sent.stream().map(s -> s.topic() + ":" + s.key() + "@" + s.nanos() / 1_000_000_000L).toList();
        assertEquals(List.of("h:u1@0", "h:u1@0", "h:u1@0", "h:u2@0", "h:u2@0", "r:u1@5", "r:u2@5"), order);
    }

    /**
     * The end carries the later of the reference's last time and the hypothesis' last boundary:
     * u1 max(0.5, 0.5) = 0.5, u2 max(0.3, 0.25) = 0.3; u3 (reference only, [0.2, 0.9]) 0.9;
     * with --no-duration none.
     */
    @Test
    void endsCarryTheAudioDurationUnlessTurnedOff() throws Exception {
        String ref = REF + "{\"id\": \"u3\", \"boundaries\": [0.2, 0.9]}\n";
        RecordingSink sink = new RecordingSink();
        Replay.builder().model("m").ticker(new FakeTicker()).build().run(jsonl(ref), jsonl(HYP), sink);
        List<String> ends = sink.sent.stream().filter(s -> s.topic().equals("h") && s.json().contains("\"end\"")).map(RecordingSink.Sent::json).toList();
        assertEquals(List.of(
                "{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\",\"end\":true,\"duration\":0.5}",
                "{\"utterance\":\"u2\",\"model\":\"m\",\"tier\":\"word\",\"end\":true,\"duration\":0.3}",
                "{\"utterance\":\"u3\",\"model\":\"m\",\"tier\":\"word\",\"end\":true,\"duration\":0.9}"), ends);
        RecordingSink none = new RecordingSink();
        Replay.builder().model("m").durations(false).ticker(new FakeTicker()).build().run(jsonl(ref), jsonl(HYP), none);
        assertEquals(0, none.sent.stream().filter(s -> s.json().contains("duration")).count());
    }

    /**
     * A TextGrid records the sound's length: praatio's mary.TextGrid, tier "phone", tiles
     * [0, 1.869687] and its last interval (1.5182538944627297 to 1.869687) is blank, so the last
     * segment ends at 1.518...; the end carries the recorded length, 1.869687 (read in the file).
     */
    @Test
    void aTextGridsRecordedLengthIsTheDuration() throws Exception {
        java.nio.file.Path grid = java.nio.file.Path.of("..", "model", "src", "test", "resources", "data", "textgrid", "praatio", "mary.TextGrid");
        dev.segmon.model.io.ReadOptions options = new dev.segmon.model.io.ReadOptions(null, "phone");
        RecordingSink sink = new RecordingSink();
        Replay.builder().model("m").ticker(new FakeTicker()).build()
                .run(dev.segmon.model.io.UtteranceReaders.open(grid, options), dev.segmon.model.io.UtteranceReaders.open(grid, options), sink);
        List<String> ends = sink.sent.stream().filter(s -> s.topic().equals("h") && s.json().contains("\"end\":true")).map(RecordingSink.Sent::json).toList();
        assertEquals(List.of("{\"utterance\":\"mary\",\"model\":\"m\",\"tier\":\"word\",\"end\":true,\"duration\":1.869687}"), ends);
    }

    @Test
    void rateSpacesMessagesOverBothTopics() throws Exception {
        FakeTicker ticker = new FakeTicker();
        RecordingSink sink = new RecordingSink(ticker::nanoTime);
        Replay.Summary summary = Replay.builder().model("m").eventsPerSecond(4).ticker(ticker).build()
                .run(jsonl(REF), jsonl(HYP), sink);
        // 7 messages (3 boundaries, 2 ends, 2 references) at 4 per second: message n at n/4 s.
        assertEquals(7, summary.messages());
        long[] expectedMillis = {0, 250, 500, 750, 1000, 1250, 1500};
        for (int i = 0; i < expectedMillis.length; i++) {
            assertEquals(expectedMillis[i], sink.sent.get(i).nanos() / 1_000_000L, "message " + i);
        }
    }

    @Test
    void shuffledBoundariesStayWithinTheBoundAndAreAllSent() throws Exception {
        String hyp = "{\"id\": \"u\", \"boundaries\": [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]}\n";
        RecordingSink sink = new RecordingSink();
        Replay.builder().model("m").shuffleWithin(0.25).seed(7).build().run(jsonl(REF), jsonl(hyp), sink);
        List<Double> times = sink.sent.stream().filter(s -> s.json().contains("\"time\""))
                .map(s -> Double.parseDouble(s.json().replaceAll(".*\"time\":([0-9.]+).*", "$1"))).toList();
        assertEquals(10, times.size());
        assertEquals(List.of(0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9), times.stream().sorted().toList());
        for (int i = 0; i < times.size(); i++) {
            for (int j = 0; j < i; j++) {
                // Every boundary sent earlier is less than 0.25 s of audio later.
                assertEquals(true, times.get(j) < times.get(i) + 0.25, times.toString());
            }
        }
    }

    /**
     * An id in the hypothesis only (h9) gets no reference by default, so the monitor leaves it
     * unscored as {@code eval boundaries} does; with score-empty an empty final reference, as eval
     * then scores it. References sent: u1, u2 (skip); u1, u2, h9 (score-empty).
     */
    @Test
    void aHypothesisOnlyIdGetsAnEmptyReferenceOnlyUnderScoreEmpty() throws Exception {
        String hyp = HYP + "{\"id\": \"h9\", \"boundaries\": [0.4]}\n";
        RecordingSink skip = new RecordingSink();
        Replay.builder().model("m").ticker(new FakeTicker()).build().run(jsonl(REF), jsonl(hyp), skip);
        assertEquals(List.of("u1", "u2"), skip.sent.stream().filter(s -> s.topic().equals("r")).map(RecordingSink.Sent::key).toList());
        RecordingSink empty = new RecordingSink();
        Replay.builder().model("m").unreferenced(dev.segmon.model.boundary.Unreferenced.SCORE_EMPTY).ticker(new FakeTicker()).build()
                .run(jsonl(REF), jsonl(hyp), empty);
        List<String> refs = empty.sent.stream().filter(s -> s.topic().equals("r")).map(RecordingSink.Sent::json).toList();
        assertEquals(3, refs.size());
        assertEquals("{\"utterance\":\"h9\",\"tier\":\"word\",\"segments\":[],\"final\":true}", refs.get(2));
    }

    /**
     * --declare auto: expected for the ids a reference is sent for (u1, u2 of the reference file;
     * u3, reference only, completed with an end), none for the hypothesis-only h9; under
     * score-empty h9 gets an empty reference, so expected too. --declare none: every end none.
     */
    @Test
    void declareAutoExpectsAReferenceWhereOneIsSentAndNoneElsewhere() throws Exception {
        String ref = REF + "{\"id\": \"u3\", \"boundaries\": [0.2, 0.9]}\n";
        String hyp = HYP + "{\"id\": \"h9\", \"boundaries\": [0.4]}\n";
        RecordingSink auto = new RecordingSink();
        Replay.builder().model("m").declare(Replay.Declare.AUTO).durations(false).ticker(new FakeTicker()).build()
                .run(jsonl(ref), jsonl(hyp), auto);
        assertEquals(List.of("u1:expected", "u2:expected", "h9:none", "u3:expected"), declarations(auto));
        RecordingSink empty = new RecordingSink();
        Replay.builder().model("m").declare(Replay.Declare.AUTO).unreferenced(dev.segmon.model.boundary.Unreferenced.SCORE_EMPTY)
                .ticker(new FakeTicker()).build().run(jsonl(ref), jsonl(hyp), empty);
        assertEquals(List.of("u1:expected", "u2:expected", "h9:expected", "u3:expected"), declarations(empty));
        RecordingSink none = new RecordingSink();
        Replay.builder().model("m").declare(Replay.Declare.NONE).ticker(new FakeTicker()).build().run(jsonl(ref), jsonl(hyp), none);
        assertEquals(List.of("u1:none", "u2:none", "h9:none", "u3:none"), declarations(none));
        // The duration stays beside the declaration: u1's end is max(0.5, 0.5) = 0.5.
        assertEquals("{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\",\"end\":true,\"duration\":0.5,\"reference\":\"none\"}",
                none.sent.stream().filter(s -> s.json().contains("\"end\"")).findFirst().orElseThrow().json());
    }

    /** Each end's utterance and declaration, in the order sent. */
    private static List<String> declarations(RecordingSink sink) {
        return sink.sent.stream().filter(s -> s.topic().equals("h") && s.json().contains("\"end\""))
                .map(s -> s.key() + ":" + s.json().replaceAll(".*\"reference\":\"(\\w+)\".*", "$1")).toList();
    }
}
