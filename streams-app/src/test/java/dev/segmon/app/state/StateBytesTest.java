package dev.segmon.app.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** The store values keep the byte layout of the JDK's DataOutputStream, parts varints since version 2, and parts written before still read. */
class StateBytesTest {

    @Test
    void aReferenceHeadIsItsFixedFieldsThenItsTailInVarints() throws IOException {
        // One chunk of two segments [0, 0.1] and [0.1, 0.3] with labels a and b, the span [0, 0.3].
        ReferenceHead head = new ReferenceHead(300_000, true, 1234L, 5678L, true, true, 0, twoLabelledSegments());
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        DataOutputStream out = referenceHeadFields(expected);
        // The tail, version 2. Varints of zigzag-coded differences (protobuf's sint64), by hand:
        // 100 000 -> 200 000 = C0 9A 0C, 200 000 -> 400 000 = 80 B5 18, 300 000 -> 600 000 = C0 CF 24.
        out.write(bytes(2,
                4, 0x00, 0xC0, 0x9A, 0x0C, 0x00, 0x80, 0xB5, 0x18, // times 0, +0.1, +0, +0.2
                2, 0x00, 0xC0, 0xCF, 0x24, // span 0, +0.3
                2, 0x00, 0xC0, 0x9A, 0x0C, 1, 'a', // a: 0 after 0, lasts 0.1
                0x00, 0x80, 0xB5, 0x18, 1, 'b')); // b: 0 after a's end, lasts 0.2
        byte[] bytes = head.encode();
        assertArrayEquals(expected.toByteArray(), bytes);
        assertEquals(head, ReferenceHead.decode(bytes));
    }

    @Test
    void aReferenceTailWrittenWithLongsStillReads() throws IOException {
        // The layout of version 1 parts: counts as ints, times as longs, words as two longs, an int length and the bytes.
        ReferenceHead head = new ReferenceHead(300_000, true, 1234L, 5678L, true, true, 0, twoLabelledSegments());
        ByteArrayOutputStream stored = new ByteArrayOutputStream();
        DataOutputStream out = referenceHeadFields(stored);
        out.writeByte(1); // the tail: times, spans, labels
        out.writeInt(4);
        for (long t : new long[] {0, 100_000, 100_000, 300_000}) {
            out.writeLong(t);
        }
        out.writeInt(2);
        out.writeLong(0);
        out.writeLong(300_000);
        out.writeInt(2);
        out.writeLong(0);
        out.writeLong(100_000);
        out.writeInt(1);
        out.writeByte('a');
        out.writeLong(100_000);
        out.writeLong(300_000);
        out.writeInt(1);
        out.writeByte('b');
        assertEquals(head, ReferenceHead.decode(stored.toByteArray()));
    }

    private static ReferencePart twoLabelledSegments() {
        return new ReferencePart(new long[] {0, 100_000, 100_000, 300_000}, new long[] {0, 300_000},
                java.util.List.of(new WordList.Word(0, 100_000, "a"), new WordList.Word(100_000, 300_000, "b")));
    }

    /** The head's version byte and fixed fields, as the two tests above have them. */
    private static DataOutputStream referenceHeadFields(ByteArrayOutputStream to) throws IOException {
        DataOutputStream out = new DataOutputStream(to);
        out.writeByte(1);
        out.writeLong(300_000); // maxSeen
        out.writeBoolean(true); // complete
        out.writeLong(1234L);
        out.writeLong(5678L);
        out.writeBoolean(true); // hypothesized
        out.writeBoolean(true); // has labels
        out.writeInt(0); // sealed parts
        return out;
    }

    private static byte[] bytes(int... b) {
        byte[] out = new byte[b.length];
        for (int i = 0; i < b.length; i++) {
            out[i] = (byte) b[i];
        }
        return out;
    }

