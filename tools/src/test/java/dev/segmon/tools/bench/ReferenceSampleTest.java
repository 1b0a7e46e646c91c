package dev.segmon.tools.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.app.replay.RecordingSink;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReferenceSampleTest {

    @Test
    void theShareOfTheUtterancesIsReferencedExactlyRoundedToTheNearest() {
        // 46 512 utterances x 0.02 = 930.24 -> 930; x 0.05 = 2 325.6 -> 2 326.
        assertEquals(930, referencedIndices(ReferenceSample.of(46_512, 0.02, 1, "u")).size());
        assertEquals(930, ReferenceSample.of(46_512, 0.02, 1, "u").referenced());
        assertEquals(2_326, referencedIndices(ReferenceSample.of(46_512, 0.05, 1, "u")).size());
    }

    @Test
    void aTinyShareStillReferencesOneUtterance() {
        // 10 x 0.02 = 0.2 rounds to 0: at least one, so that the latency has a sample.
        assertEquals(1, referencedIndices(ReferenceSample.of(10, 0.02, 3, "lat")).size());
    }

    @Test
    void shareOneReferencesEveryUtterance() {
        ReferenceSample all = ReferenceSample.of(7, 1, 1, "u");
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 5L, 6L), referencedIndices(all));
        assertEquals(false, all.referenced(7));
    }

    @Test
    void theSameSeedAndPrefixDrawTheSameUtterancesAndAnotherSeedOthers() {
        List<Long> a = referencedIndices(ReferenceSample.of(5_000, 0.02, 1, "u"));
        assertEquals(a, referencedIndices(ReferenceSample.of(5_000, 0.02, 1, "u")));
        assertNotEquals(a, referencedIndices(ReferenceSample.of(5_000, 0.02, 2, "u")));
        assertNotEquals(a, referencedIndices(ReferenceSample.of(5_000, 0.02, 1, "lat")));
    }

    @Test
    void theReferencedUtterancesAreSpreadOverThePhaseNotItsFirstOnes() {
        // 100 of 5 000: the first 100 would end at index 99; a uniform draw reaches past the middle.
        List<Long> a = referencedIndices(ReferenceSample.of(5_000, 0.02, 1, "u"));
        assertTrue(a.get(a.size() - 1) > 2_500, "last referenced index " + a.get(a.size() - 1));
        assertTrue(a.get(0) < 2_500, "first referenced index " + a.get(0));
    }

    @Test
    void aShareOutsideZeroToOneIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> ReferenceSample.of(10, 0, 1, "u"));
        assertThrows(IllegalArgumentException.class, () -> ReferenceSample.of(10, 1.5, 1, "u"));
        assertThrows(IllegalArgumentException.class, () -> ReferenceSample.of(10, Double.NaN, 1, "u"));
    }

    @Test
    void utterancesCoverTheRequestedRecordsWhenOnlyTheSampledOnesHaveAReference() {
        // 20 words sent as words: 42 hypothesis records per utterance. All referenced: 43 each,
        // ceil(2 000 000 / 43) = 46 512 (46 511 x 43 = 1 999 973 < 2 000 000 <= 2 000 016).
        assertEquals(46_512, ReferenceSample.utterancesFor(2_000_000, 42, 1));
        // Share 0.02: 47 596 x 42 + round(951.92) = 1 999 032 + 952 = 1 999 984, short;
        // 47 597 x 42 + round(951.94) = 1 999 074 + 952 = 2 000 026.
        assertEquals(47_597, ReferenceSample.utterancesFor(2_000_000, 42, 0.02));
        assertEquals(47_597, new BenchCorpus(20, 1, true).utterancesFor(2_000_000, 0.02));
    }

    @Test
    void anUnreferencedUtteranceIsItsHypothesesWithoutTheReferenceRecord() {
        // W = 3 with words: 2 x (3 + 1) = 8 hypothesis records; the referenced one 9.
        BenchCorpus corpus = new BenchCorpus(3, 7, true);
        RecordingSink with = new RecordingSink();
        RecordingSink without = new RecordingSink();
        assertEquals(9, corpus.send(with, "t", 0, true, false));
        assertEquals(8, corpus.send(without, "t", 0, false, false));
        assertEquals(with.sent.subList(0, 8), without.sent);
        assertTrue(without.sent.stream().noneMatch(s -> s.json().contains("\"reference\"")));
    }

    @Test
    void declaredEndsSayWhetherAReferenceFollows() {
        BenchCorpus corpus = new BenchCorpus(3, 7, true);
        RecordingSink expected = new RecordingSink();
        RecordingSink none = new RecordingSink();
        corpus.send(expected, "t", 0, true, true);
        corpus.send(none, "t", 1, false, true);
        assertEquals(List.of("{\"utterance\":\"t-0\",\"model\":\"bench-a\",\"tier\":\"word\",\"end\":true,\"reference\":\"expected\"}",
                        "{\"utterance\":\"t-0\",\"model\":\"bench-b\",\"tier\":\"word\",\"end\":true,\"reference\":\"expected\"}"),
                ends(expected));
        assertEquals(List.of("{\"utterance\":\"t-1\",\"model\":\"bench-a\",\"tier\":\"word\",\"end\":true,\"reference\":\"none\"}",
                        "{\"utterance\":\"t-1\",\"model\":\"bench-b\",\"tier\":\"word\",\"end\":true,\"reference\":\"none\"}"),
                ends(none));
    }

    @Test
    void pacedTrafficSendsTheSampleAndTimesOnlyTheReferencesSent() {
        // 50 utterances, share 0.1: 5 referenced; W = 2 with words: 6 hypothesis records each, so 50 x 6 + 5 = 305.
        BenchCorpus corpus = new BenchCorpus(2, 1, true);
        ReferenceSample sample = ReferenceSample.of(50, 0.1, 4, "p");
        RecordingSink sink = new RecordingSink();
        long[] nanos = new long[50];
        long[] records = new long[1];
        // A rate far above what the loop reaches: nothing waits.
        RenderedCorpus rendered = new RenderedCorpus(corpus, 0.1, false, 8);
        new PacedTraffic(rendered, sink::send, 1e12, 0.1).run("p", sample, nanos, (i, n) -> records[0] = n);
        assertEquals(305, records[0]);
        assertEquals(305, sink.sent.size());
        assertEquals(5, sink.sent.stream().filter(s -> s.topic().equals("r")).count());
        for (int i = 0; i < 50; i++) {
            assertEquals(sample.referenced(i), nanos[i] != 0, "utterance " + i);
        }
        PacedLatency.Plan plan = PacedLatency.Plan.of("p", sample);
        assertEquals(5, plan.order().length);
        for (int k = 0; k < 5; k++) {
            assertEquals(k, plan.ordinal()[plan.order()[k]]);
        }
    }

    private static List<String> ends(RecordingSink sink) {
        return sink.sent.stream().map(RecordingSink.Sent::json).filter(j -> j.contains("\"end\":true")).toList();
    }

    private static List<Long> referencedIndices(ReferenceSample sample) {
        List<Long> out = new ArrayList<>();
        for (long i = 0; i < sample.utterances(); i++) {
            if (sample.referenced(i)) {
                out.add(i);
            }
        }
        return out;
    }
}
