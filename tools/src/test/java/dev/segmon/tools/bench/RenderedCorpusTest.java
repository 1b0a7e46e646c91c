package dev.segmon.tools.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.segmon.app.replay.RecordingSink;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class RenderedCorpusTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aRenderedUtteranceIsByteForByteWhatTheCorpusSendsForIt() {
        // Words and labels, every utterance referenced, ends declared: the bench's richest records.
        BenchCorpus corpus = new BenchCorpus(4, 3, true, true);
        RenderedCorpus rendered = new RenderedCorpus(corpus, 1, true, 16);
        for (int j = 0; j < 16; j++) {
            RecordingSink direct = new RecordingSink();
            corpus.send(direct, "lat", j, true, true);
            RecordingSink copied = new RecordingSink();
            assertEquals(direct.sent.size(), rendered.send(copied::send, "lat", j, true, null));
            assertEquals(direct.sent, copied.sent, "utterance " + j);
        }
    }

    @Test
    void utterancesBeyondTheTemplatesRepeatThemUnderTheirOwnIds() throws Exception {
        BenchCorpus corpus = new BenchCorpus(4, 3, true, true);
        RenderedCorpus rendered = new RenderedCorpus(corpus, 1, false, 16);
        RecordingSink template = new RecordingSink();
        corpus.send(template, "lat", 5, true, false);
        RecordingSink later = new RecordingSink();
        // Utterance 37 is template 37 mod 16 = 5: the same messages, read as JSON, under the id lat-37.
        rendered.send(later::send, "lat", 37, true, null);
        assertEquals(template.sent.size(), later.sent.size());
        for (int k = 0; k < later.sent.size(); k++) {
            RecordingSink.Sent was = template.sent.get(k);
            RecordingSink.Sent is = later.sent.get(k);
            assertEquals(was.topic(), is.topic());
            assertEquals("lat-37", is.key());
            ObjectNode expected = (ObjectNode) JSON.readTree(was.json());
            expected.put("utterance", "lat-37");
            assertEquals(expected, JSON.readTree(is.json()));
        }
    }

    @Test
    void anUnreferencedUtteranceIsTheSameHypothesesWithoutTheReferenceAndItsEndsDeclareNone() throws Exception {
        // W = 3 words: 2 models x (3 words + 1 end) = 8 hypothesis records, and no reference.
        BenchCorpus corpus = new BenchCorpus(3, 7, true);
        RenderedCorpus rendered = new RenderedCorpus(corpus, 0.5, true, 4);
        RecordingSink sink = new RecordingSink();
        int[] timed = new int[1];
        assertEquals(8, rendered.send(sink::send, "x", 2, false, () -> timed[0]++));
        assertEquals(0, timed[0]);
        assertEquals(8, sink.sent.stream().filter(s -> s.topic().equals("h")).count());
        List<JsonNode> ends = sink.sent.stream().map(s -> read(s.json())).filter(n -> n.has("end")).toList();
        assertEquals(2, ends.size());
        for (JsonNode end : ends) {
            assertEquals("none", end.get("reference").asText());
        }
        // The referenced variant of the same template: one record more, the reference, timed just before it goes.
        RecordingSink withReference = new RecordingSink();
        assertEquals(9, rendered.send(withReference::send, "x", 2, true, () -> timed[0] = withReference.sent.size()));
        assertEquals(8, timed[0]);
        assertEquals("r", withReference.sent.get(8).topic());
    }

    @Test
    void renderedAsSentEveryUtteranceIsTheCorpusOwn() {
        // The soak's traffic: utterance 37 is the corpus' utterance 37, not a template's.
        BenchCorpus corpus = new BenchCorpus(4, 3, true, true);
        RenderedCorpus asSent = RenderedCorpus.asSent(corpus, true);
        RecordingSink direct = new RecordingSink();
        corpus.send(direct, "s", 37, false, true);
        RecordingSink copied = new RecordingSink();
        int[] timed = new int[1];
        assertEquals(direct.sent.size(), asSent.send(copied::send, "s", 37, false, () -> timed[0]++));
        assertEquals(direct.sent, copied.sent);
        assertEquals(0, timed[0]);
    }

    @Test
    void theTemplatesCarryEverySliceValueOfTheBenchLabels() {
        // The sliced bench checks that every lang and domain value was booked; 2,048 uniform draws
        // from 20 (and 4) values miss one with probability under 20 x (19/20)^2048, about 1e-44.
        for (long seed : new long[] {1, 2, 3}) {
            BenchLabels labels = new BenchLabels(seed);
            Set<String> languages = new TreeSet<>();
            Set<String> domains = new TreeSet<>();
            for (int j = 0; j < RenderedCorpus.TEMPLATES; j++) {
                languages.add(labels.of(j).get(BenchLabels.LANGUAGE));
                domains.add(labels.of(j).get(BenchLabels.DOMAIN));
            }
            assertEquals(new TreeSet<>(BenchLabels.VALUES.get(BenchLabels.LANGUAGE)), languages);
            assertEquals(new TreeSet<>(BenchLabels.VALUES.get(BenchLabels.DOMAIN)), domains);
        }
    }

    private static JsonNode read(String json) {
        try {
            return JSON.readTree(json);
        } catch (Exception e) {
            throw new AssertionError(json, e);
        }
    }
}
