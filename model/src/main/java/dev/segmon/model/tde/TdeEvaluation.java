package dev.segmon.model.tde;

import dev.segmon.model.io.FileInterval;
import dev.segmon.model.io.IntervalBlock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The ZeroSpeech term-discovery measures (token, type, boundary, grouping, NED, coverage) of
 * discovered classes against a {@link GoldAlignment}, with the conventions of bootphon/tdev2
 * (the TDE of ZeroSpeech 2017 onwards; Ludusan et al. 2014 and Dunbar et al. 2017 define the
 * measures) and two departures, both documented in docs/tde.md:
 * <ul>
 * <li>the half-phone rule is compared exactly on the microsecond grid (tdev2 compares a
 *     floating-point ratio with 0.5 and loses some exact halves);</li>
 * <li>a grouping token is (file, snapped phones); tdev2 keys it by the snapped phone timings
 *     alone, so equal timings in two files collapse into one token.</li>
 * </ul>
 * The snapping of each fragment ({@link SnappedFragments}) is done once, when the evaluation is
 * built; {@link #result()} and {@link #result(Fold)} then count in time linear in the fragments
 * (plus the NED of each distinct pair of phone strings within a class, computed once:
 * {@link PairMeasures}).
 */
public final class TdeEvaluation {
    private final GoldAlignment gold;
    private final boolean floatingHalves;
    private final int silence;
    private final int spoken; // SPN, not counted by coverage
    private final SnappedFragments fragments;
    private final PairMeasures pairMeasures;
    private final List<int[]> classes = new ArrayList<>();    // fragment ids per non-empty class, duplicates kept

    /**
     * @param source  name of the class file, for error messages
     * @param classes its classes, as {@link dev.segmon.model.io.ClassFileReader#readClasses} reads them
     */
    public TdeEvaluation(GoldAlignment gold, String source, List<IntervalBlock> classes) {
        this(gold, source, classes, false, false);
    }

    /**
     * With {@code floatingHalves} and {@code fileBlindTokens} this reproduces tdev2's two
     * departures from the contract, so that a test can check the rest against tdev2's figures.
     */
    TdeEvaluation(GoldAlignment gold, String source, List<IntervalBlock> classes,
                  boolean floatingHalves, boolean fileBlindTokens) {
        this.gold = gold;
        this.floatingHalves = floatingHalves;
        this.silence = gold.phones.find(GoldAlignment.SILENCE);
        this.spoken = gold.phones.find("SPN");
        this.fragments = new SnappedFragments(gold, floatingHalves, fileBlindTokens);
        this.pairMeasures = new PairMeasures(fragments, gold, silence);
        Map<FileInterval, Integer> ids = new HashMap<>();
        for (IntervalBlock block : classes) {
            int[] members = new int[block.intervals().size()];
            int n = 0;
            for (FileInterval raw : block.intervals()) {
                FileInterval key = new FileInterval(raw.file(), raw.onset(), raw.offset(), 0);
                Integer id = ids.get(key);
                if (id == null) {
                    id = fragments.snap(source, raw);
                    ids.put(key, id);
                }
                if (id >= 0) {
                    members[n++] = id;
                }
            }
            if (n > 0) { // tdev2 drops classes left empty
                this.classes.add(Arrays.copyOf(members, n));
            }
        }
    }

    /** Each distinct kept fragment as {@code file onset offset phone...} (seconds), for tests. */
    List<String> snappedFragments() {
        return fragments.describe();
    }

    /** The measures on the whole corpus. */
    public TdeResult result() {
        return result(null);
    }

    /**
     * The measures on one fold: only the fragments, gold words and gold phones the fold covers
     * count, and a class left with fewer than two fragments is dropped for grouping and NED
     * (2015 TDE). Snapping still uses the whole gold.
     */
    public TdeResult result(Fold fold) {
        int n = fragments.size();
        boolean[] in = new boolean[n];
        for (int i = 0; i < n; i++) {
            in[i] = fold == null || fold.covers(fragments.file(i).name, fragments.onset(i), fragments.offset(i));
        }
        List<int[]> scoped = new ArrayList<>();
        for (int[] members : classes) {
            int[] kept = Arrays.stream(members).filter(i -> in[i]).toArray();
            if (kept.length >= (fold == null ? 1 : 2)) {
                scoped.add(kept);
            }
        }
        // fragments in the tdev2 sense (Disc.intervals): distinct, from the non-empty classes
        boolean[] listed = new boolean[n];
        for (int[] members : classes) {
            for (int i : members) {
                listed[i] |= in[i];
            }
        }
        GoldScope goldScope = new GoldScope(fold);
        Retrieval[] tokenType = tokenType(listed, goldScope);
        double nedSum = 0;
        long pairs = 0;
        for (int[] members : scoped) {
            nedSum += pairMeasures.nedSum(members);
            pairs += (long) members.length * (members.length - 1) / 2;
        }
        return new TdeResult(tokenType[0], tokenType[1], boundaries(listed, goldScope), pairMeasures.grouping(scoped),
                nedSum, pairs, covered(listed, goldScope), goldScope.phones);
    }

    /**
     * Token and type (tdev2 token_type.py): each fragment is matched with the gold word it
     * overlaps, the one with the largest overlap relative to the word's duration when several
     * (strictly larger wins, so ties go to the earliest word; tdev2 takes the first of an
     * unordered set); a hit when the word's phone string equals the fragment's. Token: gold words
     * hit (each once) / fragments / gold words. Type: phone strings hit / phone strings of all
     * fragments / gold word spellings.
     */
    private Retrieval[] tokenType(boolean[] listed, GoldScope scope) {
        Set<Integer> typesSeen = new HashSet<>();
        Set<Integer> typesHit = new HashSet<>();
        Set<Long> wordsHit = new HashSet<>();
        long listedFragments = 0;
        for (int i = 0; i < listed.length; i++) {
            if (!listed[i]) {
                continue;
            }
            listedFragments++;
            typesSeen.add(fragments.string(i));
            GoldAlignment.FileGold f = fragments.file(i);
            int[] overlapping = f.words.overlapping(fragments.onset(i), fragments.offset(i));
            if (overlapping.length == 0) {
                continue;
            }
            int best = overlapping[0];
            for (int k = 1; k < overlapping.length; k++) {
                if (largerRelativeOverlap(f.words, overlapping[k], best, fragments.onset(i), fragments.offset(i))) {
                    best = overlapping[k];
                }
            }
            if (scope.wordIn[f.id][best] && f.wordString[best] == fragments.string(i)) {
                wordsHit.add(((long) f.id << 32) | best);
                typesHit.add(fragments.string(i));
            }
        }
        return new Retrieval[] {
            new Retrieval(wordsHit.size(), listedFragments, scope.wordTokens),
            new Retrieval(typesHit.size(), typesSeen.size(), scope.wordTypes)};
    }

    /** Whether word a overlaps [on, off) by a larger fraction of its duration than word b. */
    private boolean largerRelativeOverlap(Tier words, int a, int b, long on, long off) {
        long ovA = Math.min(off, words.offset[a]) - Math.max(on, words.onset[a]);
        long ovB = Math.min(off, words.offset[b]) - Math.max(on, words.onset[b]);
        long durA = words.offset[a] - words.onset[a];
        long durB = words.offset[b] - words.onset[b];
        if (floatingHalves) {
            return (double) ovA / durA > (double) ovB / durB;
        }
        return Math.multiplyHigh(ovA, durB) != 0 || Math.multiplyHigh(ovB, durA) != 0
                ? java.math.BigInteger.valueOf(ovA).multiply(java.math.BigInteger.valueOf(durB))
                        .compareTo(java.math.BigInteger.valueOf(ovB).multiply(java.math.BigInteger.valueOf(durA))) > 0
                : ovA * durB > ovB * durA;
    }

    /**
     * Boundary (tdev2 boundary.py): gold boundaries are the distinct word onsets and offsets of
     * each file; a fragment contributes the onset of its first kept phone and the offset of its
     * last; an onset hits a gold onset, an offset a gold offset, and each (file, time) counts once.
     */
    private Retrieval boundaries(boolean[] listed, GoldScope scope) {
        Set<FileTime> goldOn = new HashSet<>();
        Set<FileTime> goldOff = new HashSet<>();
        for (GoldAlignment.FileGold f : gold.files) {
            for (int w = 0; w < f.words.size(); w++) {
                if (scope.wordIn[f.id][w]) {
                    goldOn.add(new FileTime(f.id, f.words.onset[w]));
                    goldOff.add(new FileTime(f.id, f.words.offset[w]));
                }
            }
        }
        Set<FileTime> found = new HashSet<>();
        Set<FileTime> hits = new HashSet<>();
        for (int i = 0; i < listed.length; i++) {
            if (listed[i]) {
                GoldAlignment.FileGold f = fragments.file(i);
                int[] kept = fragments.phones(i);
                FileTime on = new FileTime(f.id, f.phones.onset[kept[0]]);
                FileTime off = new FileTime(f.id, f.phones.offset[kept[kept.length - 1]]);
                found.add(on);
                found.add(off);
                if (goldOn.contains(on)) {
                    hits.add(on);
                }
                if (goldOff.contains(off)) {
                    hits.add(off);
                }
            }
        }
        Set<FileTime> all = new HashSet<>(goldOn);
        all.addAll(goldOff);
        return new Retrieval(hits.size(), found.size(), all.size());
    }

    private record FileTime(int file, long time) {
    }

    /** Coverage (tdev2 coverage.py): distinct gold phones, SIL and SPN excluded, kept by a fragment. */
    private long covered(boolean[] listed, GoldScope scope) {
        Set<Long> covered = new HashSet<>();
        for (int i = 0; i < listed.length; i++) {
            if (listed[i]) {
                GoldAlignment.FileGold f = fragments.file(i);
                for (int p : fragments.phones(i)) {
                    int s = f.phones.symbol[p];
                    if (s != silence && s != spoken && scope.phoneIn[f.id][p]) {
                        covered.add(((long) f.id << 32) | p);
                    }
                }
            }
        }
        return covered.size();
    }

    /** Which gold words and phones count, and their totals. */
    private final class GoldScope {
        final boolean[][] wordIn;
        final boolean[][] phoneIn;
        final long wordTokens;
        final long wordTypes;
        final long phones;

        GoldScope(Fold fold) {
            wordIn = new boolean[gold.files.size()][];
            phoneIn = new boolean[gold.files.size()][];
            Set<Integer> types = new HashSet<>();
            long tokens = 0;
            long countedPhones = 0;
            for (GoldAlignment.FileGold f : gold.files) {
                wordIn[f.id] = new boolean[f.words.size()];
                for (int w = 0; w < f.words.size(); w++) {
                    if (fold == null || fold.covers(f.name, f.words.onset[w], f.words.offset[w])) {
                        wordIn[f.id][w] = true;
                        tokens++;
                        types.add(f.words.symbol[w]);
                    }
                }
                phoneIn[f.id] = new boolean[f.phones.size()];
                for (int p = 0; p < f.phones.size(); p++) {
                    if (fold == null || fold.covers(f.name, f.phones.onset[p], f.phones.offset[p])) {
                        phoneIn[f.id][p] = true;
                        if (f.phones.symbol[p] != silence && f.phones.symbol[p] != spoken) {
                            countedPhones++;
                        }
                    }
                }
            }
            this.wordTokens = tokens;
            this.wordTypes = types.size();
            this.phones = countedPhones;
        }
    }
}
