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
            BoundaryScorer scorer = BoundaryScorer.builder().matching(matching).build();
            // Expected: each utterance scored on its own (an absent side is empty), then summed.
            BoundaryCounts sum = BoundaryCounts.ZERO;
            List<String> unpaired = new ArrayList<>();
            for (RandomCorpus.Pair p : corpus) {
                double[] ref = p.reference() == null ? new double[0] : p.reference();
                double[] hyp = p.hypothesis() == null ? new double[0] : p.hypothesis();
                sum = sum.plus(scorer.score(new Utterance.Marked(p.id(), ref), new Utterance.Marked(p.id(), hyp)));
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
