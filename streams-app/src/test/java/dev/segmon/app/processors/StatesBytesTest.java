package dev.segmon.app.processors;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.model.boundary.ReferenceBoundaries;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** The store values keep the byte layout of the JDK's DataOutputStream (so stored state stays readable). */
class StatesBytesTest {

    @Test
    void aReferenceIsWrittenAsDataOutputStreamWouldWriteIt() throws IOException {
        // 40 boundaries and 40 span bounds: 1 + 4 + 320 + 8 + 1 + 4 + 320 + 8 + 8 + 1 = 675 bytes,
        // past the first 256-byte buffer, so the growth path is checked too.
        long[] times = new long[40];
        long[] spans = new long[40];
        for (int i = 0; i < 40; i++) {
            times[i] = 100_000L * i;
            spans[i] = 50_000L * i;
        }
        States.Reference r = new States.Reference(new ReferenceBoundaries(times, 3_900_000L, true, spans), 1234L, 5678L, true);
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(expected);
        out.writeByte(1);
        out.writeInt(40);
        for (long t : times) {
            out.writeLong(t);
        }
        out.writeLong(3_900_000L);
        out.writeBoolean(true);
        out.writeInt(40);
        for (long s : spans) {
            out.writeLong(s);
        }
        out.writeLong(1234L);
        out.writeLong(5678L);
        out.writeBoolean(true);
        byte[] bytes = States.encode(r);
        assertEquals(675, bytes.length);
        assertArrayEquals(expected.toByteArray(), bytes);
        States.Reference back = States.decodeReference(bytes);
        assertArrayEquals(times, back.boundaries().times());
        assertArrayEquals(spans, back.boundaries().spans());
        assertEquals(5678L, back.lastRecordMs());
    }

    @Test
    void aLongIsTheVersionByteThenEightBigEndianBytes() {
        // 258 = 0x0102.
        assertArrayEquals(new byte[] {1, 0, 0, 0, 0, 0, 0, 1, 2}, States.encodeLong(258));
        assertEquals(258, States.decodeLong(States.encodeLong(258)));
    }

    @Test
    void expiryReadsWallClockInPlace() {
        // The in-place reads must agree with the full decoders on the same bytes.
        States.Reference r = new States.Reference(new ReferenceBoundaries(new long[] {1, 2, 3}, 3, true, new long[] {0, 3}), 777L, 5L, false);
        assertEquals(777L, States.referenceLastWallMs(States.encode(r)));
        dev.segmon.model.boundary.IncrementalMatcher m = new dev.segmon.model.boundary.IncrementalMatcher();
        m.offerHypothesis(10, 0);
        m.offerHypothesis(20, 0);
        byte[] open = States.encode(new States.Hypothesis(m, 888L, 6L, false));
        assertEquals(888L, States.hypothesisLastWallMs(open));
        assertEquals(888L, States.decodeHypothesis(open).lastWallMs());
    }

    @Test
    void aHypothesisIsWrittenAsDataOutputStreamWouldWriteIt() throws IOException {
        dev.segmon.model.boundary.IncrementalMatcher m = new dev.segmon.model.boundary.IncrementalMatcher(
                new long[] {-5, 70_000}, 70_000, true, 3, 2, 4);
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(expected);
        out.writeByte(1);
        out.writeInt(2);
        out.writeLong(-5);
        out.writeLong(70_000);
        out.writeLong(70_000);
        out.writeBoolean(true);
        out.writeInt(3);
        out.writeLong(2);
        out.writeLong(4);
        out.writeLong(111L);
        out.writeLong(222L);
        out.writeBoolean(false);
        byte[] bytes = States.encode(new States.Hypothesis(m, 111L, 222L, false));
        // 1 + (4 + 16) + 8 + 1 + 4 + 8 + 8 + 8 + 8 + 1 = 67 bytes.
        assertEquals(67, bytes.length);
        assertArrayEquals(expected.toByteArray(), bytes);
        States.Hypothesis back = States.decodeHypothesis(bytes);
        assertArrayEquals(new long[] {-5, 70_000}, back.matcher().pending());
        assertEquals(3, back.matcher().refCursor());
        assertEquals(222L, back.lastRecordMs());
    }

    @Test
    void totalsWriteOutcomeNamesAsWriteUtfDoes() throws IOException {
        java.util.Map<String, Long> outcomes = new java.util.TreeMap<>(java.util.Map.of("scored", 7L, "timed_out", 1L));
        States.Totals t = new States.Totals(new dev.segmon.model.boundary.BoundaryCounts(10, 12, 9, 9),
                new long[] {1, 2, 3, 0, 0, 3}, 4_321L, outcomes, 2);
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(expected);
        out.writeByte(1);
        for (long c : new long[] {10, 12, 9, 9}) {
            out.writeLong(c);
        }
        out.writeInt(6);
        for (long b : new long[] {1, 2, 3, 0, 0, 3}) {
            out.writeLong(b);
        }
        out.writeLong(4_321L);
        out.writeInt(2);
        out.writeUTF("scored");
        out.writeLong(7L);
        out.writeUTF("timed_out");
        out.writeLong(1L);
        out.writeLong(2);
        byte[] bytes = States.encode(t);
        assertArrayEquals(expected.toByteArray(), bytes);
        States.Totals back = States.decodeTotals(bytes);
        assertEquals(outcomes, back.outcomes());
        assertEquals(t.counts(), back.counts());
        assertEquals(4_321L, back.offsetSumMicros());
    }

    @Test
    void aMinuteBucketIsFourCountsAndTheDirtyFlag() throws IOException {
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(expected);
        out.writeByte(1);
        for (long c : new long[] {5, 6, 4, 4}) {
            out.writeLong(c);
        }
        out.writeBoolean(true);
        States.Bucket b = new States.Bucket(new dev.segmon.model.boundary.BoundaryCounts(5, 6, 4, 4), true);
        assertArrayEquals(expected.toByteArray(), States.encode(b));
        assertEquals(b, States.decodeBucket(States.encode(b)));
    }
}