    @Test
    void aReferenceRebuildsAsItsChunksAddedUp() {
        // A sealed chunk [0.2, 0.3] (label c), then the tail's [0, 0.1] and [0.1, 0.2] (a, b): the
        // boundaries are the distinct times sorted, the spans in order of arrival, the labels in
        // transcript order.
        ReferencePart first = new ReferencePart(new long[] {200_000, 300_000}, new long[] {200_000, 300_000},
                java.util.List.of(new WordList.Word(200_000, 300_000, "c")));
        ReferencePart tail = new ReferencePart(new long[] {0, 100_000, 100_000, 200_000}, new long[] {0, 200_000},
                java.util.List.of(new WordList.Word(0, 100_000, "a"), new WordList.Word(100_000, 200_000, "b")));
        ReferenceState r = new ReferenceHead(300_000, false, 1L, 2L, false, true, 1, tail).with(java.util.List.of(first));
        assertArrayEquals(new long[] {0, 100_000, 200_000, 300_000}, r.boundaries().times());
        assertArrayEquals(new long[] {200_000, 300_000, 0, 200_000}, r.boundaries().spans());
        assertEquals(300_000, r.boundaries().maxSeen());
        assertEquals(java.util.List.of("a", "b", "c"), r.labels().words());
        assertEquals(WordList.NONE, new ReferenceHead(0, true, 1L, 2L, false, false, 0, ReferencePart.EMPTY)
                .with(java.util.List.of()).labels());
    }

    @Test
    void aLongIsTheVersionByteThenEightBigEndianBytes() {
        // 258 = 0x0102.
        assertArrayEquals(new byte[] {1, 0, 0, 0, 0, 0, 0, 1, 2}, StateSerde.COUNT.serializer().serialize("t", 258L));
        assertEquals(258L, StateSerde.COUNT.deserializer().deserialize("t", StateSerde.COUNT.serializer().serialize("t", 258L)));
    }

    @Test
    void aHypothesisHeadIsItsFixedFieldsAndThePartCount() throws IOException {
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(expected);
        out.writeByte(1);
        out.writeLong(70_000); // hypMaxSeen
        out.writeBoolean(true); // hypComplete
        out.writeInt(3); // refCursor
        out.writeLong(2); // hits
        out.writeLong(4); // hypDecided
        out.writeLong(111L); // lastWallMs
        out.writeLong(222L); // lastRecordMs
        out.writeBoolean(false); // closed
        out.writeBoolean(true); // hasWords
        out.writeInt(5); // parts
        // The tail: version 2, one time (90 000 -> zigzag 180 000 = A0 FE 0A, by hand), no word.
        out.write(bytes(2, 1, 0xA0, 0xFE, 0x0A, 0));
        HypothesisHead head = new HypothesisHead(70_000, true, 3, 2, 4, 111L, 222L, false, true, 5,
                new HypothesisPart(new long[] {90_000}, java.util.List.of()));
        byte[] bytes = head.encode();
        // 1 + 8 + 1 + 4 + 8 + 8 + 8 + 8 + 1 + 1 + 4 = 52 bytes, and the tail's 1 + 1 + 3 + 1 = 6.
        assertEquals(58, bytes.length);
        assertArrayEquals(expected.toByteArray(), bytes);
        assertEquals(head, HypothesisHead.decode(bytes));
    }

    @Test
    void aDeclarationSharesTheHasWordsByteAndAnUndeclaredHeadKeepsItsLayout() {
        HypothesisHead none = new HypothesisHead(0, true, 0, 0, 0, 1L, 2L, true, true, 0, HypothesisPart.EMPTY,
                dev.segmon.app.wire.Declaration.NONE);
        HypothesisHead expected = new HypothesisHead(0, true, 0, 0, 0, 1L, 2L, false, false, 0, HypothesisPart.EMPTY,
                dev.segmon.app.wire.Declaration.EXPECTED);
        // The flags byte comes after 1 + 8 + 1 + 4 + 8 + 8 + 8 + 8 + 1 = 47 bytes: hasWords in bit 0, the
        // declaration's ordinal (undeclared 0, expected 1, none 2) in bits 1-2: none with words
        // 1 | 2 << 1 = 5, expected without 1 << 1 = 2; undeclared keeps the old boolean 0 or 1.
        assertEquals(5, none.encode()[47]);
        assertEquals(2, expected.encode()[47]);
        assertEquals(none, HypothesisHead.decode(none.encode()));
        assertEquals(expected, HypothesisHead.decode(expected.encode()));
    }

