package dev.segmon.model.edit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.model.alignment.Segment;
import dev.segmon.model.alignment.Utterance;
import dev.segmon.model.io.ReadOptions;
import dev.segmon.model.io.UtteranceReader;
import dev.segmon.model.io.UtteranceReaders;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link Levenshtein#pairs} returns the alignment whose counts {@link Levenshtein#align} reports:
 * counting its pairs gives the same S, I and D, under both cost models, on random pairs from
 * identical to unrelated and on real transcripts; and the pairs are an alignment (every token of
 * each side consumed once, in order; a match exactly where the tokens are equal).
 */
class LevenshteinPairsTest {

    @Test
    void kaldisTieBreakIsTracedBackByHand() {
        // ref a b, hyp b a (LevenshteinTest traces the cells): deletion of ref a, match of b, insertion of hyp a.
        int[] ref = {0, 1};
        int[] hyp = {1, 0};
        assertEquals(List.of(new AlignedPair(AlignedPair.Edit.DELETION, 0, AlignedPair.NONE),
                new AlignedPair(AlignedPair.Edit.MATCH, 1, 0),
                new AlignedPair(AlignedPair.Edit.INSERTION, AlignedPair.NONE, 1)), Levenshtein.pairs(ref, hyp, EditCosts.UNIT));
        // sclite's weights on ref a a b, hyp b c c: three substitutions (the diagonal wins the tie at cost 12).
        assertEquals(List.of(new AlignedPair(AlignedPair.Edit.SUBSTITUTION, 0, 0), new AlignedPair(AlignedPair.Edit.SUBSTITUTION, 1, 1),
                new AlignedPair(AlignedPair.Edit.SUBSTITUTION, 2, 2)), Levenshtein.pairs(new int[] {0, 0, 1}, new int[] {1, 2, 2}, EditCosts.SCLITE));
    }

    @Test
    void countingThePairsGivesAlignsCountsOnRandomPairs() {
        Random random = new Random(20261127);
        for (int i = 0; i < 1_500; i++) {
            int[] reference = LevenshteinBandTest.randomTokens(random, random.nextInt(i % 10 == 0 ? 400 : 80), 2 + random.nextInt(30));
            int[] hypothesis = LevenshteinBandTest.edited(random, reference, random.nextDouble() * (i % 7 == 0 ? 1.0 : 0.3), 2 + random.nextInt(30));
            for (EditCosts costs : EditCosts.values()) {
                assertPairsAgree(reference, hypothesis, costs, "pair " + i);
                assertPairsAgree(hypothesis, reference, costs, "pair " + i + " swapped");
            }
        }
    }

    @Test
    void countingThePairsGivesAlignsCountsOnRealTranscripts() throws URISyntaxException {
        // The ZeroSpeech 2017 Mandarin gold words of 12 recordings (THCHS-30 read speech): the
        // first 200 words of every recording against those of every other (shared vocabulary,
        // little shared order: the band grows), and each recording against itself with every
        // 7th word dropped and every 11th replaced by the word before it (the band holds at once).
        List<int[]> files = mandarinWords();
        assertEquals(12, files.size());
        for (int a = 0; a < files.size(); a++) {
            int[] ref = Arrays.copyOf(files.get(a), Math.min(200, files.get(a).length));
            for (int b = 0; b < files.size(); b++) {
                int[] hyp = a == b ? edited(files.get(a)) : Arrays.copyOf(files.get(b), Math.min(200, files.get(b).length));
                for (EditCosts costs : EditCosts.values()) {
                    assertPairsAgree(a == b ? files.get(a) : ref, hyp, costs, "files " + a + " and " + b);
                }
            }
        }
    }

    @Test
    void emptySidesAreAllInsertionsOrAllDeletions() {
        assertEquals(List.of(), Levenshtein.pairs(new int[0], new int[0], EditCosts.UNIT));
        assertEquals(List.of(new AlignedPair(AlignedPair.Edit.INSERTION, AlignedPair.NONE, 0)), Levenshtein.pairs(new int[0], new int[] {4}, EditCosts.UNIT));
        assertEquals(List.of(new AlignedPair(AlignedPair.Edit.DELETION, 0, AlignedPair.NONE)), Levenshtein.pairs(new int[] {4}, new int[0], EditCosts.SCLITE));
    }

    private static void assertPairsAgree(int[] reference, int[] hypothesis, EditCosts costs, String what) {
        List<AlignedPair> pairs = Levenshtein.pairs(reference, hypothesis, costs);
        long s = 0;
        long ins = 0;
        long del = 0;
        int nextRef = 0;
        int nextHyp = 0;
        for (AlignedPair p : pairs) {
            switch (p.edit()) {
                case SUBSTITUTION -> s++;
                case INSERTION -> ins++;
                case DELETION -> del++;
                case MATCH -> { }
            }
            if (p.reference() != AlignedPair.NONE) {
                assertEquals(nextRef++, p.reference(), what + ": reference order");
            }
            if (p.hypothesis() != AlignedPair.NONE) {
                assertEquals(nextHyp++, p.hypothesis(), what + ": hypothesis order");
            }
            if (p.edit() == AlignedPair.Edit.MATCH || p.edit() == AlignedPair.Edit.SUBSTITUTION) {
                assertEquals(p.edit() == AlignedPair.Edit.MATCH, reference[p.reference()] == hypothesis[p.hypothesis()], what);
            }
        }
        assertEquals(reference.length, nextRef, what + ": every reference token");
        assertEquals(hypothesis.length, nextHyp, what + ": every hypothesis token");
        assertEquals(Levenshtein.align(reference, hypothesis, costs), new EditCounts(s, ins, del, reference.length), costs + " " + what);
    }

    private static List<int[]> mandarinWords() throws URISyntaxException {
        Path wrd = Path.of(LevenshteinPairsTest.class.getResource("/data/zr17-mandarin/mandarin.wrd").toURI());
        Vocabulary vocabulary = new Vocabulary(false);
        List<int[]> files = new ArrayList<>();
        try (UtteranceReader reader = UtteranceReaders.open(wrd, ReadOptions.DEFAULT)) {
            while (reader.hasNext()) {
                List<Segment> words = ((Utterance.Segmented) reader.next()).segments();
                files.add(words.stream().mapToInt(w -> vocabulary.intern(w.label())).toArray());
            }
        }
        return files;
    }

    /** Every 7th word dropped, every 11th replaced by the word before it. */
    private static int[] edited(int[] words) {
        int[] out = new int[words.length];
        int n = 0;
        for (int i = 0; i < words.length; i++) {
            if (i % 7 != 6) {
                out[n++] = i % 11 == 10 ? words[i - 1] : words[i];
            }
        }
        return Arrays.copyOf(out, n);
    }
}
