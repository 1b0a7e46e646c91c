package dev.segmon.model.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.segmon.model.alignment.Segment;
import dev.segmon.model.alignment.Utterance;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Label-aware hits (docs/contract.md 2.1) on utterances worked by hand. */
class LabelAwareHitsTest {
    /** Reference: a [0, 0.5], b [0.5, 1.0], c [1.0, 1.5]: boundaries 0 (-|a), 0.5 (a|b), 1.0 (b|c), 1.5 (c|-). */
    private static final Utterance REF = words(0, 0.5, "a", 0.5, 1.0, "b", 1.0, 1.5, "c");

    private static Utterance words(Object... startEndWord) {
        List<Segment> s = new java.util.ArrayList<>();
        for (int i = 0; i < startEndWord.length; i += 3) {
            s.add(new Segment(((Number) startEndWord[i]).doubleValue(), ((Number) startEndWord[i + 1]).doubleValue(),
                    (String) startEndWord[i + 2]));
        }
        return new Utterance.Segmented("u", s);
    }

    private static BoundaryCounts score(HitRule rule, double tolerance, Utterance ref, Utterance hyp) {
        return BoundaryScorer.builder().tolerance(tolerance).hitRule(rule).build().score(ref, hyp);
    }

    @Test
    void aSubstitutedWordTakesTheHitsOfBothItsBoundaries() {
        // Hypothesis a [0.01, 0.51], x [0.51, 0.99], c [0.99, 1.6]: boundaries 0.01 (-|a), 0.51 (a|x),
        // 0.99 (x|c), 1.6 (c|-). Within 20 ms the time pairs are 0~0.01, 0.5~0.51, 1.0~0.99: 3 hits.
        // By label: 0~0.01 compares only the word after (a = a): hit; 0.5~0.51 has a = a before but
        // b != x after: no hit; 1.0~0.99 has b != x before: no hit. 1 hit of 4 reference boundaries.
        Utterance hyp = words(0.01, 0.51, "a", 0.51, 0.99, "x", 0.99, 1.6, "c");
        assertEquals(BoundaryCounts.oneToOne(4, 4, 3), score(HitRule.TIME, 0.02, REF, hyp));
        assertEquals(BoundaryCounts.oneToOne(4, 4, 1), score(HitRule.LABEL, 0.02, REF, hyp));
        // Within 100 ms 1.5~1.6 pairs too and its word before is c on both sides: 4 time hits, 2 by label.
        assertEquals(BoundaryCounts.oneToOne(4, 4, 4), score(HitRule.TIME, 0.1, REF, hyp));
        assertEquals(BoundaryCounts.oneToOne(4, 4, 2), score(HitRule.LABEL, 0.1, REF, hyp));
    }

    @Test
    void aPauseOnOneSideIsNotADisagreement() {
        // Hypothesis a [0, 0.48], b [0.52, 1.0], c [1.0, 1.5]: 0 (-|a), 0.48 (a|-), 0.52 (-|b),
        // 1.0 (b|c), 1.5 (c|-). Time pairs within 20 ms: 0~0, 0.5~0.48 (|d| = 20 ms), 1.0~1.0,
        // 1.5~1.5; 0.52 is left over. 0.5~0.48: a = a before, no word after 0.48: one side agrees,
        // none differs: a hit. Every pair agrees: 4 hits of 5 hypothesis boundaries either way.
        Utterance hyp = words(0, 0.48, "a", 0.52, 1.0, "b", 1.0, 1.5, "c");
        assertEquals(BoundaryCounts.oneToOne(4, 5, 4), score(HitRule.LABEL, 0.02, REF, hyp));
        assertEquals(score(HitRule.TIME, 0.02, REF, hyp), score(HitRule.LABEL, 0.02, REF, hyp));
    }

    @Test
    void aPairWithAWordOnNeitherSideIsNoHit() {
        // Reference a [0, 0.5], silence "" [0.5, 1.0], b [1.0, 1.5]: 0 (-|a), 0.5 (a|-), 1.0 (-|b), 1.5 (b|-).
        // Hypothesis "" [0, 0.5], c [0.5, 1.0], b [1.0, 1.5]: 0 (-|-), 0.5 (-|c), 1.0 (c|b), 1.5 (b|-).
        // Every time agrees exactly: 4 time hits. By label, 0 and 0.5 have no side with a word on
        // both: no hit; 1.0 has b = b after; 1.5 has b = b before: 2 hits.
        Utterance ref = words(0, 0.5, "a", 0.5, 1.0, "", 1.0, 1.5, "b");
        Utterance hyp = words(0, 0.5, "", 0.5, 1.0, "c", 1.0, 1.5, "b");
        assertEquals(BoundaryCounts.oneToOne(4, 4, 4), score(HitRule.TIME, 0.02, ref, hyp));
        assertEquals(BoundaryCounts.oneToOne(4, 4, 2), score(HitRule.LABEL, 0.02, ref, hyp));
    }

    @Test
    void bareTimesCarryNoWordsSoNoLabelAwareHit() {
        // A hypothesis of bare times equal to the reference's: 4 time hits, none by label.
        Utterance bare = new Utterance.Marked("u", new double[] {0, 0.5, 1.0, 1.5});
        assertEquals(BoundaryCounts.oneToOne(4, 4, 4), score(HitRule.TIME, 0.02, REF, bare));
        assertEquals(BoundaryCounts.oneToOne(4, 4, 0), score(HitRule.LABEL, 0.02, REF, bare));
    }

    @Test
    void wordsOnEitherSideOfATimeAreLookedUpOnce() {
        BoundaryWords w = BoundaryWords.of(words(0, 0.5, "a", 0.5, 1.0, "", 1.0, 1.5, "sil"), Set.of("sil"));
        // 0.5: a ends there, the empty label starts there (no word); 1.0: "" ends, sil (ignored) starts.
        assertEquals("a", w.before(500_000));
        assertEquals(null, w.after(500_000));
        assertEquals(null, w.before(1_000_000));
        assertEquals(null, w.after(1_000_000));
        assertEquals("a", w.after(0));
        assertEquals(null, w.before(0));
    }

    @Test
    void labelAwareHitsRefuseManyToOne() {
        assertThrows(IllegalArgumentException.class,
                () -> BoundaryScorer.builder().hitRule(HitRule.LABEL).matching(Matching.MANY_TO_ONE).build());
        assertEquals(HitRule.LABEL, HitRule.parse(" Label "));
        assertThrows(IllegalArgumentException.class, () -> HitRule.parse("words"));
    }
}
