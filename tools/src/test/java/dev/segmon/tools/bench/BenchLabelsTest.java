package dev.segmon.tools.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.segmon.app.replay.RecordingSink;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BenchLabelsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theSameSeedAndIndexGiveTheSameLabelsAndAnotherSeedOthers() {
        BenchLabels a = new BenchLabels(1);
        BenchLabels b = new BenchLabels(1);
        BenchLabels c = new BenchLabels(2);
        int differ = 0;
        for (long i = 0; i < 100; i++) {
            assertEquals(a.of(i), b.of(i));
            differ += a.of(i).equals(c.of(i)) ? 0 : 1;
        }
        // Two independent draws agree on both labels with probability 1/20 x 1/4 = 1/80: about 99 of 100 differ.
        assertTrue(differ > 90, "differ " + differ);
    }

    @Test
    void everyModelsEndCarriesTheUtterancesLabelsAndNoOtherMessageDoes() throws Exception {
        RecordingSink sink = new RecordingSink();
        new BenchCorpus(3, 7, true, true).send(sink, "t", 4, true, true);
        Map<String, String> expected = new BenchLabels(7).of(4);
        int ends = 0;
        for (RecordingSink.Sent m : sink.sent) {
            JsonNode n = JSON.readTree(m.json());
            if (n.has("end") && n.get("end").asBoolean()) {
                ends++;
                assertEquals(expected, Map.of("lang", n.get("labels").get("lang").asText(), "domain", n.get("labels").get("domain").asText()));
                assertEquals(2, n.get("labels").size());
                // The declaration is still sent beside the labels.
                assertEquals("expected", n.get("reference").asText());
            } else {
                assertFalse(n.has("labels"), m.json());
            }
        }
        assertEquals(BenchCorpus.MODELS.size(), ends);
    }

    @Test
    void labelsLeaveEveryOtherFieldAsTheUnlabelledCorpusSendsIt() throws Exception {
        RecordingSink plain = new RecordingSink();
        RecordingSink labelled = new RecordingSink();
        assertEquals(new BenchCorpus(5, 9, true).send(plain, "x", 3, true, false),
                new BenchCorpus(5, 9, true, true).send(labelled, "x", 3, true, false));
        assertEquals(plain.sent.size(), labelled.sent.size());
        for (int i = 0; i < plain.sent.size(); i++) {
            com.fasterxml.jackson.databind.node.ObjectNode n = (com.fasterxml.jackson.databind.node.ObjectNode) JSON.readTree(labelled.sent.get(i).json());
            n.remove("labels");
            assertEquals(JSON.readTree(plain.sent.get(i).json()), n);
        }
        assertTrue(plain.sent.stream().noneMatch(m -> m.json().contains("labels")));
    }

    @Test
    void the20LanguagesAnd4DomainsOccurUniformlyAndIndependently() {
        // 20 000 utterances: each language expected 20 000 / 20 = 1 000, sd sqrt(20 000 x 0.05 x 0.95) = 30.8;
        // each domain 20 000 / 4 = 5 000, sd sqrt(20 000 x 0.25 x 0.75) = 61.2; each of the 80 pairs
        // 20 000 / 80 = 250, sd sqrt(20 000 x (1/80) x (79/80)) = 15.7. Bounds at 5 sd.
        int n = 20_000;
        BenchLabels labels = new BenchLabels(1);
        Map<String, Integer> lang = new HashMap<>();
        Map<String, Integer> domain = new HashMap<>();
        Map<String, Integer> pair = new HashMap<>();
        for (long i = 0; i < n; i++) {
            Map<String, String> l = labels.of(i);
            lang.merge(l.get("lang"), 1, Integer::sum);
            domain.merge(l.get("domain"), 1, Integer::sum);
            pair.merge(l.get("lang") + "/" + l.get("domain"), 1, Integer::sum);
        }
        assertEquals(20, lang.size());
        assertEquals(4, domain.size());
        assertEquals(80, pair.size());
        assertEquals(java.util.Set.copyOf(BenchLabels.VALUES.get("lang")), lang.keySet());
        assertEquals(java.util.Set.copyOf(BenchLabels.VALUES.get("domain")), domain.keySet());
        lang.forEach((v, k) -> assertTrue(Math.abs(k - 1_000) <= 155, v + ": " + k));
        domain.forEach((v, k) -> assertTrue(Math.abs(k - 5_000) <= 306, v + ": " + k));
        pair.forEach((v, k) -> assertTrue(Math.abs(k - 250) <= 79, v + ": " + k));
    }

    @Test
    void theAllowListAdmitsEveryValueOfTheAskedKeysAndRefusesAKeyTheCorpusDoesNotSend() {
        Map<String, java.util.Set<String>> allowed = BenchLabels.allowList(List.of("lang", "domain"));
        assertEquals(20, allowed.get("lang").size());
        assertEquals(4, allowed.get("domain").size());
        assertTrue(allowed.get("domain").contains("call"));
        assertEquals(Map.of(), BenchLabels.allowList(List.of()));
        assertThrows(IllegalArgumentException.class, () -> BenchLabels.allowList(List.of("device")));
        assertNotEquals(BenchLabels.VALUES.get("lang"), BenchLabels.VALUES.get("domain"));
    }
}
