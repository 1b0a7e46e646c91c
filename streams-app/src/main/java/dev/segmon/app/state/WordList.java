package dev.segmon.app.state;

import dev.segmon.model.edit.Vocabulary;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A transcript held in state until its utterance is decided (docs/contract.md 3.1): the words of a
 * hypothesis, or the labels of a reference that are words, each with its start and end
 * (microseconds), in transcript order (start, then end, then the word). {@link #present} says
 * whether the side carried words at all: a hypothesis that came as bare times, or a reference
 * without labels, has no transcript and gets no word score (not an empty one).
 */
public final class WordList {
    /** No transcript: the side carried no words. */
    public static final WordList NONE = new WordList(false, new long[0], new long[0], new String[0]);
    /** A transcript with no word yet. */
    public static final WordList EMPTY = new WordList(true, new long[0], new long[0], new String[0]);

    private final boolean present;
    private final long[] starts;
    private final long[] ends;
    private final String[] words;

    /** {@link #heldUnits()}, or -1 until asked. */
    private long heldUnits;

    private WordList(boolean present, long[] starts, long[] ends, String[] words) {
        this(present, starts, ends, words, -1);
    }

    private WordList(boolean present, long[] starts, long[] ends, String[] words, long heldUnits) {
        this.present = present;
        this.starts = starts;
        this.ends = ends;
        this.words = words;
        this.heldUnits = heldUnits;
    }

    /** One word to add: start and end in microseconds. */
    public record Word(long start, long end, String word) implements Comparable<Word> {
        @Override
        public int compareTo(Word o) {
            int c = Long.compare(start, o.start);
            if (c == 0) {
                c = Long.compare(end, o.end);
            }
            return c != 0 ? c : word.compareTo(o.word);
        }

        /** What the word costs in held state, in 8-byte units as {@code MAX_HELD_TIMES} counts times. */
        public long heldUnits() {
            return 2 + (4 + (long) word.getBytes(StandardCharsets.UTF_8).length + 7) / 8;
        }
    }

    public boolean present() {
        return present;
    }

    public int size() {
        return words.length;
    }

    /** Whether this exact word (start, end, word) is held already. */
    public boolean contains(Word w) {
        for (int i = lowerBound(w.start); i < starts.length && starts[i] == w.start; i++) {
            if (ends[i] == w.end && words[i].equals(w.word)) {
                return true;
            }
        }
        return false;
    }

    private int lowerBound(long start) {
        int lo = 0;
        int hi = starts.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (starts[mid] < start) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * This transcript with {@code more} words merged in order; present from now on. Words that come
     * after every word held (the usual case: a decoder sends its words in order) are appended
     * without sorting what is held, so a message costs its own words and one array copy.
     */
    public WordList plus(List<Word> more) {
        if (more.isEmpty()) {
            return present ? this : EMPTY;
        }
        List<Word> added = new ArrayList<>(more);
        added.sort(null);
        int n = words.length;
        if (n == 0 || added.get(0).compareTo(new Word(starts[n - 1], ends[n - 1], words[n - 1])) >= 0) {
            long[] s = Arrays.copyOf(starts, n + added.size());
            long[] e = Arrays.copyOf(ends, n + added.size());
            String[] w = Arrays.copyOf(words, n + added.size());
            long units = heldUnits();
            for (int i = 0; i < added.size(); i++) {
                Word x = added.get(i);
                s[n + i] = x.start;
                e[n + i] = x.end;
                w[n + i] = x.word;
                units += x.heldUnits();
            }
            return new WordList(true, s, e, w, units);
        }
        List<Word> all = new ArrayList<>(words.length + more.size());
        for (int i = 0; i < words.length; i++) {
            all.add(new Word(starts[i], ends[i], words[i]));
        }
        all.addAll(more);
        all.sort(null);
        long[] s = new long[all.size()];
        long[] e = new long[all.size()];
        String[] w = new String[all.size()];
        for (int i = 0; i < s.length; i++) {
            s[i] = all.get(i).start;
            e[i] = all.get(i).end;
            w[i] = all.get(i).word;
        }
        return new WordList(true, s, e, w);
    }

    /** The words in transcript order, interned in {@code vocabulary} (one vocabulary for both sides). */
    public int[] tokens(Vocabulary vocabulary) {
        int[] out = new int[words.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = vocabulary.intern(words[i]);
        }
        return out;
    }

    /** The words in transcript order. */
    public List<String> words() {
        return List.of(words);
    }

    /** What the transcript costs in held state, in the units of {@link Word#heldUnits()} (computed once). */
    public long heldUnits() {
        if (heldUnits < 0) {
            long n = 0;
            for (int i = 0; i < words.length; i++) {
                n += new Word(starts[i], ends[i], words[i]).heldUnits();
            }
            heldUnits = n;
        }
        return heldUnits;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof WordList l && present == l.present && Arrays.equals(starts, l.starts)
                && Arrays.equals(ends, l.ends) && Arrays.equals(words, l.words);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(starts) * 31 + Arrays.hashCode(words) + (present ? 1 : 0);
    }

    @Override
    public String toString() {
        return present ? String.join(" ", words) : "(none)";
    }
}
