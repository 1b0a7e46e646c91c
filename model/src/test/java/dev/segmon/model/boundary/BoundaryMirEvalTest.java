package dev.segmon.model.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.model.alignment.Utterance;
import dev.segmon.model.io.ReadOptions;
import dev.segmon.model.io.UtteranceReader;
import dev.segmon.model.io.UtteranceReaders;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The same corpora scored by mir_eval. Every expected number below was printed by
 * {@code /usr/bin/python3 docs/tools/mir_eval_crosscheck.py} with mir_eval 0.7 (Debian 12
 * package python3-mir-eval), which calls
 * {@code mir_eval.segment.detection(ref_intervals, est_intervals, window=0.02, trim=...)} per
 * utterance on the files in {@code src/test/resources/boundary/mireval/} and pools the counts
 * (hits = precision * n_est per utterance).
 */
class BoundaryMirEvalTest {

    private static Path resource(String name) throws URISyntaxException {
        return Path.of(BoundaryMirEvalTest.class.getResource("/boundary/mireval/" + name).toURI());
    }

    private static CorpusBoundaryResult score(String corpus, boolean trim) throws URISyntaxException {
        BoundaryScorer scorer = BoundaryScorer.builder().tolerance(0.02).trimEdges(trim).build();
        try (UtteranceReader ref = UtteranceReaders.open(resource(corpus + ".ref.jsonl"), ReadOptions.DEFAULT);
             UtteranceReader hyp = UtteranceReaders.open(resource(corpus + ".hyp.jsonl"), ReadOptions.DEFAULT)) {
            return scorer.score(ref, hyp);
        }
    }

    private static Map<String, BoundaryCounts> perUtterance(String corpus, boolean trim) throws URISyntaxException {
        BoundaryScorer scorer = BoundaryScorer.builder().tolerance(0.02).trimEdges(trim).build();
        Map<String, BoundaryCounts> counts = new LinkedHashMap<>();
        try (UtteranceReader ref = UtteranceReaders.open(resource(corpus + ".ref.jsonl"), ReadOptions.DEFAULT);
             UtteranceReader hyp = UtteranceReaders.open(resource(corpus + ".hyp.jsonl"), ReadOptions.DEFAULT)) {
            while (ref.hasNext()) {
                Utterance r = ref.next();
                Utterance h = hyp.next();
                assertEquals(r.id(), h.id());
                counts.put(r.id(), scorer.score(r, h));
            }
        }
        return counts;
    }

    @Test
    void handCorpusMatchesMirEvalUtteranceByUtterance() throws Exception {
        // mir_eval 0.7, trim=False:
        //   u1: n_ref=2 n_hyp=3 hits=1 P=0.3333333333333333 R=0.5 F=0.4
        //   u2: n_ref=4 n_hyp=5 hits=4 P=0.8 R=1.0 F=0.888888888888889   (three offsets of exactly 0.02)
        //   u3: n_ref=3 n_hyp=3 hits=3 P=1.0 R=1.0 F=1.0                  (closest-first would find 2)
        //   u4: n_ref=5 n_hyp=3 hits=3 P=1.0 R=0.6 F=0.7499999999999999
        //   u5: n_ref=4 n_hyp=5 hits=4 P=0.8 R=1.0 F=0.888888888888889
        Map<String, BoundaryCounts> c = perUtterance("hand", false);
        assertUtterance(c.get("u1"), 2, 3, 1, 0.3333333333333333, 0.5, 0.4);
        assertUtterance(c.get("u2"), 4, 5, 4, 0.8, 1.0, 0.888888888888889);
        assertUtterance(c.get("u3"), 3, 3, 3, 1.0, 1.0, 1.0);
        assertUtterance(c.get("u4"), 5, 3, 3, 1.0, 0.6, 0.7499999999999999);
        assertUtterance(c.get("u5"), 4, 5, 4, 0.8, 1.0, 0.888888888888889);
    }

