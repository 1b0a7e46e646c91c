package dev.segmon.app.state;

import dev.segmon.app.state.WordList.Word;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.kafka.common.serialization.Serde;

/**
 * What one hypothesis record added to its (utterance, tier, model): the boundary times the
 * matcher accepted (microseconds) and the words admitted, stored under the record's sequence
 * number beside the {@link HypothesisHead} and read back once, when a state is not in memory.
 */
public record HypothesisPart(long[] times, List<Word> words) {
    public static final Serde<HypothesisPart> SERDE = StateSerde.of(HypothesisPart::encode, HypothesisPart::decode);
    public static final HypothesisPart EMPTY = new HypothesisPart(new long[0], List.of());

    public HypothesisPart {
        words = List.copyOf(words);
    }

    public boolean isEmpty() {
        return times.length == 0 && words.isEmpty();
    }

    /** Times and words held: what {@link HypothesisHead#SEAL} counts. */
    public int units() {
        return times.length + words.size();
    }

    /** This part with {@code more} appended. */
    public HypothesisPart plus(HypothesisPart more) {
        if (more.isEmpty()) {
            return this;
        }
        long[] t = Arrays.copyOf(times, times.length + more.times.length);
        System.arraycopy(more.times, 0, t, times.length, more.times.length);
        List<Word> w = new ArrayList<>(words.size() + more.words.size());
        w.addAll(words);
        w.addAll(more.words);
        return new HypothesisPart(t, w);
    }

    /** Layout: times (count, longs), words (count, then per word start, end, UTF-8 length and bytes). */
    public byte[] encode() {
        byte[][] utf8 = WordCodec.utf8(words);
        ByteBuffer out = ByteBuffer.allocate(encodedSize(utf8));
        writeTo(out, utf8);
        return out.array();
    }

    /** Bytes of {@link #encode()}, given the words' UTF-8 forms. */
    int encodedSize(byte[][] utf8) {
        return 1 + Bytes.longsSize(times) + WordCodec.size(utf8);
    }

    /** Writes {@link #encode()}'s bytes (version byte first) where a head carries its tail. */
    void writeTo(ByteBuffer out, byte[][] utf8) {
        out.put(Bytes.VERSION);
        Bytes.putLongs(out, times);
        WordCodec.put(out, words, utf8);
    }

    public static HypothesisPart decode(byte[] bytes) {
        ByteBuffer in = Bytes.wrap(bytes);
        return new HypothesisPart(Bytes.getLongs(in), WordCodec.get(in));
    }

    /** Every time of the parts, sorted (they are distinct: each was accepted once). */
    static long[] sortedTimes(List<HypothesisPart> parts) {
        int n = 0;
        for (HypothesisPart p : parts) {
            n += p.times.length;
        }
        long[] all = new long[n];
        int at = 0;
        for (HypothesisPart p : parts) {
            System.arraycopy(p.times, 0, all, at, p.times.length);
            at += p.times.length;
        }
        Arrays.sort(all);
        return all;
    }

    static List<Word> words(List<HypothesisPart> parts) {
        List<Word> all = new ArrayList<>();
        for (HypothesisPart p : parts) {
            all.addAll(p.words);
        }
        return all;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof HypothesisPart p && Arrays.equals(times, p.times) && words.equals(p.words);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(times) * 31 + words.hashCode();
    }
}