    @Test
    void anUtteranceHeadIsItsReferenceHeadThenEachModelsHypothesisHead() throws IOException {
        // No reference yet, two models: "a" with an empty open head, "好" (three UTF-8 bytes) closed.
        HypothesisHead a = new HypothesisHead(0, false, 0, 0, 0, 1L, 2L, false, false, 0, HypothesisPart.EMPTY);
        HypothesisHead b = new HypothesisHead(0, true, 0, 0, 0, 3L, 4L, true, false, 0, HypothesisPart.EMPTY);
        UtteranceHead head = new UtteranceHead(null, java.util.List.of(new UtteranceHead.Hypothesis("a", a),
                new UtteranceHead.Hypothesis("好", b)));
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(expected);
        out.writeByte(1);
        out.writeBoolean(false); // no reference
        out.writeInt(2); // hypotheses
        out.writeInt(1);
        out.writeByte('a');
        out.writeInt(a.encode().length); // 52 fixed bytes and an empty tail (version, two zero counts, a byte each): 55
        out.write(a.encode());
        out.writeInt(3);
        out.write("好".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        out.writeInt(55);
        out.write(b.encode());
        byte[] bytes = head.encode();
        assertEquals(55, a.encode().length);
        assertArrayEquals(expected.toByteArray(), bytes);
        assertEquals(head, UtteranceHead.decode(bytes));
        // With a reference: a flag, its head as a nested value, then the hypotheses.
        ReferenceHead r = new ReferenceHead(300_000, true, 5L, 6L, true, false, 0, ReferencePart.EMPTY);
        UtteranceHead withReference = new UtteranceHead(r, java.util.List.of());
        ByteArrayOutputStream expected2 = new ByteArrayOutputStream();
        DataOutputStream out2 = new DataOutputStream(expected2);
        out2.writeByte(1);
        out2.writeBoolean(true);
        out2.writeInt(r.encode().length);
        out2.write(r.encode());
        out2.writeInt(0);
        assertArrayEquals(expected2.toByteArray(), withReference.encode());
        assertEquals(withReference, UtteranceHead.decode(withReference.encode()));
    }

    @Test
    void aHypothesisPartIsItsTimesThenItsWordsInVarints() {
        HypothesisPart part = new HypothesisPart(new long[] {0, 310_000}, java.util.List.of(
                new WordList.Word(0, 310_000, "hi"), new WordList.Word(310_000, 500_000, "好")));
        // By hand: 310 000 -> zigzag 620 000 = E0 EB 25; 190 000 -> 380 000 = E0 98 17; 好 is E5 A5 BD in UTF-8.
        byte[] expected = bytes(2,
                2, 0x00, 0xE0, 0xEB, 0x25, // times 0, +0.31
                2, 0x00, 0xE0, 0xEB, 0x25, 2, 'h', 'i', // hi: 0 after 0, lasts 0.31
                0x00, 0xE0, 0x98, 0x17, 3, 0xE5, 0xA5, 0xBD); // 好: 0 after hi's end, lasts 0.19
        byte[] bytes = part.encode();
        assertArrayEquals(expected, bytes);
        assertEquals(part, HypothesisPart.decode(bytes));
    }

    @Test
    void aHypothesisPartWrittenWithLongsStillReads() throws IOException {
        HypothesisPart part = new HypothesisPart(new long[] {0, 310_000}, java.util.List.of(
                new WordList.Word(0, 310_000, "hi"), new WordList.Word(310_000, 500_000, "好")));
        ByteArrayOutputStream stored = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(stored);
        out.writeByte(1);
        out.writeInt(2);
        out.writeLong(0);
        out.writeLong(310_000);
        out.writeInt(2);
        out.writeLong(0);
        out.writeLong(310_000);
        out.writeInt(2);
        out.write("hi".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        out.writeLong(310_000);
        out.writeLong(500_000);
        out.writeInt(3); // 好 is three bytes in UTF-8
        out.write("好".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertEquals(part, HypothesisPart.decode(stored.toByteArray()));
    }

    @Test
    void aHeadWithItsPartsRebuildsTheUndecidedBoundariesAndTheWords() {
        // A sealed part holds 0.1, 0.3 s and the tail 0.2, 0.4 s; two are decided (the two smallest:
        // 0.1 and 0.2), so 0.3 and 0.4 are undecided. The words come back in transcript order.
        HypothesisHead head = new HypothesisHead(400_000, false, 2, 1, 2, 9L, 10L, false, true, 1,
                new HypothesisPart(new long[] {200_000, 400_000}, java.util.List.of(new WordList.Word(0, 100_000, "a"))));
        HypothesisState s = head.with(java.util.List.of(
                new HypothesisPart(new long[] {100_000, 300_000}, java.util.List.of(new WordList.Word(100_000, 300_000, "b")))));
        assertArrayEquals(new long[] {300_000, 400_000}, s.matcher().pending());
        assertEquals(2, s.matcher().hypDecided());
        assertEquals(1, s.matcher().hits());
        assertEquals(java.util.List.of("a", "b"), s.words().words());
        assertEquals(WordList.NONE, new HypothesisHead(0, true, 0, 0, 0, 0, 0, true, false, 0, HypothesisPart.EMPTY)
                .with(java.util.List.of()).words());
    }

    @Test
    void totalsWriteOutcomeNamesAsWriteUtfDoes() throws IOException {
        java.util.Map<dev.segmon.app.wire.Outcome, Long> outcomes = java.util.Map.of(
                dev.segmon.app.wire.Outcome.TIMED_OUT, 1L, dev.segmon.app.wire.Outcome.SCORED, 7L);
        Totals t = new Totals(new dev.segmon.model.boundary.BoundaryCounts(10, 12, 9, 9),
                new long[] {1, 2, 3, 0, 0, 3}, 4_321L, outcomes, 2,
                new SignedOffsets(new long[] {0, 0, 1, 0, 2, 0, 0, 0, 3, 0}, -7_000, 20_000));
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
        int beforeSigned = expected.size();
        // The signed offsets: ten buckets, the signed sum, the tolerance they were cut with.
        for (long b : new long[] {0, 0, 1, 0, 2, 0, 0, 0, 3, 0, -7_000, 20_000}) {
            out.writeLong(b);
        }
        byte[] bytes = t.encode();
        assertArrayEquals(expected.toByteArray(), bytes);
        Totals back = Totals.decode(bytes);
        assertEquals(outcomes, back.outcomes());
        assertEquals(t.counts(), back.counts());
        assertEquals(4_321L, back.offsetSumMicros());
        assertEquals(6, back.signed().hits());
        assertEquals(-7_000, back.signed().sumMicros());
        // Bytes written before the signed offsets were kept read as none.
        Totals old = Totals.decode(java.util.Arrays.copyOf(bytes, beforeSigned));
        assertEquals(0, old.signed().hits());
        assertEquals(2, old.open());
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

    @Test
    void anObservationNamesItsSlicesAfterItsOffsetsAndAnOlderRecordReadsAsNone() throws IOException {
        dev.segmon.model.boundary.BoundaryCounts c = new dev.segmon.model.boundary.BoundaryCounts(10, 9, 8, 8);
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(head);
        out.writeByte(1);
        out.writeBoolean(false); // not paired
        out.writeLong(10); // reference
        out.writeLong(9); // hypothesis
        out.writeLong(8); // referenceHits
        out.writeLong(8); // hypothesisHits
        out.writeLong(2); // word errors
        out.writeLong(12); // reference words
        out.writeLong(-30_000); // sum of hyp - ref
        out.writeLong(8); // hits
        byte[] beforeSlices = head.toByteArray();
        out.writeInt(2);
        out.writeUTF("lang");
        out.writeUTF("de");
        out.writeUTF("domain");
        out.writeUTF("call");
        Observation o = Observation.single(c, 2, 12).withOffsets(-30_000, 8)
                .inSlices(java.util.List.of(new Slice("lang", "de"), new Slice("domain", "call")));
        assertArrayEquals(head.toByteArray(), o.encode());
        assertEquals(o, Observation.decode(head.toByteArray()));
        // Written before a record named its slices: the pooled series only.
        assertEquals(java.util.List.of(), Observation.decode(beforeSlices).slices());
        assertArrayEquals(beforeSlices, Observation.decode(beforeSlices).encode());
    }
}