    @Test
    void handCorpusWithTrimmedEdgesMatchesMirEval() throws Exception {
        // mir_eval 0.7, trim=True (u1 has no reference boundary left: mir_eval returns 0, 0, 0 with a
        // warning; segmon's recall is null there, the counts agree):
        //   u2: n_ref=2 n_hyp=3 hits=2 P=0.6666666666666666 R=1.0 F=0.8
        //   u3: n_ref=1 n_hyp=1 hits=1 P=1.0 R=1.0 F=1.0
        //   u4: n_ref=3 n_hyp=1 hits=1 P=1.0 R=0.3333333333333333 F=0.5
        //   u5: n_ref=2 n_hyp=3 hits=2 P=0.6666666666666666 R=1.0 F=0.8
        Map<String, BoundaryCounts> c = perUtterance("hand", true);
        assertEquals(BoundaryCounts.oneToOne(0, 1, 0), c.get("u1"));
        assertUtterance(c.get("u2"), 2, 3, 2, 0.6666666666666666, 1.0, 0.8);
        assertUtterance(c.get("u3"), 1, 1, 1, 1.0, 1.0, 1.0);
        assertUtterance(c.get("u4"), 3, 1, 1, 1.0, 0.3333333333333333, 0.5);
        assertUtterance(c.get("u5"), 2, 3, 2, 0.6666666666666666, 1.0, 0.8);
    }

    @Test
    void pooledCountsMatchMirEval() throws Exception {
        // mir_eval 0.7, pooled over utterances: hand trim=False n_ref=18 n_hyp=19 hits=15;
        // hand trim=True n_ref=8 n_hyp=9 hits=6 (the same on the microsecond grid).
        assertEquals(BoundaryCounts.oneToOne(18, 19, 15), score("hand", false).counts());
        assertEquals(BoundaryCounts.oneToOne(8, 9, 6), score("hand", true).counts());
    }

    @Test
    void randomCorpusMatchesMirEvalOnTheMicrosecondGrid() throws Exception {
        // Random corpus (200 utterances, 1 ms grid, seed 20261122), mir_eval 0.7:
        //   trim=False: n_ref=4183 n_hyp=4131; match_events on integer microseconds (window 20000): 2498 hits;
        //               segment.detection on doubles: 2478 hits.
        //   trim=True:  n_ref=3783 n_hyp=3731; microsecond grid: 2242 hits; doubles: 2225 hits.
        // The differences are offsets of exactly 20 ms that doubles put just above 0.02 (for instance
        // |3.52 - 3.5| = 0.020000000000000018, |4.112 - 4.092| = 0.020000000000000462): docs/contract.md 2.1
        // counts them as hits, mir_eval on doubles does not.
        CorpusBoundaryResult random = score("random", false);
        assertEquals(BoundaryCounts.oneToOne(4183, 4131, 2498), random.counts());
        // 2498/4131, 2498/4183 and 2*2498/(4131+4183), computed from mir_eval's counts.
        assertEquals(2498.0 / 4131, random.scores().precision(), 1e-15);
        assertEquals(2498.0 / 4183, random.scores().recall(), 1e-15);
        assertEquals(4996.0 / 8314, random.scores().f1(), 1e-15);
        assertEquals(BoundaryCounts.oneToOne(3783, 3731, 2242), score("random", true).counts());
        // mir_eval on doubles misses 20 (untrimmed) and 17 (trimmed) of these exact-tolerance pairs.
        assertEquals(20, random.counts().hits() - 2478);
    }

    private static void assertUtterance(BoundaryCounts c, long nRef, long nHyp, long hits,
                                        double precision, double recall, double f) {
        assertEquals(BoundaryCounts.oneToOne(nRef, nHyp, hits), c);
        BoundaryScores s = c.scores();
        assertEquals(precision, s.precision(), 1e-15);
        assertEquals(recall, s.recall(), 1e-15);
        assertEquals(f, s.f1(), 1e-15);
    }
}
