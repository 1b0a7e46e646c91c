package dev.segmon.app.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.segmon.app.replay.FakeTicker;
import dev.segmon.app.replay.RecordingSink;
import dev.segmon.app.replay.TrafficSink;
import dev.segmon.model.alignment.Segment;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class DemoTrafficTest {
    static final List<DemoCorpus.Utterance> CORPUS = DemoCorpus.load();
    static final SimulatedModel EXACT = SimulatedModel.healthy("exact", 0, 0, 0);
    static final SimulatedModel HEALTHY = SimulatedModel.healthy("healthy", 0.008, 0, 0);

    @Test
    void errorFreeModelSendsTheReferenceBoundariesThenEnd() {
        RecordingSink sink = new RecordingSink();
        DemoTraffic traffic = new DemoTraffic(CORPUS, List.of(EXACT), sink, 1, 7, new FakeTicker());
        traffic.send(1, Duration.ZERO);
        // Utterance 1 = A08_0002 (mandarin.vad line 2: "A08 10.2625 20.0225"); n = 1 is not a
        // multiple of 3, so the reference comes after the hypothesis.
        int words = CORPUS.get(1).words().size();
        List<RecordingSink.Sent> sent = sink.sent;
        assertEquals("r1-A08_0002", sent.get(0).key());
        assertEquals("r", sent.get(sent.size() - 1).topic());
        assertEquals("h", sent.get(sent.size() - 2).topic());
        assertEquals(true, sent.get(sent.size() - 2).json().contains("\"end\":true"));
        // An exact model's words are the gold words (each interval between its boundaries that lies
        // in a gold word is that word), one message each; every boundary is a word's start or end.
        // Substitutions (2 %) may change labels, not the count.
        assertEquals(words, sent.size() - 2, "one message per word");
        assertEquals(words, sent.stream().filter(s -> s.json().contains("\"words\"")).count());
        assertEquals(true, words > 0);
    }

    @Test
    void healthyModelKeepsEveryBoundaryOfTheFirstUtterance() {
        RecordingSink sink = new RecordingSink();
        DemoTraffic traffic = new DemoTraffic(CORPUS, List.of(HEALTHY), sink, 1, 7, new FakeTicker());
        traffic.send(0, Duration.ZERO);
        // A08_0001's 17 words have 23 distinct start/end times (counted by hand from mandarin.wrd:
        // 0.7825 1.0925 1.3925 1.7125 1.8425 2.0325 2.4625 3.0225 3.2525 3.6925 4.0325 4.3225
        // 4.6825 5.0925 5.3225 6.3725 6.6825 7.0725 7.3725 7.4025 7.7125 7.9625 8.2625), and
        // with no deletion or insertion the healthy model keeps 23 boundaries, each the start or end
        // of one of the 17 words it sends (one message each). n = 0: reference first.
        assertEquals(23, traffic.referenceBoundaries(0).length);
        assertEquals(1 + 17 + 1, sink.sent.size());
        assertEquals("r", sink.sent.get(0).topic());
        assertEquals(17, sink.sent.stream().filter(s -> s.json().contains("\"words\"")).count());
        assertEquals(0, sink.sent.stream().filter(s -> s.json().contains("\"time\"")).count());
    }

    @Test
    void sameSeedSameTrafficOtherSeedOtherTraffic() {
        SimulatedModel noisy = SimulatedModel.healthy("noisy", 0.008, 0.05, 0.05);
        assertEquals(record(noisy, 11), record(noisy, 11));
        assertNotEquals(record(noisy, 11), record(noisy, 12));
    }

    @Test
    void secondRoundGetsNewIds() {
        DemoTraffic traffic = new DemoTraffic(CORPUS, List.of(EXACT), new RecordingSink(), 1, 1, new FakeTicker());
        assertEquals("r1-A08_0001", traffic.id(0));
        assertEquals("r2-A08_0001", traffic.id(CORPUS.size()));
    }

    @Test
    void runPacesUtterancesAtTheRate() {
        FakeTicker ticker = new FakeTicker();
        List<DemoCorpus.Utterance> tiny = List.of(new DemoCorpus.Utterance("u", List.of(new Segment(0, 0.5, "a"))));
        DemoTraffic[] holder = new DemoTraffic[1];
        RecordingSink recording = new RecordingSink(ticker::nanoTime);
        TrafficSink stopAfterFour = new TrafficSink() {
            @Override
            public void boundary(String utterance, String model, String tier, double time) {
                recording.boundary(utterance, model, tier, time);
            }

            @Override
            public void words(String utterance, String model, String tier, List<Segment> words) {
                recording.words(utterance, model, tier, words);
            }

            @Override
            public void end(String utterance, String model, String tier) {
                recording.end(utterance, model, tier);
            }

            @Override
            public void reference(String utterance, String tier, List<Segment> segments) {
                recording.reference(utterance, tier, segments);
                if (recording.sent.stream().filter(s -> s.topic().equals("r")).count() == 4) {
                    holder[0].stop();
                }
            }
        };
        holder[0] = new DemoTraffic(tiny, List.of(EXACT), stopAfterFour, 2, 1, ticker);
        holder[0].run();
        // 2 utterances per second: utterance n at n * 0.5 s.
        List<Long> referenceMillis = recording.sent.stream().filter(s -> s.topic().equals("r"))
                .map(s -> s.nanos() / 1_000_000).toList();
        assertEquals(List.of(0L, 500L, 1000L, 1500L), referenceMillis);
        assertEquals(4, holder[0].sent());
    }

    /**
     * References for a tenth of 2,000 utterances: the number referenced is binomial(2000, 0.1),
     * mean 200, sd sqrt(2000 x 0.1 x 0.9) = 13.4, so 150..250 holds unless the draw is broken
     * (3.7 sd). Every model's end declares "expected" exactly when the utterance's reference is
     * sent, "none" otherwise.
     */
    @Test
    void aSampledUtteranceGetsItsReferenceAndEveryEndDeclaresWhetherOneWillCome() {
        RecordingSink sink = new RecordingSink();
        DemoTraffic traffic = new DemoTraffic(CORPUS, List.of(EXACT, HEALTHY), sink, 1, 3, new FakeTicker()).referenceShare(0.1);
        int n = 2000;
        for (long i = 0; i < n; i++) {
            traffic.send(i, Duration.ZERO);
        }
        java.util.Set<String> referenced = new java.util.HashSet<>();
        sink.sent.stream().filter(s -> s.topic().equals("r")).forEach(s -> referenced.add(s.key()));
        assertEquals(true, referenced.size() >= 150 && referenced.size() <= 250, referenced.size() + " of " + n + " referenced");
        List<RecordingSink.Sent> ends = sink.sent.stream().filter(s -> s.json().contains("\"end\":true")).toList();
        assertEquals(2 * n, ends.size(), "one end per model and utterance");
        for (RecordingSink.Sent end : ends) {
            String declared = referenced.contains(end.key()) ? "expected" : "none";
            assertEquals(true, end.json().contains(",\"reference\":\"" + declared + "\""), end.json());
        }
    }

    /**
     * Languages for 10,000 utterances: de's count is binomial(10000, 0.3), mean 3,000, sd
     * sqrt(10000 x 0.3 x 0.7) = 46, so 2,800..3,200 holds unless the draw is broken (4.4 sd); every
     * model's end of an utterance carries that utterance's language.
     */
    @Test
    void everyEndCarriesItsUtterancesLanguageDrawnWithTheFixedShares() {
        RecordingSink sink = new RecordingSink();
        DemoTraffic traffic = new DemoTraffic(CORPUS, List.of(EXACT, HEALTHY), sink, 1, 3, new FakeTicker());
        java.util.Map<String, Integer> counts = new java.util.HashMap<>();
        for (long i = 0; i < 10_000; i++) {
            counts.merge(traffic.language(i), 1, Integer::sum);
        }
        assertEquals(DemoTraffic.LANGUAGES.keySet(), counts.keySet());
        assertEquals(true, counts.get("de") >= 2800 && counts.get("de") <= 3200, counts.toString());
        traffic.send(5, Duration.ZERO);
        List<RecordingSink.Sent> ends = sink.sent.stream().filter(s -> s.json().contains("\"end\":true")).toList();
        assertEquals(2, ends.size());
        for (RecordingSink.Sent end : ends) {
            assertEquals(true, end.json().contains("\"labels\":{\"lang\":\"" + traffic.language(5) + "\"}"), end.json());
        }
    }

    private static List<RecordingSink.Sent> record(SimulatedModel model, long seed) {
        RecordingSink sink = new RecordingSink();
        DemoTraffic traffic = new DemoTraffic(CORPUS, List.of(model), sink, 1, seed, new FakeTicker());
        for (long n = 0; n < 30; n++) {
            traffic.send(n, Duration.ZERO);
        }
        return sink.sent;
    }
}
