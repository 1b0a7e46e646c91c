package dev.segmon.app.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.segmon.model.timing.MatchedOffsets;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** Word timing's layout pinned, and its place in the series and minute aggregates (component 6 and 4). */
class WordTimingBytesTest {
    /** Two matched words of 3 reference and 2 hypothesis words: starts +15 and -30 ms, ends +60 and 0 ms. */
    private static final WordTiming ONE = WordTiming.of(new MatchedOffsets(new long[] {15_000, -30_000}, new long[] {60_000, 0}), 3, 2);

    @Test
    void wordTimingIsItsCountsHistogramsAndMomentProductsInAPinnedLayout() throws IOException {
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(expected);
        out.writeByte(1);
        // ref, hyp, matched, start sum -15 000, end sum +60 000, |start| 45 000, |end| 60 000
        for (long v : new long[] {3, 2, 2, -15_000, 60_000, 45_000, 60_000}) {
            out.writeLong(v);
        }
        // Collars (starts, ends, both): 20 ms 15 in, 0 in -> (1, 1, 0); 50 ms (2, 1, 1); 100 and 200 ms (2, 2, 2).
        for (long v : new long[] {1, 1, 0, 2, 1, 1, 2, 2, 2, 2, 2, 2}) {
            out.writeLong(v);
        }
        // Signed buckets (le -0.5 .. 0.5, +Inf): -30 ms in le -0.02 (4), +15 in le 0.02 (8); ends 0 in le 0 (6), +60 in le 0.1 (10).
        writeLongs(out, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0);
        writeLongs(out, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0);
        // Absolute buckets (le 0.01 .. 0.5, +Inf): starts 15 -> le 0.02, 30 -> le 0.05; ends 0 -> le 0.01, 60 -> le 0.1.
        writeLongs(out, 0, 1, 1, 0, 0, 0, 0);
        writeLongs(out, 1, 0, 0, 1, 0, 0, 0);
        out.writeLong(1); // one utterance
        // Products of x = (2, -15 000, 60 000, 45 000, 60 000), a <= b, row by row.
        double[] products = {4, -30_000, 120_000, 90_000, 120_000, 225e6, -9e8, -6.75e8, -9e8, 3.6e9, 2.7e9, 3.6e9, 2.025e9, 2.7e9, 3.6e9};
        out.writeInt(products.length);
        for (double p : products) {
            out.writeDouble(p);
        }
        assertArrayEquals(expected.toByteArray(), ONE.encode());
        assertEquals(ONE, WordTiming.decode(ONE.encode()));
    }

    @Test
    void timingIsTheSeventhSeriesComponentAndTheFifthMinuteComponent() {
        SeriesFigures series = SeriesFigures.ofWords(null, ONE);
        byte[] bytes = series.encode();
        // Version, then the mask: only bit 6 (timing).
        assertEquals(1 << 6, java.nio.ByteBuffer.wrap(bytes, 1, 4).getInt());
        assertEquals(ONE.plus(ONE), SeriesFigures.decode(bytes).plus(SeriesFigures.decode(bytes)).timing());
        MinuteFigures minute = MinuteFigures.of(series);
        assertEquals(1 << 4, java.nio.ByteBuffer.wrap(minute.encode(), 1, 4).getInt());
        assertEquals(ONE, MinuteFigures.decode(minute.encode()).get(Components.TIMING));
        assertNull(SeriesFigures.decode(SeriesFigures.ofWords(WordCounts.ZERO).encode()).timing(), "an aggregate without timing reads none");
    }

    private static void writeLongs(DataOutputStream out, long... v) throws IOException {
        out.writeInt(v.length);
        for (long x : v) {
            out.writeLong(x);
        }
    }
}
