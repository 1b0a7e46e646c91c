package dev.segmon.tools.simulate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.model.interval.Measure;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class CoverageTest {
    /**
     * Beta(1, 1), n_ref uniform in [10, 120]: E[p] = 1/2; n_hyp = n_ref + d, d uniform in
     * [-3, 3], never clipped at 1, so E[y] = E[r] = 65 and E[min(r, y)] = 65 + (-3 - 2 - 1)/7 =
     * 65 - 6/7. P = R = F1 = (65 - 6/7)/65 * 1/2 = 449/910; OS = 0.
     */
    @Test
    void trueValuesByHand() {
        StreamModel uniform = new StreamModel(1, 1, 10, 120);
        for (Measure m : new Measure[] {Measure.PRECISION, Measure.RECALL, Measure.F1}) {
            assertEquals(449.0 / 910, uniform.truth(m), 1e-15, m.key());
        }
        assertEquals(0, uniform.truth(Measure.OVER_SEGMENTATION), 1e-15);
        // Beta(2, 0.5): E[p] = 2/2.5 = 0.8, the same lengths.
        assertEquals((65 - 6.0 / 7) / 65 * 0.8, new StreamModel(2, 0.5, 10, 120).truth(Measure.RECALL), 1e-15);
    }

    /** The shape-below-one Beta (Marsaglia and Tsang's boost) has the right mean, 0.8, and variance, 0.08 / 3.5 = 0.0228571. */
    @Test
    void skewedHitProbabilityHasBetaTwoHalfMoments() {
        StreamModel skewed = new StreamModel(2, 0.5, 10, 120);
        SplittableRandom rnd = new SplittableRandom(3);
        int n = 400_000;
        double sum = 0;
        double squares = 0;
        for (int i = 0; i < n; i++) {
            double p = skewed.utterance(rnd).p();
            sum += p;
            squares += p * p;
        }
        double mean = sum / n;
        // Beta(a, b): mean a/(a+b) = 0.8, variance ab/((a+b)^2 (a+b+1)) = 1/(6.25 * 3.5).
        assertEquals(0.8, mean, 0.002);
        assertEquals(1 / (6.25 * 3.5), squares / n - mean * mean, 0.001);
    }

    /** t_{0.975, m-1} > z_{0.975}: R -+ t SE contains R -+ z SE, so it covers at least as often. */
    @Test
    void theTIntervalCoversAtLeastAsOftenAsTheNormalOne() {
        Coverage.Result r = Coverage.run(new StreamModel(2, 0.5, 1, 120), 300, 20, 11);
        for (Measure m : Measure.values()) {
            assertTrue(r.tLinear().get(m) >= r.normal().get(m), m.key());
        }
        assertEquals(20, r.utterancesPerWindow());
    }

    /**
     * docs/contract.md 2.1.1's interval covers at least 94 % in every small-window case, for
     * every measure: 20000 windows of 20 and 40 utterances and 4000 of 360 per generating model,
     * so a binomial standard error of 0.16 and 0.35 point around true coverages of about 94.5 %
     * (20 utterances, skewed rates) to 95 % (360).
     */
    @Test
    void everySmallWindowCaseCoversAtLeast94Percent() {
        SplittableRandom rnd = new SplittableRandom(19);
        for (Coverage.Case c : Coverage.SMALL_WINDOW_CASES) {
            for (int size : Coverage.SMALL_WINDOW_SIZES) {
                Coverage.Result r = Coverage.run(c.model(), size < 360 ? 20_000 : 4_000, size, rnd.nextLong());
                for (Measure m : Measure.values()) {
                    assertTrue(r.interval().get(m) >= 0.94, c.name() + " " + size + " " + m.key() + ": " + r.interval().get(m));
                }
            }
        }
    }
}
