package dev.segmon.model.edit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

class LevenshteinTest {
    private final Vocabulary vocabulary = new Vocabulary(false);

    private int[] tokens(String spaced) {
        String t = spaced.trim();
        if (t.isEmpty()) {
            return new int[0];
        }
        String[] words = t.split("\\s+");
        int[] ids = new int[words.length];
        for (int i = 0; i < words.length; i++) {
            ids[i] = vocabulary.intern(words[i]);
        }
        return ids;
    }

    @Test
    void scliteWeightsCanPreferMoreErrorsThanUnitCosts() {
        // docs/text-metrics.md section 2 (sclite -s run on it agrees): ref a b c d e, hyp d e x y z.
        // Unit costs: 5 substitutions (cost 5) beat 3 D + 3 I (cost 6).
        // sclite: 5 S cost 20, 3 D + 3 I (match d e) cost 18.
        int[] ref = tokens("a b c d e");
        int[] hyp = tokens("d e x y z");
        assertEquals(new EditCounts(5, 0, 0, 5), Levenshtein.align(ref, hyp, EditCosts.UNIT));
        assertEquals(new EditCounts(0, 3, 3, 5), Levenshtein.align(ref, hyp, EditCosts.SCLITE));
    }

    @Test
    void scliteTakesTheDiagonalOnTiesAndSoCountsFewerErrors() {
        // ref a a b, hyp b c c under weights 3/3/4: 3 substitutions cost 12, and so do
        // D a, D a, match b, I c, I c (3+3+0+3+3). NIST sclite -s (SCTK @ 9688a26, via
        // docs/tools/sclite_compare.sh) reports 3 substitutions, no deletion, no insertion.
        assertEquals(new EditCounts(3, 0, 0, 3), Levenshtein.align(tokens("a a b"), tokens("b c c"), EditCosts.SCLITE));
        // Unit costs: 3 S (cost 3) beat 2 D + 2 I (cost 4); no tie.
        assertEquals(new EditCounts(3, 0, 0, 3), Levenshtein.align(tokens("a a b"), tokens("b c c"), EditCosts.UNIT));
    }

    @Test
    void emptySidesAreAllDeletionsOrAllInsertions() {
        assertEquals(new EditCounts(0, 0, 3, 3), Levenshtein.align(tokens("a b c"), tokens(""), EditCosts.UNIT));
        assertEquals(new EditCounts(0, 2, 0, 0), Levenshtein.align(tokens(""), tokens("a b"), EditCosts.SCLITE));
        assertEquals(EditCounts.ZERO, Levenshtein.align(tokens(""), tokens(""), EditCosts.UNIT));
        assertEquals(0, Levenshtein.distance(tokens(""), tokens("")));
        assertEquals(2, Levenshtein.distance(tokens(""), tokens("a b")));
    }

    @Test
    void handCountedAlignments() {
        // kaldialign README example: ref a b c, hyp a s x c -> b/s substituted, x inserted.
        assertEquals(new EditCounts(1, 1, 0, 3), Levenshtein.align(tokens("a b c"), tokens("a s x c"), EditCosts.UNIT));
        // ref longer than hyp (rows along the hypothesis): ref a b c d, hyp b d -> delete a and c.
        assertEquals(new EditCounts(0, 0, 2, 4), Levenshtein.align(tokens("a b c d"), tokens("b d"), EditCosts.UNIT));
        // hyp longer than ref (rows along the reference): ref b d, hyp a b c d -> insert a and c.
        assertEquals(new EditCounts(0, 2, 0, 2), Levenshtein.align(tokens("b d"), tokens("a b c d"), EditCosts.UNIT));
        // kitten / sitting, the textbook distance 3 (k->s, e->i, insert g), letters as tokens.
        assertEquals(3, Levenshtein.distance(tokens("k i t t e n"), tokens("s i t t i n g")));
        assertEquals(3, Levenshtein.distance(tokens("s i t t i n g"), tokens("k i t t e n")));
    }

    @Test
    void equalCostAlignmentsSplitAsKaldiDoes() {
        // ref a, hyp b: one substitution (cost 1) ties with nothing cheaper: S = 1.
        assertEquals(new EditCounts(1, 0, 0, 1), Levenshtein.align(tokens("a"), tokens("b"), EditCosts.UNIT));
        // ref a b, hyp b a: cost 2 either as 2 S or as D a, match b, I a (or I b, match a, D b).
        // Kaldi's rule (diagonal only when strictly cheaper; deletion only when strictly cheaper
        // than insertion), traced by hand from cell (2,2): diagonal 1+1 = 2 vs deletion (1,2)+1 = 2
        // vs insertion (2,1)+1 = 2 -> insertion of hyp 'a'; cell (2,1): diagonal (1,0)+0 = 1 (b = b)
        // beats deletion (1,1)+1 = 2 and insertion (2,0)+1 = 3 -> match; cell (1,0) -> deletion of 'a'.
        assertEquals(new EditCounts(0, 1, 1, 2), Levenshtein.align(tokens("a b"), tokens("b a"), EditCosts.UNIT));
        assertEquals(new EditCounts(0, 1, 1, 2), Levenshtein.align(tokens("b a"), tokens("a b"), EditCosts.UNIT));
    }

    @Test
    void unitCostErrorsAlwaysEqualTheDistanceWhicheverSideIsLonger() {
        // The carried (S, I, D) must describe a path of minimal cost: with unit costs its total is
        // the textbook distance, computed here by a separate one-row DP. Lengths 0..9 on both
        // sides exercise both sweep orientations.
        Random rnd = new Random(11);
        for (int trial = 0; trial < 2000; trial++) {
            int[] a = rnd.ints(rnd.nextInt(10), 0, 3).toArray();
            int[] b = rnd.ints(rnd.nextInt(10), 0, 3).toArray();
            EditCounts c = Levenshtein.align(a, b, EditCosts.UNIT);
            assertEquals(Levenshtein.distance(a, b), c.errors());
            assertEquals(a.length, c.referenceTokens());
            // every reference token is matched, substituted or deleted; every hypothesis token
            // matched, substituted or inserted: |ref| - |hyp| = D - I
            assertEquals(a.length - b.length, c.deletions() - c.insertions());
        }
    }
}
