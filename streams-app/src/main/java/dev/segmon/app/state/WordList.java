package dev.segmon.app.state;

import dev.segmon.model.edit.Vocabulary;
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
public final class WordList implements dev.segmon.model.boundary.BoundaryWords.Words {
    /** No transcript: the side carried no words. */
    public static final WordList NONE = new WordList(false, new Buffer(0), 0, 0);
    /** A transcript with no word yet. */
    public static final WordList EMPTY = new WordList(true, new Buffer(0), 0, 0);

    /**
     * The words of one or more lists: a list is the first {@code size} entries. A list whose size
     * is what the buffer holds may append in place (the buffer grows by doubling), so a message
     * that adds words after every held one costs its own words, not a copy of the transcript
     * (which made an utterance of W words cost O(W²)); the lists made before see their own
     * prefix, which never changes. Single-threaded, as the stream thread that holds the states.
     */
    private static final class Buffer {
        long[] starts;
        long[] ends;
        String[] words;
        int filled;

        Buffer(int capacity) {
            starts = new long[capacity];
            ends = new long[capacity];
            words = new String[capacity];
        }

        void ensure(int capacity) {
            if (capacity > starts.length) {
                int c = Math.max(capacity, 2 * starts.length);
                starts = Arrays.copyOf(starts, c);
                ends = Arrays.copyOf(ends, c);
                words = Arrays.copyOf(words, c);
            }
        }
    }

    private final boolean present;
    private final Buffer buffer;
    private final int size;
    /** {@link #heldUnits()}. */
    private final long heldUnits;

    private WordList(boolean present, Buffer buffer, int size, long heldUnits) {
        this.present = present;
        this.buffer = buffer;
        this.size = size;
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
            return 2 + (4 + (long) WordCodec.utf8Length(word) + 7) / 8;
        }
    }

    public boolean present() {
        return present;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public long start(int i) {
        return buffer.starts[i];
    }

    @Override
    public long end(int i) {
        return buffer.ends[i];
    }

    @Override
    public String word(int i) {
        return buffer.words[i];
    }

    /** Whether this exact word (start, end, word) is held already. */
    public boolean contains(Word w) {
        for (int i = lowerBound(w.start); i < size && buffer.starts[i] == w.start; i++) {
            if (buffer.ends[i] == w.end && buffer.words[i].equals(w.word)) {
                return true;
            }
        }
        return false;
    }

    private int lowerBound(long start) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (buffer.starts[mid] < start) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private Word at(int i) {
        return new Word(buffer.starts[i], buffer.ends[i], buffer.words[i]);
    }

    /**
     * This transcript with {@code more} words merged in order; present from now on. Words that come
     * after every word held (the usual case: a decoder sends its words in order) are appended
     * (in place when this is the longest list of its buffer, see {@link Buffer}); others are merged
     * into a new buffer.
     */
    public WordList plus(List<Word> more) {
        if (more.isEmpty()) {
            return present ? this : EMPTY;
        }
        List<Word> added = more.size() == 1 ? more : sorted(more);
        long units = heldUnits;
        for (Word x : added) {
            units += x.heldUnits();
        }
        if (size == 0 || added.get(0).compareTo(at(size - 1)) >= 0) {
            Buffer b = buffer;
            if (size != b.filled || b == NONE.buffer || b == EMPTY.buffer) {
                // Another list appended to this buffer already (or it is a shared constant): copy.
                b = new Buffer(Math.max(8, 2 * (size + added.size())));
                System.arraycopy(buffer.starts, 0, b.starts, 0, size);
                System.arraycopy(buffer.ends, 0, b.ends, 0, size);
                System.arraycopy(buffer.words, 0, b.words, 0, size);
                b.filled = size;
            }
            b.ensure(size + added.size());
            for (int i = 0; i < added.size(); i++) {
                Word x = added.get(i);
                b.starts[size + i] = x.start;
                b.ends[size + i] = x.end;
                b.words[size + i] = x.word;
            }
            b.filled = size + added.size();
            return new WordList(true, b, b.filled, units);
        }
        List<Word> all = new ArrayList<>(size + more.size());
        for (int i = 0; i < size; i++) {
            all.add(at(i));
        }
        all.addAll(more);
        all.sort(null);
        Buffer b = new Buffer(all.size());
        for (int i = 0; i < all.size(); i++) {
            b.starts[i] = all.get(i).start;
            b.ends[i] = all.get(i).end;
            b.words[i] = all.get(i).word;
        }
        b.filled = all.size();
        return new WordList(true, b, b.filled, units);
    }

    private static List<Word> sorted(List<Word> words) {
        List<Word> out = new ArrayList<>(words);
        out.sort(null);
        return out;
    }

    /** The words in transcript order, interned in {@code vocabulary} (one vocabulary for both sides). */
    public int[] tokens(Vocabulary vocabulary) {
        int[] out = new int[size];
        for (int i = 0; i < out.length; i++) {
            out[i] = vocabulary.intern(buffer.words[i]);
        }
        return out;
    }

    /** The words' starts (microseconds) in transcript order. */
    public long[] starts() {
        return Arrays.copyOf(buffer.starts, size);
    }

    /** The words' ends in transcript order. */
    public long[] ends() {
        return Arrays.copyOf(buffer.ends, size);
    }

    /** The words in transcript order. */
    public List<String> words() {
        return List.of(Arrays.copyOf(buffer.words, size));
    }

    /** What the transcript costs in held state, in the units of {@link Word#heldUnits()}. */
    public long heldUnits() {
        return heldUnits;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof WordList l && present == l.present && size == l.size
                && Arrays.equals(buffer.starts, 0, size, l.buffer.starts, 0, size)
                && Arrays.equals(buffer.ends, 0, size, l.buffer.ends, 0, size)
                && Arrays.equals(buffer.words, 0, size, l.buffer.words, 0, size);
    }

    @Override
    public int hashCode() {
        int h = present ? 1 : 0;
        for (int i = 0; i < size; i++) {
            h = 31 * (31 * h + Long.hashCode(buffer.starts[i])) + buffer.words[i].hashCode();
        }
        return h;
    }

    @Override
    public String toString() {
        return present ? String.join(" ", words()) : "(none)";
    }
}
