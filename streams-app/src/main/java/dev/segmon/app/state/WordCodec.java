package dev.segmon.app.state;

import dev.segmon.app.state.WordList.Word;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** The layout of a list of words in a part (varints since {@link Bytes#PARTS}), and the fixed layout of parts written before it. */
final class WordCodec {
    private WordCodec() {
    }

    static byte[][] utf8(List<Word> words) {
        byte[][] out = new byte[words.size()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = words.get(i).word().getBytes(StandardCharsets.UTF_8);
        }
        return out;
    }

    /**
     * How many bytes {@code s.getBytes(UTF_8)} would have, without making them: the held-state
     * check sizes every word of every message. As the JDK's encoder: a surrogate pair is 4
     * bytes, an unpaired surrogate 1 (it writes '?').
     */
    static int utf8Length(String s) {
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                n += 1;
            } else if (c < 0x800) {
                n += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                n += 4;
                i++;
            } else if (Character.isSurrogate(c)) {
                n += 1;
            } else {
                n += 3;
            }
        }
        return n;
    }

    /** Bytes of the layout, given the words and their UTF-8 forms. */
    static int size(List<Word> words, byte[][] utf8) {
        int size = Varints.size(utf8.length);
        long before = 0;
        for (int i = 0; i < utf8.length; i++) {
            Word w = words.get(i);
            size += Varints.size(Varints.zigzag(w.start() - before)) + Varints.size(Varints.zigzag(w.end() - w.start()))
                    + Varints.size(utf8[i].length) + utf8[i].length;
            before = w.end();
        }
        return size;
    }

    /**
     * The count, then per word its start as a difference from the word before's end (the first's
     * from 0), its length in time, its UTF-8 length and bytes: varints ({@link Varints}).
     */
    static void put(ByteBuffer out, List<Word> words, byte[][] utf8) {
        Varints.put(out, utf8.length);
        long before = 0;
        for (int i = 0; i < utf8.length; i++) {
            Word w = words.get(i);
            Varints.put(out, Varints.zigzag(w.start() - before));
            Varints.put(out, Varints.zigzag(w.end() - w.start()));
            Varints.put(out, utf8[i].length);
            out.put(utf8[i]);
            before = w.end();
        }
    }

    static List<Word> get(ByteBuffer in) {
        int n = Varints.getCount(in);
        List<Word> words = new ArrayList<>(n);
        long before = 0;
        for (int i = 0; i < n; i++) {
            long start = before + Varints.unzigzag(Varints.get(in));
            long end = start + Varints.unzigzag(Varints.get(in));
            byte[] utf8 = new byte[Varints.getCount(in)];
            in.get(utf8);
            words.add(new Word(start, end, new String(utf8, StandardCharsets.UTF_8)));
            before = end;
        }
        return words;
    }

    /** The words of a part written in the fixed layout ({@link Bytes#FIXED_PARTS}): a count, then per word start, end, UTF-8 length and bytes. */
    static List<Word> getFixed(ByteBuffer in) {
        int n = in.getInt();
        List<Word> words = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            long start = in.getLong();
            long end = in.getLong();
            byte[] utf8 = new byte[in.getInt()];
            in.get(utf8);
            words.add(new Word(start, end, new String(utf8, StandardCharsets.UTF_8)));
        }
        return words;
    }

    /** {@code a} then {@code b}. */
    static List<Word> concat(List<Word> a, List<Word> b) {
        List<Word> out = new ArrayList<>(a.size() + b.size());
        out.addAll(a);
        out.addAll(b);
        return out;
    }
}
