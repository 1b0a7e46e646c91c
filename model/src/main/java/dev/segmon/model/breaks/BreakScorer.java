package dev.segmon.model.breaks;

import dev.segmon.model.io.InputException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Scores phrase-break assignment juncture by juncture (Taylor and Black 1998): the reference and
 * test label the same junctures, so no alignment is needed, only a comparison per position.
 */
public final class BreakScorer {
    /** The label of a juncture without a break; every other label is a break type. */
    public static final String NO_BREAK = "NB";

    private BreakScorer() {
    }

    /** Counts for one sentence; both sides must label the same number of junctures. */
    public static BreakCounts score(List<String> reference, List<String> test) {
        if (reference.size() != test.size()) {
            throw new IllegalArgumentException("juncture counts differ: " + reference.size() + " vs " + test.size());
        }
        long breaks = 0;
        long deletions = 0;
        long insertions = 0;
        long substitutions = 0;
        for (int i = 0; i < reference.size(); i++) {
            boolean refBreak = !NO_BREAK.equals(reference.get(i));
            boolean testBreak = !NO_BREAK.equals(test.get(i));
            if (refBreak) {
                breaks++;
                if (!testBreak) {
                    deletions++;
                } else if (!reference.get(i).equals(test.get(i))) {
                    substitutions++;
                }
            } else if (testBreak) {
                insertions++;
            }
        }
        return new BreakCounts(reference.size(), breaks, deletions, insertions, substitutions);
    }

    /**
     * Scores a corpus. JSONL sentences pair by id ({@code byId}), word-per-line sentences by
     * position. A sentence without a partner, or whose juncture count differs from its partner's,
     * is an {@link InputException}: phrase-break scoring compares junctures one to one, and there
     * is no meaningful way to score a sentence against a missing one.
     */
    public static BreakCounts score(String refSource, List<BreakSentence> reference,
                                    String testSource, List<BreakSentence> test, boolean byId) {
        BreakCounts total = BreakCounts.ZERO;
        if (byId) {
            Map<String, BreakSentence> refById = new HashMap<>();
            for (BreakSentence r : reference) {
                refById.put(r.id(), r);
            }
            for (BreakSentence t : test) {
                BreakSentence r = refById.remove(t.id());
                if (r == null) {
                    throw new InputException(testSource, t.line(), "sentence '" + t.id() + "' is not in the reference " + refSource);
                }
                total = total.plus(pair(r, refSource, t, testSource));
            }
            for (BreakSentence r : reference) {
                if (refById.containsKey(r.id())) {
                    throw new InputException(refSource, r.line(), "sentence '" + r.id() + "' is missing from " + testSource);
                }
            }
            return total;
        }
        int n = Math.min(reference.size(), test.size());
        for (int i = 0; i < n; i++) {
            total = total.plus(pair(reference.get(i), refSource, test.get(i), testSource));
        }
        if (reference.size() > n) {
            throw new InputException(refSource, reference.get(n).line(), "sentence " + (n + 1) + " has no counterpart: "
                    + testSource + " has " + n + " sentences, the reference " + reference.size());
        }
        if (test.size() > n) {
            throw new InputException(testSource, test.get(n).line(), "sentence " + (n + 1) + " has no counterpart: the reference "
                    + refSource + " has " + n + " sentences, this file " + test.size());
        }
        return total;
    }

    private static BreakCounts pair(BreakSentence r, String refSource, BreakSentence t, String testSource) {
        if (r.junctures().size() != t.junctures().size()) {
            throw new InputException(testSource, t.line(), "sentence '" + t.id() + "' has " + t.junctures().size()
                    + " junctures here but " + r.junctures().size() + " in " + refSource + ":" + r.line());
        }
        return score(r.junctures(), t.junctures());
    }
}
