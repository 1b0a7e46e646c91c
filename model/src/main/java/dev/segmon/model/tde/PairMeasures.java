package dev.segmon.model.tde;

import dev.segmon.model.edit.Levenshtein;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The two measures over pairs of fragments (tdev2 grouping.py and ned.py), counted without
 * forming the pairs; the NED of each distinct pair of phone strings is computed once.
 */
final class PairMeasures {
    private final SnappedFragments fragments;
    private final GoldAlignment gold;
    private final int silence;
    private int[][] withoutSilence = new int[64][];

    PairMeasures(SnappedFragments fragments, GoldAlignment gold, int silence) {
        this.fragments = fragments;
        this.gold = gold;
        this.silence = silence;
    }

    /**
     * Grouping without pairs. tdev2 (grouping.py) forms found pairs (all pairs within a class)
     * and gold pairs (all pairs of distinct fragments with the same phone string, unless they
     * are in the same file and overlap), then weighs types: precision = sum over types t of
     * w(t) * |tokens of t in found-and-gold pairs| / |tokens of t in found pairs| with
     * w(t) = |tokens of t in found pairs| / |tokens in found pairs|, which telescopes to
     * |tokens in found-and-gold pairs| / |tokens in found pairs|; recall likewise with gold pairs.
     * So only the set of tokens that occur in at least one pair of each kind matters:
     * <ul>
     * <li>found: every fragment of a class of two or more;</li>
     * <li>gold: a fragment with a same-string partner in another file or a non-overlapping one in
     *     its own file (any partner in another file exists iff the string occurs in two files;
     *     in one file, iff the latest onset is >= its offset or the earliest offset <= its onset);</li>
     * <li>found-and-gold: the same test among the fragments of one class with the same string.</li>
     * </ul>
     */
    Retrieval grouping(List<int[]> scoped) {
        Set<Integer> found = new HashSet<>();
        Set<Integer> both = new HashSet<>();
        Map<Integer, Set<Integer>> everyString = new HashMap<>();
        for (int[] members : scoped) {
            Map<Integer, Set<Integer>> byString = new HashMap<>();
            for (int i : members) {
                byString.computeIfAbsent(fragments.string(i), k -> new HashSet<>()).add(i);
                everyString.computeIfAbsent(fragments.string(i), k -> new HashSet<>()).add(i);
            }
            if (members.length >= 2) {
                for (int i : members) {
                    found.add(fragments.token(i));
                }
                for (Set<Integer> same : byString.values()) {
                    partnered(same, both);
                }
            }
        }
        Set<Integer> goldTokens = new HashSet<>();
        for (Set<Integer> same : everyString.values()) {
            partnered(same, goldTokens);
        }
        return new Retrieval(both.size(), found.size(), goldTokens.size());
    }

    /** Adds the tokens of the fragments of {@code same} (one phone string) that form a gold pair. */
    private void partnered(Set<Integer> same, Set<Integer> tokens) {
        if (same.size() < 2) {
            return;
        }
        GoldAlignment.FileGold file = null;
        boolean oneFile = true;
        long latestOnset = Long.MIN_VALUE;
        long earliestOffset = Long.MAX_VALUE;
        for (int i : same) {
            if (file == null) {
                file = fragments.file(i);
            } else if (fragments.file(i) != file) {
                oneFile = false;
            }
            latestOnset = Math.max(latestOnset, fragments.onset(i));
            earliestOffset = Math.min(earliestOffset, fragments.offset(i));
        }
        for (int i : same) {
            if (!oneFile || latestOnset >= fragments.offset(i) || earliestOffset <= fragments.onset(i)) {
                tokens.add(fragments.token(i));
            }
        }
    }

    /**
     * The sum of the NED of all pairs of a class (tdev2 ned.py): SIL removed, Levenshtein
     * distance / length of the longer string, 1 when both are empty. Members are grouped by
     * phone string, so each distinct pair of strings is computed once and weighed by the product
     * of multiplicities (m(m-1)/2 pairs of one string with itself, NED 0 unless empty).
     */
    double nedSum(int[] members) {
        int[] sorted = new int[members.length];
        for (int k = 0; k < members.length; k++) {
            sorted[k] = fragments.string(members[k]);
        }
        Arrays.sort(sorted);
        int distinct = 0;
        int[] strings = new int[sorted.length];
        long[] counts = new long[sorted.length];
        for (int k = 0; k < sorted.length; k++) {
            if (k == 0 || sorted[k] != sorted[k - 1]) {
                strings[distinct++] = sorted[k];
            }
            counts[distinct - 1]++;
        }
        double sum = 0;
        for (int a = 0; a < distinct; a++) {
            int[] s = withoutSilence(strings[a]);
            sum += counts[a] * (counts[a] - 1) / 2 * (s.length == 0 ? 1.0 : 0.0);
            for (int b = a + 1; b < distinct; b++) {
                int[] t = withoutSilence(strings[b]);
                int longer = Math.max(s.length, t.length);
                sum += counts[a] * counts[b] * (longer == 0 ? 1.0 : (double) Levenshtein.distance(s, t) / longer);
            }
        }
        return sum;
    }

    /** The phone string without SIL, computed once per string. */
    private int[] withoutSilence(int string) {
        if (string >= withoutSilence.length) {
            withoutSilence = Arrays.copyOf(withoutSilence, Math.max(string + 1, 2 * withoutSilence.length));
        }
        int[] s = withoutSilence[string];
        if (s == null) {
            int[] all = gold.phones.string(string);
            s = new int[all.length];
            int n = 0;
            for (int x : all) {
                if (x != silence) {
                    s[n++] = x;
                }
            }
            s = n == all.length ? s : Arrays.copyOf(s, n);
            withoutSilence[string] = s;
        }
        return s;
    }
}
