package dev.segmon.model.tde;

import dev.segmon.model.edit.Levenshtein;
import dev.segmon.model.Micros;
import dev.segmon.model.io.FileInterval;
import dev.segmon.model.io.InputException;
import dev.segmon.model.io.IntervalBlock;
import java.math.BigDecimal;
import java.math.RoundingMode;
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
 * The snapping of each fragment is done once, when the evaluation is built; {@link #result()}
 * and {@link #result(Fold)} then count in time linear in the fragments (plus the NED of each
 * distinct pair of phone strings within a class, computed once).
 */
public final class TdeEvaluation {
    /** tdev2's 60 ms / 30 ms thresholds after its rounding to 3 decimals: x rounds to >= 0.060 iff x >= 59.5 ms. */
    private static final long LONG_PHONE = 59_500;
    private static final long ENOUGH_OVERLAP = 29_500;

    private final GoldAlignment gold;
    private final boolean floatingHalves;
    private final boolean fileBlindTokens;
    private final int silence;
    private final int spoken; // SPN, not counted by coverage
    private int[][] withoutSilence = new int[64][];

    // discovered fragments that keep at least one phone, each distinct (file, onset, offset) once
    private final List<GoldAlignment.FileGold> fragFile = new ArrayList<>();
    private long[] fragOn = new long[16];
    private long[] fragOff = new long[16];
    private final List<int[]> fragPhones = new ArrayList<>(); // kept phone indices in the file's phone tier
    private int[] fragString = new int[16];                   // phone-string id
    private int[] fragToken = new int[16];                    // grouping token id
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
        this.fileBlindTokens = fileBlindTokens;
        this.silence = gold.phones.find(GoldAlignment.SILENCE);
        this.spoken = gold.phones.find("SPN");
        Map<FileInterval, Integer> ids = new HashMap<>();
        Map<String, Integer> tokens = new HashMap<>();
        for (IntervalBlock block : classes) {
            int[] members = new int[block.intervals().size()];
            int n = 0;
            for (FileInterval raw : block.intervals()) {
                FileInterval key = new FileInterval(raw.file(), raw.onset(), raw.offset(), 0);
                Integer id = ids.get(key);
                if (id == null) {
                    id = snap(source, raw, tokens);
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

    /** Snaps a fragment to the phones it keeps; returns its id, or -1 when it keeps none. */
    private int snap(String source, FileInterval raw, Map<String, Integer> tokens) {
        GoldAlignment.FileGold file = gold.file(raw.file());
        if (file == null) {
            throw new InputException(source, raw.line(), "file '" + raw.file() + "' is not in the phone alignment");
        }
        Tier phones = file.phones;
        int[] covered = phones.overlapping(raw.onset(), raw.offset());
        if (covered.length == 0) {
            return -1;
        }
        // tdev2 disc_reader.get_transcription: all covered phones, the first and the last only if
        // utils.check_boundary accepts them (a single covered phone is judged as the first)
        int from = keeps(phones, covered[0], raw) ? 0 : 1;
        int to = covered.length == 1 || keeps(phones, covered[covered.length - 1], raw) ? covered.length : covered.length - 1;
        if (to <= from) {
            return -1;
        }
        int[] kept = Arrays.copyOfRange(covered, from, to);
        int[] symbols = new int[kept.length];
        StringBuilder token = new StringBuilder();
        if (!fileBlindTokens) {
            token.append(file.id).append('|');
        }
        for (int k = 0; k < kept.length; k++) {
            symbols[k] = phones.symbol[kept[k]];
            token.append(phones.onset[kept[k]]).append(',').append(phones.offset[kept[k]]).append(',')
                    .append(symbols[k]).append(';');
        }
        int id = fragFile.size();
        grow(id + 1);
        fragFile.add(file);
        fragOn[id] = raw.onset();
        fragOff[id] = raw.offset();
        fragPhones.add(kept);
        fragString[id] = gold.phones.string(symbols);
        fragToken[id] = tokens.computeIfAbsent(token.toString(), k -> tokens.size());
        return id;
    }

    private void grow(int size) {
        if (size > fragOn.length) {
            int n = Math.max(size, 2 * fragOn.length);
            fragOn = Arrays.copyOf(fragOn, n);
            fragOff = Arrays.copyOf(fragOff, n);
            fragString = Arrays.copyOf(fragString, n);
            fragToken = Arrays.copyOf(fragToken, n);
        }
    }

    /**
     * tdev2 utils.check_boundary: a boundary phone is kept when (its duration rounded to 3
     * decimals >= 0.060 s and the overlap rounded to 3 decimals >= 0.030 s) or (duration < 0.060 s
     * and overlap >= half the phone). Both roundings are exact here (>= 59.5 ms, >= 29.5 ms)
     * and the half is compared as 2 * overlap >= duration in integer microseconds.
     */
    private boolean keeps(Tier phones, int p, FileInterval raw) {
        long pOn = phones.onset[p];
        long pOff = phones.offset[p];
        long overlap = Math.min(raw.offset(), pOff) - Math.max(raw.onset(), pOn);
        if (floatingHalves) {
            return keepsAsTdev2(pOn, pOff, raw.onset(), raw.offset());
        }
        long duration = pOff - pOn;
        return duration >= LONG_PHONE ? overlap >= ENOUGH_OVERLAP : 2 * overlap >= duration;
    }

    /** tdev2's check_boundary in doubles, Python's round() included (half-even on the binary value). */
    private static boolean keepsAsTdev2(long pOnMicros, long pOffMicros, long dOnMicros, long dOffMicros) {
        double pOn = Micros.seconds(pOnMicros);
        double pOff = Micros.seconds(pOffMicros);
        double dOn = Micros.seconds(dOnMicros);
        double dOff = Micros.seconds(dOffMicros);
        double goldDur = pythonRound3(pOff - pOn);
        double ov = (Math.min(dOff, pOff) - Math.max(dOn, pOn)) / (pOff - pOn);
        double ovTime = pythonRound3(Math.min(dOff, pOff) - Math.max(dOn, pOn));
        return (goldDur >= 0.060 && ovTime >= 0.030) || (goldDur < 0.060 && ov >= 0.5);
    }

    private static double pythonRound3(double x) {
        return new BigDecimal(x).setScale(3, RoundingMode.HALF_EVEN).doubleValue();
    }

    /** Each distinct kept fragment as {@code file onset offset phone...} (seconds), for tests. */
    List<String> snappedFragments() {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < fragFile.size(); i++) {
            StringBuilder b = new StringBuilder(fragFile.get(i).name).append(' ')
                    .append(String.format(java.util.Locale.ROOT, "%.4f %.4f", Micros.seconds(fragOn[i]), Micros.seconds(fragOff[i])));
            for (int s : gold.phones.string(fragString[i])) {
                b.append(' ').append(gold.phones.name(s));
            }
            out.add(b.toString());
        }
        return out;
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
        int n = fragFile.size();
        boolean[] in = new boolean[n];
        for (int i = 0; i < n; i++) {
            in[i] = fold == null || fold.covers(fragFile.get(i).name, fragOn[i], fragOff[i]);
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
            nedSum += nedSum(members);
            pairs += (long) members.length * (members.length - 1) / 2;
        }
        return new TdeResult(tokenType[0], tokenType[1], boundaries(listed, goldScope), grouping(scoped),
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
        long fragments = 0;
        for (int i = 0; i < listed.length; i++) {
            if (!listed[i]) {
                continue;
            }
            fragments++;
            typesSeen.add(fragString[i]);
            GoldAlignment.FileGold f = fragFile.get(i);
            int[] overlapping = f.words.overlapping(fragOn[i], fragOff[i]);
            if (overlapping.length == 0) {
                continue;
            }
            int best = overlapping[0];
            for (int k = 1; k < overlapping.length; k++) {
                if (largerRelativeOverlap(f.words, overlapping[k], best, fragOn[i], fragOff[i])) {
                    best = overlapping[k];
                }
            }
            if (scope.wordIn[f.id][best] && f.wordString[best] == fragString[i]) {
                wordsHit.add(((long) f.id << 32) | best);
                typesHit.add(fragString[i]);
            }
        }
        return new Retrieval[] {
            new Retrieval(wordsHit.size(), fragments, scope.wordTokens),
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
                GoldAlignment.FileGold f = fragFile.get(i);
                int[] kept = fragPhones.get(i);
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
                GoldAlignment.FileGold f = fragFile.get(i);
                for (int p : fragPhones.get(i)) {
                    int s = f.phones.symbol[p];
                    if (s != silence && s != spoken && scope.phoneIn[f.id][p]) {
                        covered.add(((long) f.id << 32) | p);
                    }
                }
            }
        }
        return covered.size();
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
    private Retrieval grouping(List<int[]> scoped) {
        Set<Integer> found = new HashSet<>();
        Set<Integer> both = new HashSet<>();
        Map<Integer, Set<Integer>> everyString = new HashMap<>();
        for (int[] members : scoped) {
            Map<Integer, Set<Integer>> byString = new HashMap<>();
            for (int i : members) {
                byString.computeIfAbsent(fragString[i], k -> new HashSet<>()).add(i);
                everyString.computeIfAbsent(fragString[i], k -> new HashSet<>()).add(i);
            }
            if (members.length >= 2) {
                for (int i : members) {
                    found.add(fragToken[i]);
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
                file = fragFile.get(i);
            } else if (fragFile.get(i) != file) {
                oneFile = false;
            }
            latestOnset = Math.max(latestOnset, fragOn[i]);
            earliestOffset = Math.min(earliestOffset, fragOff[i]);
        }
        for (int i : same) {
            if (!oneFile || latestOnset >= fragOff[i] || earliestOffset <= fragOn[i]) {
                tokens.add(fragToken[i]);
            }
        }
    }

    /**
     * The sum of the NED of all pairs of a class (tdev2 ned.py): SIL removed, Levenshtein
     * distance / length of the longer string, 1 when both are empty. Members are grouped by
     * phone string, so each distinct pair of strings is computed once and weighed by the product
     * of multiplicities (m(m-1)/2 pairs of one string with itself, NED 0 unless empty).
     */
    private double nedSum(int[] members) {
        int[] sorted = new int[members.length];
        for (int k = 0; k < members.length; k++) {
            sorted[k] = fragString[members[k]];
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
