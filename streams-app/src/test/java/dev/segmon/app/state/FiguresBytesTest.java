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
        MinuteFigures f = new MinuteFigures(c, null, null, null, new TreeMap<>(Map.of("base", p)));
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
        assertEquals(null, sum.words());
        assertEquals(null, sum.referenceRates());
    }
}
