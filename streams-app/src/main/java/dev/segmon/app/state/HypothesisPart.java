package dev.segmon.app.state;

import dev.segmon.app.state.WordList.Word;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.apache.kafka.common.serialization.Serde;

/**
 * What one hypothesis record added to its (utterance, tier, model): the boundary times the
 * matcher accepted (microseconds) and the words admitted, stored under the record's sequence
 * number beside the {@link HypothesisHead} and read back once, when a state is not in memory.
 *
 * <p>Immutable as seen from outside, but {@link #plus} appends in amortised constant time: the
 * tail of a head grows by one record at a time, and copying it whole on every record costs in
 * proportion to its length (docs/decisions/0016-tail-appended-in-place-and-hand-written-key-equality.md).
 * A part's arrays may have room past its own
 * content; the part built last on them appends there (the others see only their own length), and
 * any other part that appends copies first. Parts live on one stream thread.
 */
public final class HypothesisPart implements Part<HypothesisPart> {
    public static final Serde<HypothesisPart> SERDE = StateSerde.of(HypothesisPart::encode, HypothesisPart::decode);
    public static final HypothesisPart EMPTY = new HypothesisPart(new long[0], 0, new Word[0], 0, null);
    private static final int FIRST_CAPACITY = 8;

    private final long[] times;
    private final int timeCount;
    private final Word[] words;
    private final int wordCount;
    /**
     * The lengths used of the two arrays, shared by the parts built on them: the part whose own
     * lengths are these may append in place (null: none may, e.g. arrays handed in from outside).
     */
    private final int[] used;

    public HypothesisPart(long[] times, List<Word> words) {
        this(times.clone(), times.length, words.toArray(new Word[0]), words.size(), null);
    }

    private HypothesisPart(long[] times, int timeCount, Word[] words, int wordCount, int[] used) {
        this.times = times;
        this.timeCount = timeCount;
        this.words = words;
        this.wordCount = wordCount;
        this.used = used;
    }

    /** The accepted times (a copy). */
    public long[] times() {
        return Arrays.copyOf(times, timeCount);
    }

    /** The admitted words, in order (an unmodifiable view). */
    @Override
    public List<Word> words() {
        return Collections.unmodifiableList(Arrays.asList(words).subList(0, wordCount));
    }

    public boolean isEmpty() {
        return timeCount == 0 && wordCount == 0;
    }

    /** Times and words held: what {@link HypothesisHead#SEAL} counts. */
    public int units() {
        return timeCount + wordCount;
    }

    @Override
    public int sealUnits() {
        return units();
    }

    /** Appends in place when it can (see the class comment). */
    @Override
    public HypothesisPart plus(HypothesisPart more) {
        if (more.isEmpty()) {
            return this;
        }
        int nt = timeCount + more.timeCount;
        int nw = wordCount + more.wordCount;
        long[] t = times;
        Word[] w = words;
        int[] u = used;
        boolean last = u != null && u[0] == timeCount && u[1] == wordCount;
        if (!last || nt > t.length || nw > w.length) {
            t = Arrays.copyOf(times, capacity(timeCount, nt));
            w = Arrays.copyOf(words, capacity(wordCount, nw));
            u = new int[2];
        }
        System.arraycopy(more.times, 0, t, timeCount, more.timeCount);
        System.arraycopy(more.words, 0, w, wordCount, more.wordCount);
        u[0] = nt;
        u[1] = nw;
        return new HypothesisPart(t, nt, w, nw, u);
    }

    private static int capacity(int held, int needed) {
        return Math.max(needed, Math.max(FIRST_CAPACITY, 2 * held));
    }

    /**
     * Layout ({@link Bytes#PARTS}): times (a count and differences, {@link Varints}), words (a
     * count, then per word its start after the word before's end, its length in time, its UTF-8
     * length and bytes).
     */
    public byte[] encode() {
        byte[][] utf8 = WordCodec.utf8(words());
        ByteBuffer out = ByteBuffer.allocate(encodedSize(utf8));
        writeTo(out, utf8);
        return out.array();
    }

    @Override
    public int encodedSize(byte[][] utf8) {
        return 1 + Varints.deltasSize(times, timeCount) + WordCodec.size(words(), utf8);
    }

    @Override
    public void writeTo(ByteBuffer out, byte[][] utf8) {
        out.put(Bytes.PARTS);
        Varints.putDeltas(out, times, timeCount);
        WordCodec.put(out, words(), utf8);
    }

    /** Either layout: {@link Bytes#PARTS}, or the longs and ints of {@link Bytes#FIXED_PARTS}. */
    public static HypothesisPart decode(byte[] bytes) {
        ByteBuffer in = ByteBuffer.wrap(bytes);
        boolean fixed = Bytes.partVersion(in) == Bytes.FIXED_PARTS;
        long[] times = fixed ? Bytes.getLongs(in) : Varints.getDeltas(in);
        List<Word> words = fixed ? WordCodec.getFixed(in) : WordCodec.get(in);
        return new HypothesisPart(times, times.length, words.toArray(new Word[0]), words.size(), null);
    }

    /** Every time of the parts, sorted (they are distinct: each was accepted once). */
    static long[] sortedTimes(List<HypothesisPart> parts) {
        int n = 0;
        for (HypothesisPart p : parts) {
            n += p.timeCount;
        }
        long[] all = new long[n];
        int at = 0;
        for (HypothesisPart p : parts) {
            System.arraycopy(p.times, 0, all, at, p.timeCount);
            at += p.timeCount;
        }
        Arrays.sort(all);
        return all;
    }

    static List<Word> words(List<HypothesisPart> parts) {
        List<Word> all = new ArrayList<>();
        for (HypothesisPart p : parts) {
            all.addAll(p.words());
        }
        return all;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof HypothesisPart p && Arrays.equals(times, 0, timeCount, p.times, 0, p.timeCount)
                && Arrays.equals(words, 0, wordCount, p.words, 0, p.wordCount);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(times()) * 31 + words().hashCode();
    }

    @Override
    public String toString() {
        return "HypothesisPart[times=" + Arrays.toString(times()) + ", words=" + words() + "]";
    }
}
