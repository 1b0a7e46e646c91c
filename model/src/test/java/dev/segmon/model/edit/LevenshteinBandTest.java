package dev.segmon.model.edit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The banded sweep of {@link Levenshtein#align} chooses the alignment the whole matrix chooses —
 * the same S, I and D, tie-breaks included — under both cost models, for sequences from identical
 * to unrelated: transcripts edited at random (the band holds at once) and pairs that share little
 * (the band doubles until it covers the matrix).
 */
class LevenshteinBandTest {
    @Test
    void theBandChoosesTheWholeMatrixAlignmentForEveryPair() {
        Random random = new Random(20261125);
        int pairs = 0;
        for (int i = 0; i < 4_000; i++) {
            int[] reference = randomTokens(random, random.nextInt(i % 10 == 0 ? 600 : 120), 2 + random.nextInt(40));
            int[] hypothesis = edited(random, reference, random.nextDouble() * (i % 7 == 0 ? 1.0 : 0.3), 2 + random.nextInt(40));
            for (EditCosts costs : EditCosts.values()) {
                assertEquals(Levenshtein.alignWhole(reference, hypothesis, costs), Levenshtein.align(reference, hypothesis, costs),
                        costs + " pair " + i);
                assertEquals(Levenshtein.alignWhole(hypothesis, reference, costs), Levenshtein.align(hypothesis, reference, costs),
                        costs + " pair " + i + " swapped");
                pairs += 2;
            }
        }
        assertEquals(16_000, pairs);
    }

    @Test
    void atUnitCostsTheBandedAlignmentsErrorsAreTheWholeMatrixDistance() {
        // The monitor takes an utterance's NED distance from its banded unit-cost alignment (S + I + D)
        // instead of sweeping the whole matrix a second time: held here to the one-row whole-matrix distance.
        Random random = new Random(20261128);
        for (int i = 0; i < 2_000; i++) {
            int[] reference = randomTokens(random, random.nextInt(i % 10 == 0 ? 600 : 120), 2 + random.nextInt(40));
            int[] hypothesis = edited(random, reference, random.nextDouble() * (i % 7 == 0 ? 1.0 : 0.3), 2 + random.nextInt(40));
            assertEquals(Levenshtein.distance(reference, hypothesis), Levenshtein.align(reference, hypothesis, EditCosts.UNIT).errors(),
                    "pair " + i);
        }
    }

    @Test
    void emptyAndOneSidedSequencesAreAllInsertionsOrDeletions() {
        int[] none = {};
        int[] three = {1, 2, 3};
        for (EditCosts costs : EditCosts.values()) {
            assertEquals(new EditCounts(0, 3, 0, 0), Levenshtein.align(none, three, costs));
            assertEquals(new EditCounts(0, 0, 3, 3), Levenshtein.align(three, none, costs));
            assertEquals(new EditCounts(0, 0, 0, 0), Levenshtein.align(none, none, costs));
        }
    }

    static int[] randomTokens(Random random, int n, int vocabulary) {
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = random.nextInt(vocabulary);
        }
        return out;
    }

    /** {@code reference} with each token substituted, deleted or followed by an insertion with probability {@code rate}. */
    static int[] edited(Random random, int[] reference, double rate, int vocabulary) {
        int[] out = new int[reference.length * 2 + 1];
        int n = 0;
        for (int token : reference) {
            double u = random.nextDouble();
            if (u < rate / 3) {
                out[n++] = random.nextInt(vocabulary); // substitution (or a match by chance)
            } else if (u < 2 * rate / 3) {
                continue; // deletion
            } else {
                out[n++] = token;
                if (u < rate) {
                    out[n++] = random.nextInt(vocabulary); // insertion
                }
            }
        }
        return java.util.Arrays.copyOf(out, n);
    }
}
