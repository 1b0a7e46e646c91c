package dev.segmon.app.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.model.io.UtteranceLabels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** replay sends each utterance's labels (docs/slices.md): the hypothesis side's on its end message, the reference side's on its reference. */
class ReplayLabelsTest {
    @TempDir
    Path tmp;

    @Test
    void eachEndCarriesItsUtterancesLabels() throws Exception {
        RecordingSink sink = replay(Replay.builder().labels(sideFile("u1\tlang=de\n")));
        List<String> ends = sink.sent.stream().filter(s -> s.topic().equals("h") && s.json().contains("\"end\"")).map(RecordingSink.Sent::json).toList();
        // u1 has a label, u2 none: its end is the plain one.
        assertEquals(List.of("{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\",\"end\":true,\"labels\":{\"lang\":\"de\"}}",
                "{\"utterance\":\"u2\",\"model\":\"m\",\"tier\":\"word\",\"end\":true}"), ends);
    }

    @Test
    void eachReferenceCarriesItsUtterancesReferenceLabels() throws Exception {
        RecordingSink sink = replay(Replay.builder().referenceLabels(sideFile("u2\tlang=fr\n")));
        List<String> refs = sink.sent.stream().filter(s -> s.topic().equals("r")).map(RecordingSink.Sent::json).toList();
        // u2 has a reference label, u1 none; the hypothesis' ends carry no labels.
        assertEquals(2, refs.size());
        assertEquals(false, refs.get(0).contains("labels"), refs.get(0));
        assertEquals(true, refs.get(1).endsWith("\"final\":true,\"labels\":{\"lang\":\"fr\"}}"), refs.get(1));
        assertEquals(0, sink.sent.stream().filter(s -> s.topic().equals("h") && s.json().contains("labels")).count());
    }

    private UtteranceLabels sideFile(String text) throws java.io.IOException {
        return new UtteranceLabels().addSideFile(Files.writeString(tmp.resolve("labels.tsv"), text));
    }

    /** ReplayTest's two utterances, replayed with {@code b}'s labels. */
    private static RecordingSink replay(ReplayBuilder b) throws Exception {
        RecordingSink sink = new RecordingSink();
        b.model("m").ticker(new FakeTicker()).durations(false).build().run(ReplayTest.jsonl(ReplayTest.REF), ReplayTest.jsonl(ReplayTest.HYP), sink);
        return sink;
    }
}
