package dev.segmon.app.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.model.boundary.ReferenceBoundaries;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** The store values keep the byte layout of the JDK's DataOutputStream (so stored state stays readable). */
class StateBytesTest {

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
        ReferenceState r = new ReferenceState(new ReferenceBoundaries(times, 3_900_000L, true, spans), 1234L, 5678L, true);
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
        byte[] bytes = r.encode();
        assertEquals(675, bytes.length);
        assertArrayEquals(expected.toByteArray(), bytes);
        ReferenceState back = ReferenceState.decode(bytes);
        assertArrayEquals(times, back.boundaries().times());
        assertArrayEquals(spans, back.boundaries().spans());
        assertEquals(5678L, back.lastRecordMs());
    }

    @Test
    void aLongIsTheVersionByteThenEightBigEndianBytes() {
        // 258 = 0x0102.
        assertArrayEquals(new byte[] {1, 0, 0, 0, 0, 0, 0, 1, 2}, StateSerde.COUNT.serializer().serialize("t", 258L));
        assertEquals(258L, StateSerde.COUNT.deserializer().deserialize("t", StateSerde.COUNT.serializer().serialize("t", 258L)));
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
        byte[] bytes = new HypothesisState(m, 111L, 222L, false).encode();
        // 1 + (4 + 16) + 8 + 1 + 4 + 8 + 8 + 8 + 8 + 1 = 67 bytes.
        assertEquals(67, bytes.length);
        assertArrayEquals(expected.toByteArray(), bytes);
        HypothesisState back = HypothesisState.decode(bytes);
        assertArrayEquals(new long[] {-5, 70_000}, back.matcher().pending());
        assertEquals(3, back.matcher().refCursor());
        assertEquals(222L, back.lastRecordMs());
    }

    @Test
    void totalsWriteOutcomeNamesAsWriteUtfDoes() throws IOException {
        java.util.Map<dev.segmon.app.wire.Outcome, Long> outcomes = java.util.Map.of(
                dev.segmon.app.wire.Outcome.TIMED_OUT, 1L, dev.segmon.app.wire.Outcome.SCORED, 7L);
        Totals t = new Totals(new dev.segmon.model.boundary.BoundaryCounts(10, 12, 9, 9),
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
        byte[] bytes = t.encode();
        assertArrayEquals(expected.toByteArray(), bytes);
        Totals back = Totals.decode(bytes);
        assertEquals(outcomes, back.outcomes());
        assertEquals(t.counts(), back.counts());
        assertEquals(4_321L, back.offsetSumMicros());
    }

    @Test
    void aMinuteIsFourCountsTheUtterancesAndTheDirtyFlag() throws IOException {
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(expected);
        out.writeByte(1);
        for (long c : new long[] {5, 6, 4, 4}) {
            out.writeLong(c);
        }
        out.writeLong(3);
        out.writeBoolean(true);
        MinuteCounts b = new MinuteCounts(new dev.segmon.model.boundary.BoundaryCounts(5, 6, 4, 4), 3, true);
        assertArrayEquals(expected.toByteArray(), b.encode());
        assertEquals(b, MinuteCounts.decode(b.encode()));
    }

    @Test
    void keysAreTheirPartsJoinedByNulInTheOrderOfTheStore() {
        // utterance, tier, model: one utterance's states lie together in a store's byte order.
        assertArrayEquals("u1\u0000word\u0000m".getBytes(java.nio.charset.StandardCharsets.UTF_8),
                Keys.HypothesisKey.SERDE.serializer().serialize("t", new Keys.HypothesisKey("u1", "word", "m")));
        assertEquals(new Keys.DeadLetterKey(dev.segmon.app.wire.DeadLetterReason.LATE, "m", "word"),
                Keys.DeadLetterKey.SERDE.deserializer().deserialize("t", "late\u0000m\u0000word".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }

    @Test
    void aHypothesisWithWordsAppendsThemAfterTheOldLayout() throws IOException {
        dev.segmon.model.boundary.IncrementalMatcher m = new dev.segmon.model.boundary.IncrementalMatcher(new long[0], 310_000, false, 0, 0, 0);
        WordList words = WordList.NONE.plus(java.util.List.of(new WordList.Word(310_000, 500_000, "好"), new WordList.Word(0, 310_000, "hi")));
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(expected);
        out.writeByte(1);
        out.writeInt(0);
        out.writeLong(310_000);
        out.writeBoolean(false);
        out.writeInt(0);
        out.writeLong(0);
        out.writeLong(0);
        out.writeLong(7L);
        out.writeLong(8L);
        out.writeBoolean(false);
        // the words in transcript order (by start): count, then start, end, UTF-8 length and bytes
        out.writeInt(2);
        out.writeLong(0);
        out.writeLong(310_000);
        out.writeInt(2);
        out.write("hi".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        out.writeLong(310_000);
        out.writeLong(500_000);
        out.writeInt(3); // 好 is three bytes in UTF-8
        out.write("好".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        byte[] bytes = new HypothesisState(m, 7L, 8L, false, words).encode();
        assertArrayEquals(expected.toByteArray(), bytes);
        HypothesisState back = HypothesisState.decode(bytes);
        assertEquals(java.util.List.of("hi", "好"), back.words().words());
        assertEquals(words, back.words());
        // A state written without words (the layout above, cut before the count) reads as NONE.
        assertEquals(WordList.NONE, HypothesisState.decode(new HypothesisState(m, 7L, 8L, false).encode()).words());
        // An empty but present transcript is the count 0, and stays present.
        assertEquals(true, HypothesisState.decode(new HypothesisState(m, 7L, 8L, false, WordList.EMPTY).encode()).words().present());
    }

    @Test
    void aReferenceWithLabelsAppendsThemAfterTheOldLayout() throws IOException {
        WordList labels = WordList.NONE.plus(java.util.List.of(new WordList.Word(0, 100_000, "a")));
        ReferenceState r = new ReferenceState(new ReferenceBoundaries(new long[] {0, 100_000}, 100_000, true, new long[] {0, 100_000}),
                1L, 2L, false, labels);
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(expected);
        out.writeByte(1);
        out.writeInt(2);
        out.writeLong(0);
        out.writeLong(100_000);
        out.writeLong(100_000);
        out.writeBoolean(true);
        out.writeInt(2);
        out.writeLong(0);
        out.writeLong(100_000);
        out.writeLong(1L);
        out.writeLong(2L);
        out.writeBoolean(false);
        out.writeInt(1);
        out.writeLong(0);
        out.writeLong(100_000);
        out.writeInt(1);
        out.writeByte('a');
        assertArrayEquals(expected.toByteArray(), r.encode());
        assertEquals(labels, ReferenceState.decode(r.encode()).labels());
    }

    @Test
    void wordCountsAreLongsADoubleAndTheUnscoredArray() throws IOException {
        WordCounts c = new WordCounts(new dev.segmon.model.edit.EditCounts(1, 2, 3, 10), new dev.segmon.model.edit.NedCounts(0.75, 2),
                new long[] {4, 5, 6});
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(expected);
        out.writeByte(1);
        out.writeLong(1);
        out.writeLong(2);
        out.writeLong(3);
        out.writeLong(10);
        out.writeDouble(0.75);
        out.writeLong(2);
        out.writeInt(3);
        out.writeLong(4);
        out.writeLong(5);
        out.writeLong(6);
        assertArrayEquals(expected.toByteArray(), c.encode());
        assertEquals(c, WordCounts.decode(c.encode()));
    }
}
