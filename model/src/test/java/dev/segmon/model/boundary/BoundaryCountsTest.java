package dev.segmon.model.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.segmon.model.alignment.Utterance;
import dev.segmon.model.io.JsonlReader;
import dev.segmon.model.testing.RandomCorpus;
import java.io.BufferedReader;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The monoid laws the streaming monitor relies on, and corpus = sum of utterances. */
class BoundaryCountsTest {

    private static BoundaryCounts randomCounts(Random random) {
        long ref = random.nextInt(1000);
        long hyp = random.nextInt(1000);
        return new BoundaryCounts(ref, hyp, random.nextInt((int) ref + 1), random.nextInt((int) hyp + 1));
    }

    @Test
    void zeroIsTheIdentity() {
        Random random = new Random(1);
        for (int i = 0; i < 1000; i++) {
            BoundaryCounts c = randomCounts(random);
            assertEquals(c, c.plus(BoundaryCounts.ZERO));
            assertEquals(c, BoundaryCounts.ZERO.plus(c));
        }
    }

    @Test
    void plusIsAssociativeAndCommutative() {
        Random random = new Random(2);
        for (int i = 0; i < 1000; i++) {
            BoundaryCounts a = randomCounts(random);
            BoundaryCounts b = randomCounts(random);
            BoundaryCounts c = randomCounts(random);
            assertEquals(a.plus(b).plus(c), a.plus(b.plus(c)));
            assertEquals(a.plus(b), b.plus(a));
        }
    }

    @Test
    void plusAddsEachCountSeparately() {
        // (3, 4, 2, 2) + (5, 1, 1, 1) = (8, 5, 3, 3) by hand.
        assertEquals(BoundaryCounts.oneToOne(8, 5, 3), BoundaryCounts.oneToOne(3, 4, 2).plus(BoundaryCounts.oneToOne(5, 1, 1)));
    }

    @Test
    void inconsistentCountsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> new BoundaryCounts(1, 1, 2, 0));
        assertThrows(IllegalArgumentException.class, () -> new BoundaryCounts(1, 1, 0, 2));
        assertThrows(IllegalArgumentException.class, () -> new BoundaryCounts(-1, 0, 0, 0));
    }

    @Test
    void corpusCountsAreTheSumOfUtteranceCountsInAnyFileOrder(@TempDir Path dir) throws Exception {
        Random random = new Random(3);
        List<RandomCorpus.Pair> corpus = RandomCorpus.realistic(random, 300, 20, 0.1);
        for (Matching matching : Matching.values()) {
          for (Unreferenced unreferenced : Unreferenced.values()) {
            BoundaryScorer scorer = BoundaryScorer.builder().matching(matching).unreferenced(unreferenced).build();
            // Expected: each utterance scored on its own (an absent side is empty; a hypothesis
            // without reference left out unless score-empty), then summed.
            BoundaryCounts sum = BoundaryCounts.ZERO;
            List<String> unpaired = new ArrayList<>();
            for (RandomCorpus.Pair p : corpus) {
                double[] ref = p.reference() == null ? new double[0] : p.reference();
                double[] hyp = p.hypothesis() == null ? new double[0] : p.hypothesis();
                if (p.reference() != null || unreferenced == Unreferenced.SCORE_EMPTY) {
                    sum = sum.plus(scorer.score(new Utterance.Marked(p.id(), ref), new Utterance.Marked(p.id(), hyp)));
                }
                if (p.reference() == null || p.hypothesis() == null) {
                    unpaired.add(p.id());
                }
            }
            // Same order on both sides, then the hypothesis file shuffled.
            Path refFile = dir.resolve("ref.jsonl");
            Path hypFile = dir.resolve("hyp.jsonl");
            RandomCorpus.writeJsonl(corpus, refFile, hypFile);
            assertCorpus(scorer, refFile, hypFile, sum, unpaired, corpus.size());
            List<String> lines = new ArrayList<>(Files.readAllLines(hypFile));
            Collections.shuffle(lines, random);
            Files.write(hypFile, lines);
            assertCorpus(scorer, refFile, hypFile, sum, unpaired, corpus.size());
          }
        }
    }

    @Test
    void aHypothesisWithoutReferenceIsLeftOutUnlessScoredAgainstAnEmptyOne() throws Exception {
        // u1 on both sides: ref {1.0}, hyp {1.01}: one hit. u2 only in the hypothesis: {0.5, 2.0}.
        String ref = "{\"id\":\"u1\",\"boundaries\":[1.0]}\n";
        String hyp = "{\"id\":\"u1\",\"boundaries\":[1.01]}\n{\"id\":\"u2\",\"boundaries\":[0.5,2.0]}\n";
        for (Unreferenced u : Unreferenced.values()) {
            try (JsonlReader r = new JsonlReader("ref", new BufferedReader(new StringReader(ref)));
                 JsonlReader h = new JsonlReader("hyp", new BufferedReader(new StringReader(hyp)))) {
                CorpusBoundaryResult result = BoundaryScorer.builder().unreferenced(u).build().score(r, h);
                // skip: u1 alone, n_ref 1, n_hyp 1, hits 1 (precision 1). score-empty: u2's two
                // boundaries are false alarms too, n_hyp 3 (precision 1/3).
                BoundaryCounts expected = u == Unreferenced.SKIP ? BoundaryCounts.oneToOne(1, 1, 1) : BoundaryCounts.oneToOne(1, 3, 1);
                assertEquals(expected, result.counts(), u.label());
                assertEquals(List.of("u2"), result.unpaired());
            }
        }
    }

    private static void assertCorpus(BoundaryScorer scorer, Path refFile, Path hypFile, BoundaryCounts expected,
                                     List<String> unpaired, int utterances) throws Exception {
        try (JsonlReader ref = new JsonlReader("ref", new BufferedReader(new StringReader(Files.readString(refFile))));
             JsonlReader hyp = new JsonlReader("hyp", new BufferedReader(new StringReader(Files.readString(hypFile))))) {
            CorpusBoundaryResult result = scorer.score(ref, hyp);
            assertEquals(expected, result.counts());
            assertEquals(unpaired, result.unpaired());
            assertEquals(utterances, result.utterances());
        }
    }
}
