package dev.segmon.tools.simulate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.app.cli.CliRun;
import dev.segmon.app.demo.SimulatedModel;
import dev.segmon.model.alignment.Segment;
import dev.segmon.model.alignment.Utterance;
import dev.segmon.model.boundary.BoundaryScorer;
import java.util.List;
import org.junit.jupiter.api.Test;

class EarlyBacktestTest {

    @Test
    void cutsAtTheMiddleOfLongPausesAndCountsFromEachUtterancesStart() {
        // Pauses: 1.4 -> 1.8 (0.4 s, cut at 1.6) and 2.0 -> 2.05 (0.05 s, kept); the last
        // utterance ends at 2.3 + pad 0.2 = 2.5.
        Utterance recording = new Utterance.Segmented("rec", List.of(
                new Segment(0.5, 1.0, "a"), new Segment(1.0, 1.4, "b"), new Segment(1.8, 2.0, "c"), new Segment(2.05, 2.3, "d")));
        List<PauseCuts.Cut> cuts = PauseCuts.of(recording, 0.15, 0.2);
        assertEquals(2, cuts.size());
        assertArrayEquals(new long[] {500_000, 1_000_000, 1_400_000}, cuts.get(0).boundaries());
        assertEquals(1.6, cuts.get(0).duration(), 1e-9);
        assertArrayEquals(new long[] {200_000, 400_000, 450_000, 700_000}, cuts.get(1).boundaries());
        assertEquals(0.9, cuts.get(1).duration(), 1e-9);
    }

    @Test
    void errorFreeModelHasRealisedZeroAndTheEstimateOfItsBoundaryRate() {
        // rho from (4 boundaries, 2 s) and (2, 2 s): 6 / 4 = 1.5 per second. The block (3, 1 s),
        // (5, 3 s): A = 8 / 4 = 2 per second, estimate 2 / 1.5 - 1 = 1/3; a model without errors
        // repeats the references, so the realised OS is 0. By hand, the delta-method SE of A / rho
        // is at least 0.39 (residuals +-1 on both sides), so the interval 1/3 +- 1.96 SE holds 0.
        // The fifth utterance is a partial block and left out.
        List<PauseCuts.Cut> u = List.of(cut(4, 2), cut(2, 2), cut(3, 1), cut(5, 3), cut(7, 1));
        EarlyBacktest.Result r = EarlyBacktest.run(u, SimulatedModel.healthy("m", 0, 0, 0), 2, 2, BoundaryScorer.builder().build(), 1);
        assertEquals(1.5, r.rho().rate(), 1e-12);
        assertEquals(1, r.blocks().size());
        EarlyBacktest.Block b = r.blocks().get(0);
        assertEquals(1.0 / 3, b.estimate().value(), 1e-12);
        assertEquals(0.0, b.realised(), 0);
        assertEquals(1.0 / 3, r.maxAbsoluteError(), 1e-12);
        assertTrue(b.covered());
        assertEquals(1.0, r.coverage(), 0);
    }

    @Test
    void commandCutsTheShippedMandarinReference() {
        // awk over examples/mandarin/gold.wrd: 276 silences of >= 0.205 s between words of one file,
        // 2 files, so 278 utterances; after 100 learnt, one full block of 100.
        CliRun run = CliRun.of("simulate", "early", "../examples/mandarin/gold.wrd", "--pause", "0.205", "--json");
        assertEquals(0, run.exit(), run.err());
        assertEquals(2, run.json().get("files").asInt());
        assertEquals(278, run.json().get("utterances").asInt());
        assertEquals(1, run.json().get("blocks").asInt());
    }

    @Test
    void missingReferenceIsBadInput() {
        CliRun run = CliRun.of("simulate", "early", "no-such-file.wrd");
        assertEquals(2, run.exit(), run.err());
    }

    private static PauseCuts.Cut cut(int boundaries, double seconds) {
        long[] b = new long[boundaries];
        for (int i = 0; i < boundaries; i++) {
            b[i] = Math.round(i * seconds * 1e6 / boundaries);
        }
        return new PauseCuts.Cut("u", b, seconds);
    }
}
