package dev.segmon.app.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.model.estimate.Backtest;
import dev.segmon.model.estimate.RateMoments;
import dev.segmon.model.interval.PairedMoments;
import dev.segmon.model.interval.UtteranceMoments;
import dev.segmon.model.boundary.BoundaryCounts;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The one aggregate per series and per minute: layouts pinned, and they add up as their components do. */
class FiguresBytesTest {

    @Test
    void aSeriesAggregateIsAMaskThenItsComponentsInTheirOwnLayoutsThenTheMaps() throws IOException {
        UtteranceMoments m = UtteranceMoments.of(new BoundaryCounts(4, 5, 3, 3));
        SeriesFigures f = SeriesFigures.ofMoments(m).plus(SeriesFigures.ofRefused("negative"));
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(expected);
        out.writeByte(1);
        out.writeInt(0b10); // only the second component (moments) is present
        byte[] moments = Moments.UTTERANCE.serializer().serialize("t", m);
        out.writeInt(moments.length);
        out.write(moments);
        out.writeInt(1); // refused: one reason
        out.writeUTF("negative");
        byte[] one = StateSerde.COUNT.serializer().serialize("t", 1L);
        out.writeInt(one.length);
        out.write(one);
        out.writeInt(0); // paired: none
        byte[] bytes = f.encode();
        assertArrayEquals(expected.toByteArray(), bytes);
        SeriesFigures back = SeriesFigures.decode(bytes);
        assertEquals(m, back.moments());
        assertEquals(null, back.totals());
        assertEquals(Map.of("negative", 1L), back.refused());
    }

    @Test
    void aMinuteAggregateHasCountsMomentsWordsRatesAndPairs() throws IOException {
        MinuteCounts c = MinuteCounts.ZERO.plus(new BoundaryCounts(2, 2, 1, 1), 1);
        PairedMoments p = PairedMoments.of(new BoundaryCounts(2, 2, 1, 1), new BoundaryCounts(2, 3, 2, 2));
        MinuteFigures f = MinuteFigures.EMPTY.withCounts(c).plusPaired(new TreeMap<>(Map.of("base", p)));
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(expected);
        out.writeByte(1);
        out.writeInt(0b1); // counts only
        byte[] counts = MinuteCounts.SERDE.serializer().serialize("t", c);
        out.writeInt(counts.length);
        out.write(counts);
        out.writeInt(1);
        out.writeUTF("base");
        byte[] paired = Moments.PAIRED.serializer().serialize("t", p);
        out.writeInt(paired.length);
        out.write(paired);
        assertArrayEquals(expected.toByteArray(), f.encode());
        MinuteFigures back = MinuteFigures.decode(f.encode());
        assertEquals(c, back.counts());
        assertEquals(p, back.paired().get("base"));
    }

    @Test
    void aMinuteAggregateKeepsItsHitsOffsetSumAsTheSixthComponent() throws IOException {
        MinuteFigures f = MinuteFigures.EMPTY.plusBias(new OffsetBias(-7_000, 3));
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(expected);
        out.writeByte(1);
        out.writeInt(0b100000); // the sixth component (bias) only
        out.writeInt(17); // its own layout: version, sum, hits
        out.writeByte(1);
        out.writeLong(-7_000);
        out.writeLong(3);
        out.writeInt(0); // paired: none
        assertArrayEquals(expected.toByteArray(), f.encode());
        // Two minutes of -7 ms over 3 hits and +13 ms over 2: -7 + 13 = +6 ms over 5 hits.
        MinuteFigures sum = MinuteFigures.decode(f.encode()).plus(MinuteFigures.EMPTY.plusBias(new OffsetBias(13_000, 2)));
        assertEquals(new OffsetBias(6_000, 5), sum.bias());
        assertEquals(0.0012, sum.bias().meanSeconds(), 1e-15);
    }

    @Test
    void aMinuteAggregateWrittenBeforeTheOffsetSumReadsWithoutIt() throws IOException {
        MinuteCounts c = MinuteCounts.ZERO.plus(new BoundaryCounts(2, 2, 1, 1), 1);
        ByteArrayOutputStream old = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(old);
        out.writeByte(1);
        out.writeInt(0b1); // counts only: the mask of five components had no sixth bit
        byte[] counts = MinuteCounts.SERDE.serializer().serialize("t", c);
        out.writeInt(counts.length);
        out.write(counts);
        out.writeInt(0);
        MinuteFigures back = MinuteFigures.decode(old.toByteArray());
        assertEquals(c, back.counts());
        assertEquals(null, back.bias());
    }

    @Test
    void aggregatesAddComponentByComponentAndAbsentStaysAbsent() {
        RateMoments r1 = RateMoments.of(3, 2.0);
        RateMoments r2 = RateMoments.of(5, 4.0);
        SeriesFigures a = SeriesFigures.ofHypothesisRates(r1).plus(SeriesFigures.ofBacktest(new Backtest(1, 3, 2.5, 4)));
        SeriesFigures b = SeriesFigures.ofHypothesisRates(r2).plus(SeriesFigures.ofRefused("negative")).plus(SeriesFigures.ofRefused("negative"));
        SeriesFigures sum = SeriesFigures.decode(a.encode()).plus(SeriesFigures.decode(b.encode()));
        // 3 + 5 boundaries over 2 + 4 seconds; the backtest from a alone; two refusals from b.
        assertEquals(r1.plus(r2), sum.hypothesisRates());
        assertEquals(new Backtest(1, 3, 2.5, 4), sum.backtest());
        assertEquals(Map.of("negative", 2L), sum.refused());
        assertEquals(null, sum.get(Components.WORDS));
        assertEquals(null, sum.referenceRates());
    }
}
