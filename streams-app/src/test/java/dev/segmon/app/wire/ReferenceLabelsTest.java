package dev.segmon.app.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The {@code labels} of a reference message (docs/contract.md 3.1), read as a hypothesis' are:
 * kept when non-empty strings, ignored otherwise, never a reason to refuse the chunk.
 */
class ReferenceLabelsTest {
    private static final String SEGMENTS = "\"segments\":[{\"start\":0.0,\"end\":0.5,\"label\":\"a\"}]";

    private static InputEvent parse(String json) {
        return ReferenceChunk.parse("u1".getBytes(StandardCharsets.UTF_8), json.getBytes(StandardCharsets.UTF_8), Set.of());
    }

    @Test
    void stringLabelsAreKeptAndEverythingElseInTheObjectIsIgnored() {
        InputEvent e = parse("{\"utterance\":\"u1\",\"tier\":\"word\"," + SEGMENTS + ",\"final\":true,"
                + "\"labels\":{\"lang\":\"de\",\"n\":3,\"nested\":{\"a\":\"b\"},\"empty\":\"\",\"bad\":\"x\\u0000y\",\"domain\":\"call\"}}");
        ReferenceChunk r = assertInstanceOf(ReferenceChunk.class, e);
        assertEquals(Map.of("lang", "de", "domain", "call"), r.labels());
        assertEquals(1, r.segments().size());
        assertEquals(true, r.last());
    }

    @Test
    void labelsThatAreNotAnObjectAreIgnoredAndTheChunkIsKept() {
        for (String labels : new String[] {"[\"de\"]", "\"de\"", "null", "7"}) {
            ReferenceChunk r = assertInstanceOf(ReferenceChunk.class, parse("{\"utterance\":\"u1\",\"tier\":\"word\"," + SEGMENTS
                    + ",\"labels\":" + labels + "}"), labels);
            assertEquals(Map.of(), r.labels(), labels);
        }
    }

    @Test
    void aFinalChunkWithoutSegmentsMayCarryLabelsAndTheyAreWrittenBack() {
        ReferenceChunk r = assertInstanceOf(ReferenceChunk.class,
                parse("{\"utterance\":\"u1\",\"tier\":\"word\",\"final\":true,\"labels\":{\"lang\":\"fr\"}}"));
        assertEquals(Map.of("lang", "fr"), r.labels());
        assertEquals("{\"utterance\":\"u1\",\"tier\":\"word\",\"segments\":[],\"final\":true,\"labels\":{\"lang\":\"fr\"}}", r.toJson());
        // Without labels the record is written as before: no labels key at all.
        assertEquals("{\"utterance\":\"u1\",\"tier\":\"word\",\"segments\":[],\"final\":true}",
                new ReferenceChunk("u1", "word", java.util.List.of(), true).toJson());
    }

    @Test
    void aChunkRefusedForItsSegmentsIsRefusedWhateverItsLabels() {
        InputEvent e = parse("{\"utterance\":\"u1\",\"tier\":\"word\",\"segments\":[{\"start\":0.5,\"end\":0.2}],\"labels\":{\"lang\":\"de\"}}");
        assertEquals(DeadLetterReason.INVALID_TIME, assertInstanceOf(InputEvent.Rejected.class, e).reason());
    }
}
