package dev.segmon.app.state;

import dev.segmon.app.state.WordList.Word;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** The layout of a list of words in a part: a count, then per word start, end, UTF-8 length and bytes. */
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

    /** Bytes of the layout, given the words' UTF-8 forms. */
    static int size(byte[][] utf8) {
        int size = 4;
        for (byte[] b : utf8) {
            size += 8 + 8 + 4 + b.length;
        }
        return size;
    }

    static void put(ByteBuffer out, List<Word> words, byte[][] utf8) {
        out.putInt(utf8.length);
        for (int i = 0; i < utf8.length; i++) {
            Word w = words.get(i);
            out.putLong(w.start()).putLong(w.end()).putInt(utf8[i].length).put(utf8[i]);
        }
    }

    static List<Word> get(ByteBuffer in) {
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
