package dev.segmon.app.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The {@code labels} of a hypothesis message (docs/contract.md 3.1): kept when strings, ignored otherwise, never refused. */
class HypothesisLabelsTest {
    private static InputEvent parse(String json) {
        return HypothesisEvent.parse("u1".getBytes(StandardCharsets.UTF_8), json.getBytes(StandardCharsets.UTF_8), Set.of());
    }

    @Test
    void stringLabelsAreKeptAndEverythingElseInTheObjectIsIgnored() {
        InputEvent e = parse("{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\",\"time\":0.5,"
                + "\"labels\":{\"lang\":\"de\",\"n\":3,\"nested\":{\"a\":\"b\"},\"empty\":\"\",\"bad\":\"x\\u0000y\"}}");
        assertEquals(Map.of("lang", "de"), ((HypothesisEvent) e).labels());
    }

    @Test
    void labelsThatAreNotAnObjectAreIgnoredAndTheRecordIsKept() {
        InputEvent e = parse("{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\",\"end\":true,\"labels\":[\"de\"]}");
        assertEquals(Map.of(), ((HypothesisEvent) e).labels());
        assertEquals(true, ((HypothesisEvent) e).end());
    }

    @Test
    void wordsMessagesCarryLabelsAndTheyAreWrittenBack() {
        InputEvent e = parse("{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\",\"words\":[{\"start\":0.0,\"end\":0.3,\"word\":\"hi\"}],"
                + "\"labels\":{\"lang\":\"en\"}}");
        HypothesisEvent h = (HypothesisEvent) e;
        assertEquals(Map.of("lang", "en"), h.labels());
        assertEquals("{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\",\"words\":[{\"start\":0.0,\"end\":0.3,\"word\":\"hi\"}],"
                + "\"labels\":{\"lang\":\"en\"}}", h.toJson());
    }
}
