package dev.segmon.model.boundary;

import dev.segmon.model.Micros;
import dev.segmon.model.alignment.Segment;
import dev.segmon.model.alignment.Utterance;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * The words on either side of a boundary, for label-aware hits ({@link HitRule#LABEL},
 * docs/contract.md 2.1). At a boundary t, the word before is the last word (in transcript order:
 * start, end, word) that starts before t, if it ends exactly at t; the word after is the first word
 * that starts exactly at t. A pause, an utterance edge, an empty label or an ignored label leaves
 * that side without a word. Both sides of the scoring (offline and live) look words up here.
 */
public final class BoundaryWords {
    /** Words sorted by start, then end, then word. */
    public interface Words {
        int size();

        long start(int i);

        long end(int i);

        String word(int i);
    }

    /** No words: a side that came as bare times. */
    public static final Words NONE = new Words() {
        @Override public int size() { return 0; }
        @Override public long start(int i) { throw new IndexOutOfBoundsException(i); }
        @Override public long end(int i) { throw new IndexOutOfBoundsException(i); }
        @Override public String word(int i) { throw new IndexOutOfBoundsException(i); }
    };

    private final Words words;
    private final Set<String> ignored;

    public BoundaryWords(Words words, Set<String> ignored) {
        this.words = words;
        this.ignored = ignored;
    }

    /** The words of an utterance file's side: its labelled segments; none for bare times. */
    public static BoundaryWords of(Utterance utterance, Set<String> ignored) {
        if (!(utterance instanceof Utterance.Segmented s)) {
            return new BoundaryWords(NONE, ignored);
        }
        List<Segment> sorted = new ArrayList<>(s.segments());
        sorted.sort(Comparator.comparingLong((Segment x) -> Micros.of(x.start())).thenComparingLong(x -> Micros.of(x.end()))
                .thenComparing(Segment::label));
        long[] starts = new long[sorted.size()];
        long[] ends = new long[sorted.size()];
        String[] labels = new String[sorted.size()];
        for (int i = 0; i < starts.length; i++) {
            starts[i] = Micros.of(sorted.get(i).start());
            ends[i] = Micros.of(sorted.get(i).end());
            labels[i] = sorted.get(i).label();
        }
        return new BoundaryWords(new Words() {
            @Override public int size() { return starts.length; }
            @Override public long start(int i) { return starts[i]; }
            @Override public long end(int i) { return ends[i]; }
            @Override public String word(int i) { return labels[i]; }
        }, ignored);
    }

    /** The word that ends at {@code t}, or null. */
    public String before(long t) {
        int i = firstStartingAtOrAfter(t) - 1;
        return i >= 0 && words.end(i) == t ? wordAt(i) : null;
    }

    /** The word that starts at {@code t}, or null. */
    public String after(long t) {
        int i = firstStartingAtOrAfter(t);
        return i < words.size() && words.start(i) == t ? wordAt(i) : null;
    }

    private String wordAt(int i) {
        String w = words.word(i);
        return w.isEmpty() || ignored.contains(w) ? null : w;
    }

    private int firstStartingAtOrAfter(long t) {
        int lo = 0;
        int hi = words.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (words.start(mid) < t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * Whether hypothesis boundary {@code h} and reference boundary {@code r} carry the same words:
     * on each side (before, after) where both have a word, the words are equal (exactly, case
     * included), and at least one side has a word on both.
     */
    public static boolean agree(BoundaryWords hyp, long h, BoundaryWords ref, long r) {
        int compared = side(hyp.before(h), ref.before(r));
        if (compared < 0) {
            return false;
        }
        int after = side(hyp.after(h), ref.after(r));
        return after >= 0 && compared + after > 0;
    }

    /** 1 when both words are there and equal, -1 when both are there and differ, 0 when one is missing. */
    private static int side(String hyp, String ref) {
        if (hyp == null || ref == null) {
            return 0;
        }
        return hyp.equals(ref) ? 1 : -1;
    }

    /** The rule that counts a pair only where its words agree. */
    public static PairRule rule(BoundaryWords hyp, BoundaryWords ref) {
        return (h, r) -> agree(hyp, h, ref, r);
    }
}
