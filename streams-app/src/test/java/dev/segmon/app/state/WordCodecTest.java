package dev.segmon.app.state;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The UTF-8 length the held-state check counts is the length of the JDK encoder's bytes. */
class WordCodecTest {

    @Test
    void utf8LengthIsTheLengthOfTheEncodersBytes() {
        // By hand: ASCII 1 byte, Latin-1 and Greek 2, CJK 3, an emoji (a surrogate pair) 4, an
        // unpaired surrogate 1 (the encoder writes '?').
        assertEquals(3, WordCodec.utf8Length("abc"));
        assertEquals(4, WordCodec.utf8Length("née"));
        assertEquals(6, WordCodec.utf8Length("普通话".substring(0, 2)));
        assertEquals(4, WordCodec.utf8Length("\uD83D\uDE00"));
        assertEquals(2, WordCodec.utf8Length("\uD83Dx"));
        assertEquals(1, WordCodec.utf8Length("\uDE00"));
        for (String s : List.of("", "a", "λόγος", "普通话", "\uD83D\uDE00x", "x\uD83D", "\uDE00\uD83D")) {
            assertEquals(s.getBytes(StandardCharsets.UTF_8).length, WordCodec.utf8Length(s), s);
        }
        // Random strings over every char, surrogates included, against the JDK's encoder.
        SplittableRandom random = new SplittableRandom(7);
        for (int n = 0; n < 20_000; n++) {
            char[] c = new char[random.nextInt(12)];
            for (int i = 0; i < c.length; i++) {
                int kind = random.nextInt(4);
                c[i] = (char) (kind == 0 ? random.nextInt(0x80) : kind == 1 ? 0xD800 + random.nextInt(0x800) : random.nextInt(0x10000));
            }
            String s = new String(c);
            assertEquals(s.getBytes(StandardCharsets.UTF_8).length, WordCodec.utf8Length(s), s);
        }
    }
}
