package dev.segmon.model.detection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class DelayedBaselineTest {

    @Test
    void aQuietBlockIsLearnedOnlyWhenTheNextOneIsComplete() {
        // 10 utterances learned (mean u 0), blocks of 2.
        DelayedBaseline b = new DelayedBaseline(10);
        assertFalse(b.observe(1.0, true, 2));
        assertTrue(b.observe(1.0, true, 2)); // block {1, 1} closes and waits
        assertEquals(0, b.level(), 0);
        assertFalse(b.observe(-1.0, true, 2));
        assertTrue(b.observe(-1.0, true, 2)); // {1, 1} joins: 2 / (10 + 2)
        assertEquals(2.0 / 12, b.level(), 1e-15);
        b.observe(5.0, true, 2);
        b.observe(5.0, false, 2); // a change suspected: {-1, -1} is dropped, {5} waits (the suspect value not held)
        assertEquals(2.0 / 12, b.level(), 1e-15);
        b.observe(0.0, true, 2);
        b.observe(0.0, true, 2); // {5} joins: (2 + 5) / (10 + 3)
        assertEquals(7.0 / 13, b.level(), 1e-15);
    }

    @Test
    void aWatchingDetectorSurvivesItsBytesWithBlocksHeldBack() throws Exception {
        DetectorSettings s = DetectorSettings.DEFAULTS.withLearnUtterances(4);
        MeasureDetector d = new MeasureDetector(Direction.DOWN, false, s);
        for (int i = 0; i < 11; i++) {
            d.observe(new double[] {8 + i % 3, 10}, i * 1000L);
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        d.write(new DataOutputStream(bytes));
        MeasureDetector back = MeasureDetector.read(Direction.DOWN, false, s, new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
        for (int i = 11; i < 20; i++) {
            d.observe(new double[] {6 + i % 3, 10}, i * 1000L);
            back.observe(new double[] {6 + i % 3, 10}, i * 1000L);
        }
        assertEquals(d.baseline(), back.baseline(), 0);
        assertEquals(d.logStatistic(), back.logStatistic(), 0);
    }

    @Test
    void aDetectorWrittenBeforeTheDelayedLearningReadsAsItWas() throws Exception {
        // The earlier layout of a watching single-model detector, field by field: n, first and last
        // ms, sums (a, b), products (aa, ab, bb), pinned, g, ln A, the learned sum and count, then
        // the statistic (empiricalFrom, seen, K, and per shift: s, ln R, CUSUM, since, sum, count, exp sum).
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeLong(4);
        out.writeLong(0);
        out.writeLong(3000);
        for (double v : new double[] {36, 40, 326, 360, 400}) {
            out.writeDouble(v);
        }
        out.writeBoolean(true);
        for (double v : new double[] {0.1, -0.09}) {
            out.writeDouble(v);
        }
        out.writeDouble(12.0);
        out.writeDouble(0.3);
        out.writeLong(2);
        out.writeDouble(0);
        out.writeLong(0);
        out.writeInt(1);
        out.writeDouble(-0.5);
        out.writeDouble(1.5);
        out.writeDouble(0.25);
        out.writeLong(2000);
        out.writeDouble(-0.02);
        out.writeLong(2);
        out.writeDouble(0);
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()));
        DetectorSettings s = DetectorSettings.DEFAULTS.withLearnUtterances(4).withFalseAlarmPeriod(Duration.ofDays(1));
        MeasureDetector d = MeasureDetector.read(Direction.DOWN, false, s, in, true);
        assertEquals(0, in.available(), "every byte read");
        assertEquals(4, d.utterances());
        assertEquals(1.5 + Math.log(1.0), d.logStatistic(), 0); // one shift: weight 1
        // The learned sum 0.3 over the 4 learned and 2 quiet utterances: 0.05.
        assertEquals(0.05, d.baseline(), 1e-15);
        assertEquals(-0.01, d.estimate(), 1e-15); // -0.02 over the excursion's 2 utterances
    }
}
