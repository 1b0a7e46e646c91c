package dev.segmon.tools.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.app.replay.RecordingSink;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.boundary.BoundaryScorer;
import dev.segmon.model.Micros;
import java.util.List;
import org.junit.jupiter.api.Test;

class BenchCorpusTest {

    @Test
    void eachUtteranceIsTwoModelsOfWPlusOneBoundariesAndAnEndThenOneReference() {
        // W = 3 words: 4 boundaries; per model 4 boundaries + 1 end = 5; two models 10; + 1 reference = 11 = 2*3 + 5.
        BenchCorpus corpus = new BenchCorpus(3, 7);
        RecordingSink sink = new RecordingSink();
        int n = corpus.send(sink, "t", 0);
        assertEquals(11, n);
        assertEquals(11, corpus.recordsPerUtterance());
        assertEquals(10, corpus.hypothesisRecordsPerUtterance());
        assertEquals(10, sink.sent.stream().filter(s -> s.topic().equals("h")).count());
        assertEquals(2, sink.sent.stream().filter(s -> s.json().contains("\"end\":true")).count());
        // The reference goes last: its arrival is what closes the utterance for both models.
        RecordingSink.Sent last = sink.sent.get(sink.sent.size() - 1);
        assertEquals("r", last.topic());
        assertTrue(last.json().contains("\"final\":true"));
        assertEquals("t-0", last.key());
    }

    @Test
    void withWordsEachHypothesisMessageIsOneWordOverTheSameBoundaries() throws Exception {
        // W = 3 words: per model 3 word messages + 1 end = 4; two models 8; + 1 reference = 9 = 2*3 + 3.
        BenchCorpus corpus = new BenchCorpus(3, 7, true);
        RecordingSink sink = new RecordingSink();
        assertEquals(9, corpus.send(sink, "t", 0));
        assertEquals(9, corpus.recordsPerUtterance());
        RecordingSink plain = new RecordingSink();
        new BenchCorpus(3, 7).send(plain, "t", 0);
        var json = new com.fasterxml.jackson.databind.ObjectMapper();
        for (String model : BenchCorpus.MODELS) {
            // The words' starts and ends are the bare-time corpus's boundaries of the same seed.
            java.util.TreeSet<Double> fromWords = new java.util.TreeSet<>();
            java.util.TreeSet<Double> fromTimes = new java.util.TreeSet<>();
            for (RecordingSink.Sent m : sink.sent) {
                var n = json.readTree(m.json());
                if (m.topic().equals("h") && n.get("model").asText().equals(model) && n.has("words")) {
                    assertEquals(1, n.get("words").size());
                    fromWords.add(n.get("words").get(0).get("start").asDouble());
                    fromWords.add(n.get("words").get(0).get("end").asDouble());
                }
            }
            for (RecordingSink.Sent m : plain.sent) {
                var n = json.readTree(m.json());
                if (m.topic().equals("h") && n.get("model").asText().equals(model) && n.has("time")) {
                    fromTimes.add(n.get("time").asDouble());
                }
            }
            assertEquals(fromTimes, fromWords);
        }
    }

    @Test
    void utterancesCoverTheRequestedEventsRoundedUpToWholeUtterances() {
        BenchCorpus corpus = new BenchCorpus(3, 1);
        // 11 records per utterance: ceil(100 / 11) = 10 utterances = 110 records; 110 exactly = 10; 111 = 11.
        assertEquals(10, corpus.utterancesFor(100));
        assertEquals(10, corpus.utterancesFor(110));
        assertEquals(11, corpus.utterancesFor(111));
        // Default W = 20: 45 records; 2 000 000 / 45 = 44 444.4 -> 44 445 utterances (2 000 025 records).
        assertEquals(44_445, new BenchCorpus(20, 1).utterancesFor(2_000_000));
    }

    @Test
    void everyJitteredBoundaryIsAHitAtTheDefaultTolerance() {
        // Jitter <= 15 ms < 20 ms tolerance and words >= 120 ms apart: the offline scorer must find
        // n_ref = n_hyp = hits = W + 1 = 21 for each model (so the bench's scored counts are checkable).
        BenchCorpus corpus = new BenchCorpus(20, 3);
        RecordingSink sink = new RecordingSink();
        corpus.send(sink, "u", 5);
        long[] ref = times(sink, "r", null);
        BoundaryScorer scorer = BoundaryScorer.builder().tolerance(0.02).build();
        for (String model : BenchCorpus.MODELS) {
            BoundaryCounts c = scorer.score(ref, times(sink, "h", model));
            assertEquals(21, c.reference());
            assertEquals(21, c.hypothesis());
            assertEquals(21, c.hits());
        }
    }

    @Test
    void sameSeedAndIndexGiveTheSameMessages() {
        RecordingSink a = new RecordingSink();
        RecordingSink b = new RecordingSink();
        new BenchCorpus(5, 9).send(a, "x", 3);
        new BenchCorpus(5, 9).send(b, "x", 3);
        assertEquals(a.sent.stream().map(RecordingSink.Sent::json).toList(), b.sent.stream().map(RecordingSink.Sent::json).toList());
    }

    private static long[] times(RecordingSink sink, String topic, String model) {
        java.util.TreeSet<Double> out = new java.util.TreeSet<>();
        for (RecordingSink.Sent s : sink.sent) {
            if (!s.topic().equals(topic) || (model != null && !s.json().contains("\"model\":\"" + model + "\""))) {
                continue;
            }
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"(time|start|end)\":([0-9.]+)").matcher(s.json());
            while (m.find()) {
                out.add(Double.parseDouble(m.group(2)));
            }
        }
        return out.stream().mapToLong(Micros::of).toArray();
    }
}
