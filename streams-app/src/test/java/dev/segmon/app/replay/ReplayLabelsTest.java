package dev.segmon.app.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.model.io.UtteranceLabels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** replay sends each utterance's labels (docs/slices.md) on its end message. */
class ReplayLabelsTest {
    @Test
    void eachEndCarriesItsUtterancesLabels(@TempDir Path tmp) throws Exception {
        Path side = tmp.resolve("labels.tsv");
        Files.writeString(side, "u1\tlang=de\n");
        RecordingSink sink = new RecordingSink();
        Replay.builder().model("m").ticker(new FakeTicker()).durations(false).labels(new UtteranceLabels().addSideFile(side)).build()
                .run(ReplayTest.jsonl(ReplayTest.REF), ReplayTest.jsonl(ReplayTest.HYP), sink);
        List<String> ends = sink.sent.stream().filter(s -> s.topic().equals("h") && s.json().contains("\"end\"")).map(RecordingSink.Sent::json).toList();
        // u1 has a label, u2 none: its end is the plain one.
        assertEquals(List.of("{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\",\"end\":true,\"labels\":{\"lang\":\"de\"}}",
                "{\"utterance\":\"u2\",\"model\":\"m\",\"tier\":\"word\",\"end\":true}"), ends);
    }
}
