package dev.segmon.app.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Varints as Protocol Buffers encode them (protobuf.dev, "Encoding"), and the differences of a part's times. */
class VarintsTest {

    @Test
    void zigzagMapsSignedValuesAsProtobufsSint64() {
        // The table of protobuf's encoding guide.
        assertEquals(0, Varints.zigzag(0));
        assertEquals(1, Varints.zigzag(-1));
        assertEquals(2, Varints.zigzag(1));
        assertEquals(3, Varints.zigzag(-2));
        assertEquals(0x7ffffffeL, Varints.zigzag(0x3fffffff));
        assertEquals(0x7fffffffL, Varints.zigzag(0xc0000000L - (1L << 32)));
        assertEquals(4294967294L, Varints.zigzag(2147483647));
        assertEquals(4294967295L, Varints.zigzag(-2147483648));
        for (long v : new long[] {0, 1, -1, Long.MAX_VALUE, Long.MIN_VALUE, 123_456_789_012L}) {
            assertEquals(v, Varints.unzigzag(Varints.zigzag(v)));
        }
    }

    @Test
    void aVarintIsSevenBitsAByteLowGroupFirst() {
        // The guide's examples: 1 is 01, 150 is 96 01; and 300 is AC 02 (300 = 0b10_0101100).
        assertArrayEquals(new byte[] {0x01}, written(1));
        assertArrayEquals(new byte[] {(byte) 0x96, 0x01}, written(150));
        assertArrayEquals(new byte[] {(byte) 0xAC, 0x02}, written(300));
        // Ten bytes for the largest: nine of 0xFF and a last 01 (64 = 9 * 7 + 1 bits).
        byte[] all = written(-1L);
        assertEquals(10, all.length);
        assertEquals(0x01, all[9]);
        // Sizes at each boundary of 7 bits.
        assertEquals(1, Varints.size(0));
        assertEquals(1, Varints.size(127));
        assertEquals(2, Varints.size(128));
        assertEquals(3, Varints.size(1 << 14));
        assertEquals(9, Varints.size(Long.MAX_VALUE));
        assertEquals(10, Varints.size(Long.MIN_VALUE));
    }

    @Test
    void differencesRoundTripWhateverTheValuesAndTheirOrder() {
        SplittableRandom random = new SplittableRandom(11);
        for (int n = 0; n < 2_000; n++) {
            long[] v = new long[random.nextInt(30)];
            for (int i = 0; i < v.length; i++) {
                int kind = random.nextInt(4);
                // Times a microsecond apart to hours apart, in or out of order, and the extremes (whose differences overflow).
                v[i] = kind == 0 ? random.nextLong() : kind == 1 ? (random.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE)
                        : (i == 0 ? 0 : v[i - 1]) + random.nextLong(-5_000_000, 5_000_000);
            }
            ByteBuffer out = ByteBuffer.allocate(Varints.deltasSize(v, v.length));
            Varints.putDeltas(out, v, v.length);
            assertEquals(0, out.remaining(), "the size is what is written");
            assertArrayEquals(v, Varints.getDeltas(ByteBuffer.wrap(out.array())));
        }
    }

    @Test
    void aCorruptValueFailsInsteadOfAllocating() {
        byte[] eleven = new byte[11];
        java.util.Arrays.fill(eleven, (byte) 0x80);
        assertThrows(IllegalStateException.class, () -> Varints.get(ByteBuffer.wrap(eleven)));
        // A count of 1 000 000 (C0 84 3D) with nothing after it.
        assertThrows(IllegalStateException.class, () -> Varints.getDeltas(ByteBuffer.wrap(new byte[] {(byte) 0xC0, (byte) 0x84, 0x3D})));
    }

    private static byte[] written(long u) {
        ByteBuffer out = ByteBuffer.allocate(Varints.size(u));
        Varints.put(out, u);
        return out.array();
    }
}
