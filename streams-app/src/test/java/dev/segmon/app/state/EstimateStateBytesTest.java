package dev.segmon.app.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.app.state.EstimateValues.Ended;
import dev.segmon.app.state.EstimateValues.RefusalKey;
import dev.segmon.app.wire.AudioDuration.Refusal;
import dev.segmon.model.estimate.Backtest;
import dev.segmon.model.estimate.RateMoments;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The early estimate's store values (EstimateValues) keep the byte layout of the JDK's
 * DataOutputStream, as every state value does ({@link StateBytesTest}): a version byte, then the
 * fields big-endian in the order their layout comments give.
 */
class EstimateStateBytesTest {

    @Test
    void anEndedHypothesisIsItsBoundariesThenItsSeconds() throws IOException {
        Ended e = new Ended(7, 3.25);
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(expected);
        out.writeByte(1);
        out.writeLong(7);
        out.writeDouble(3.25);
        byte[] bytes = Ended.SERDE.serializer().serialize("t", e);
        assertEquals(17, bytes.length);
        assertArrayEquals(expected.toByteArray(), bytes);
        assertEquals(e, Ended.SERDE.deserializer().deserialize("t", bytes));
    }

    @Test
    void rateMomentsAreSixFieldsLongsAndDoublesInTheirOrder() throws IOException {
        // Two utterances: (3 boundaries, 1.5 s) and (5, 2.0 s): sums 8, 3.5; squares 34, 6.25; products 14.5.
        RateMoments m = RateMoments.of(3, 1.5).plus(RateMoments.of(5, 2.0));
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(expected);
        out.writeByte(1);
        out.writeLong(2);
        out.writeLong(8);
        out.writeDouble(3.5);
        out.writeLong(34);
        out.writeDouble(6.25);
        out.writeDouble(14.5);
        byte[] bytes = EstimateValues.RATES.serializer().serialize("t", m);
        assertEquals(49, bytes.length);
        assertArrayEquals(expected.toByteArray(), bytes);
        assertEquals(m, EstimateValues.RATES.deserializer().deserialize("t", bytes));
    }

    @Test
    void aBacktestIsUtterancesHypothesisExpectedThenReference() throws IOException {
        Backtest b = new Backtest(4, 30, 21.75, 20);
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(expected);
        out.writeByte(1);
        out.writeLong(4);
        out.writeLong(30);
        out.writeDouble(21.75);
        out.writeLong(20);
        byte[] bytes = EstimateValues.BACKTESTS.serializer().serialize("t", b);
        assertEquals(33, bytes.length);
        assertArrayEquals(expected.toByteArray(), bytes);
        assertEquals(b, EstimateValues.BACKTESTS.deserializer().deserialize("t", bytes));
    }

    @Test
    void aRefusalKeyIsReasonModelTierJoinedByNul() {
        RefusalKey k = new RefusalKey(Refusal.BEFORE_LAST_BOUNDARY, "asr-a", "word");
        byte[] bytes = RefusalKey.SERDE.serializer().serialize("t", k);
        assertArrayEquals("before_last_boundary\0asr-a\0word".getBytes(StandardCharsets.UTF_8), bytes);
        assertEquals(k, RefusalKey.SERDE.deserializer().deserialize("t", bytes));
    }
}
