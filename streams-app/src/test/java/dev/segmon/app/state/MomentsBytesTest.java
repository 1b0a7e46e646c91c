package dev.segmon.app.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.interval.PairedMoments;
import dev.segmon.model.interval.UtteranceMoments;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The interval stores' values keep the byte layout of the JDK's DataOutputStream, as StateBytesTest's. */
class MomentsBytesTest {

    @Test
    void utteranceMomentsAreTheVersionThenTenLongs() throws IOException {
        // One utterance h = 2, y = 3, r = 4: 1, 2, 3, 4, 4, 9, 16, 6, 8, 12.
        long[] fields = {1, 2, 3, 4, 4, 9, 16, 6, 8, 12};
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(expected);
        out.writeByte(1);
        for (long f : fields) {
            out.writeLong(f);
        }
        byte[] bytes = Moments.UTTERANCE.serializer().serialize("t", UtteranceMoments.of(2, 3, 4));
        assertEquals(81, bytes.length);
        assertArrayEquals(expected.toByteArray(), bytes);
        assertEquals(UtteranceMoments.of(2, 3, 4), Moments.UTTERANCE.deserializer().deserialize("t", bytes));
    }

    @Test
    void pairedMomentsAreTheCountTheFiveSumsAndTheFifteenProducts() throws IOException {
        // Candidate hc = 2, yc = 3; baseline hb = 1, yb = 4; r = 5. Products in the order hc_hc,
        // hc_yc, hc_hb, hc_yb, hc_r, yc_yc, yc_hb, yc_yb, yc_r, hb_hb, hb_yb, hb_r, yb_yb, yb_r, r_r.
        long[] fields = {1, 2, 3, 1, 4, 5, 4, 6, 2, 8, 10, 9, 3, 12, 15, 1, 4, 5, 16, 20, 25};
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(expected);
        out.writeByte(1);
        for (long f : fields) {
            out.writeLong(f);
        }
        PairedMoments m = PairedMoments.of(BoundaryCounts.oneToOne(5, 3, 2), BoundaryCounts.oneToOne(5, 4, 1));
        byte[] bytes = Moments.PAIRED.serializer().serialize("t", m);
        assertArrayEquals(expected.toByteArray(), bytes);
        assertEquals(m, Moments.PAIRED.deserializer().deserialize("t", bytes));
    }

    @Test
    void pendingCountsAreFourCountsThenTheWallTime() throws IOException {
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(expected);
        out.writeByte(1);
        for (long c : new long[] {5, 6, 4, 4, 1234}) {
            out.writeLong(c);
        }
        Moments.Pending p = new Moments.Pending(new BoundaryCounts(5, 6, 4, 4), 1234);
        byte[] bytes = Moments.PENDING.serializer().serialize("t", p);
        assertArrayEquals(expected.toByteArray(), bytes);
        assertEquals(p, Moments.PENDING.deserializer().deserialize("t", bytes));
    }

    @Test
    void pairAndPendingKeysAreTheirPartsInOrder() {
        assertArrayEquals("c\u0000b\u0000word".getBytes(StandardCharsets.UTF_8),
                Keys.PairTier.SERDE.serializer().serialize("t", new Keys.PairTier("c", "b", "word")));
        assertArrayEquals("u1\u0000word\u0000m\u0000p".getBytes(StandardCharsets.UTF_8),
                Keys.PendingKey.SERDE.serializer().serialize("t", new Keys.PendingKey("u1", "word", "m", "p")));
    }
}
