package dev.segmon.model.boundary;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.segmon.model.io.JsonlReader;
import java.io.BufferedReader;
import java.io.StringReader;
import org.junit.jupiter.api.Test;

/** The hits' signed offsets of corpus scoring (docs/contract.md 2.1, {@code offset_bias}), worked by hand. */
class HitOffsetsTest {

    private static JsonlReader jsonl(String... lines) {
        return new JsonlReader("in.jsonl", new BufferedReader(new StringReader(String.join("\n", lines) + "\n")));
    }

    private static String marked(String id, String times) {
        return "{\"id\": \"" + id + "\", \"boundaries\": [" + times + "]}";
    }

    @Test
    void theBucketsCutTheToleranceInQuartersWithTheBoundInclusive() {
        // At 20 ms the bounds are -20 -15 -10 -5 0 5 10 15 20 ms, then +Inf; an offset on a bound is in it.
        long w = 20_000;
        assertEquals(0, HitOffsets.bucket(-20_000, w));
        assertEquals(1, HitOffsets.bucket(-19_999, w));
        assertEquals(2, HitOffsets.bucket(-10_000, w));
        assertEquals(4, HitOffsets.bucket(0, w));
        assertEquals(5, HitOffsets.bucket(1, w));
        assertEquals(7, HitOffsets.bucket(15_000, w));
        assertEquals(8, HitOffsets.bucket(20_000, w));
        assertEquals(9, HitOffsets.bucket(20_001, w));
        assertArrayEquals(new double[] {-0.02, -0.015, -0.01, -0.005, 0, 0.005, 0.01, 0.015, 0.02, Double.POSITIVE_INFINITY},
                HitOffsets.boundsSeconds(w), 1e-15);
    }

    @Test
    void aCorpusCollectsTheOffsetsOfItsHitsAcrossUtterances() {
        // u1: reference 0, 1, 2, 3 against 0, 1.005, 1.99, 3.02: offsets 0, +5, -10, +20 ms, all hits
        // at 20 ms. u2: reference 1 against 1.03 (30 ms, a miss: no offset) and 2 against 1.993
        // (-7 ms). Hits 5; sum 0 + 5 - 10 + 20 - 7 = +8 ms; bias 8 / 5 = 1.6 ms. Buckets: -10 in
        // le=-0.01, -7 in le=-0.005, 0 in le=0, +5 in le=0.005, +20 in le=0.02: cumulative
        // 0 0 1 2 3 4 4 4 5 5.
        CorpusBoundaryResult r = BoundaryScorer.builder().build().score(
                jsonl(marked("u1", "0, 1, 2, 3"), marked("u2", "1, 2")),
                jsonl(marked("u1", "0, 1.005, 1.99, 3.02"), marked("u2", "1.03, 1.993")));
        assertEquals(5, r.counts().hits());
        HitOffsets o = r.offsets();
        assertEquals(5, o.hits());
        assertEquals(8_000, o.sumMicros());
        assertEquals(0.0016, o.meanSeconds(), 1e-15);
        assertArrayEquals(new long[] {0, 0, 1, 2, 3, 4, 4, 4, 5, 5}, o.cumulative());
        assertEquals(20_000, o.toleranceMicros());
    }

    @Test
    void labelAwareHitsBookOnlyThePairsTheyCount() {
        // Reference a [0, .5], b [.5, 1]; hypothesis a [.01, .51], x [.51, 1.004]. Time pairs 0~.01
        // (+10 ms), .5~.51 (+10 ms), 1~1.004 (+4 ms). By label only 0~.01 (a = a after) counts;
        // .5~.51 and 1~1.004 have b != x: 1 hit, offset +10 ms, bias 0.01 s.
        String ref = "{\"id\": \"u\", \"segments\": [{\"start\": 0, \"end\": 0.5, \"label\": \"a\"}, {\"start\": 0.5, \"end\": 1.0, \"label\": \"b\"}]}";
        String hyp = "{\"id\": \"u\", \"segments\": [{\"start\": 0.01, \"end\": 0.51, \"label\": \"a\"}, {\"start\": 0.51, \"end\": 1.004, \"label\": \"x\"}]}";
        CorpusBoundaryResult r = BoundaryScorer.builder().hitRule(HitRule.LABEL).build().score(jsonl(ref), jsonl(hyp));
        assertEquals(1, r.counts().hits());
        assertEquals(0.01, r.offsets().meanSeconds(), 1e-15);
        CorpusBoundaryResult time = BoundaryScorer.builder().build().score(jsonl(ref), jsonl(hyp));
        // (10 + 10 + 4) / 3 = 8 ms.
        assertEquals(0.008, time.offsets().meanSeconds(), 1e-15);
    }

    @Test
    void manyToOneMatchingPairsNoBoundariesSoHasNoOffsets() {
        CorpusBoundaryResult r = BoundaryScorer.builder().matching(Matching.MANY_TO_ONE).build()
                .score(jsonl(marked("u1", "0, 1")), jsonl(marked("u1", "0.01, 1.01")));
        assertNull(r.offsets());
    }

    @Test
    void withoutAHitThereIsNoBias() {
        CorpusBoundaryResult r = BoundaryScorer.builder().build().score(jsonl(marked("u1", "0, 1")), jsonl(marked("u1", "0.5")));
        assertEquals(0, r.offsets().hits());
        assertNull(r.offsets().meanSeconds());
    }
}
