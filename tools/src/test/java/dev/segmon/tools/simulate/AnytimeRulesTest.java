package dev.segmon.tools.simulate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.interval.PairedMeasure;
import dev.segmon.model.interval.PairedMoments;
import dev.segmon.model.interval.UtteranceMoments;
import org.junit.jupiter.api.Test;

/**
 * The Java mirror of the rules against the hand-worked numbers of the rules' promtool tests
 * (deploy/prometheus/tests/anytime.test.yml and paired.test.yml), so that rule and mirror cannot
 * drift apart: each number below is from those files' headers, worked by hand there.
 */
class AnytimeRulesTest {

    /** n pairs of utterances (hc, yc, hb, yb, r) = (6, 10, 9, 10, 10) and (8, 10, 9, 10, 10). */
    private static PairedMoments worse(int pairs, int baselineHits) {
        PairedMoments m = PairedMoments.ZERO;
        for (int i = 0; i < pairs; i++) {
            m = m.plus(PairedMoments.of(BoundaryCounts.oneToOne(10, 10, 6), BoundaryCounts.oneToOne(10, 10, baselineHits)));
            m = m.plus(PairedMoments.of(BoundaryCounts.oneToOne(10, 10, 8), BoundaryCounts.oneToOne(10, 10, baselineHits)));
        }
        return m;
    }

    private static UtteranceMoments low(int pairs) {
        UtteranceMoments m = UtteranceMoments.ZERO;
        for (int i = 0; i < pairs; i++) {
            m = m.plus(UtteranceMoments.of(6, 10, 10)).plus(UtteranceMoments.of(8, 10, 10));
        }
        return m;
    }

    @Test
    void constantsAreTheRulesOnes() {
        // the header of segmon-anytime.rules.yml: log(1/alpha') = log(360000), rho^2 = 0.5773634
        assertEquals(Math.log(360000), -Math.log(AnytimeRules.ALPHA), 1e-12);
        assertEquals(0.5773634, AnytimeRules.RHO * AnytimeRules.RHO, 1e-7);
    }

    @Test
    void candidateWorseFiresAsInThePromtoolTest() {
        // at 65m the [1h] look holds m = 120: hw = 0.072919, value 0.2 - 0.072919
        double value = AnytimeRules.candidateWorse(worse(60, 9));
        assertEquals(0.2 - 0.072919, value, 1e-6);
        assertTrue(AnytimeRules.fires(value));
        // at 10m: m = 20, hw = 0.3523 > 0.2: quiet; at ~20m (m = 40) hw = 0.1854: fires
        assertEquals(0.2 - 0.3523, AnytimeRules.candidateWorse(worse(10, 9)), 1e-4);
        assertFalse(AnytimeRules.fires(AnytimeRules.candidateWorse(worse(10, 9))));
        assertEquals(0.2 - 0.1854, AnytimeRules.candidateWorse(worse(20, 9)), 1e-4);
        // few: 12 utterances, hw = 0.5744: quiet
        assertEquals(0.2 - 0.5744, AnytimeRules.candidateWorse(worse(6, 9)), 1e-4);
    }

    @Test
    void anAaPairNeverFires() {
        PairedMoments twin = PairedMoments.ZERO;
        for (int i = 0; i < 120; i++) {
            twin = twin.plus(PairedMoments.of(BoundaryCounts.oneToOne(10, 10, 9), BoundaryCounts.oneToOne(10, 10, 9)));
        }
        assertTrue(AnytimeRules.candidateWorse(twin) < 0);
    }

    @Test
    void belowBaselineFiresAsInThePromtoolTest() {
        assertEquals(0.9 - (0.7 + 0.072919), AnytimeRules.belowBaseline(low(60), 0.9), 1e-6);
        assertFalse(AnytimeRules.fires(AnytimeRules.belowBaseline(low(6), 0.9)));
        // ok: F1 0.9, Q = 0, upper end 0.9555 > 0.89
        UtteranceMoments ok = UtteranceMoments.ZERO;
        for (int i = 0; i < 120; i++) {
            ok = ok.plus(UtteranceMoments.of(9, 10, 10));
        }
        assertEquals(0.9 - 0.9555, AnytimeRules.belowBaseline(ok, 0.9), 1e-4);
    }

    @Test
    void windowsAreDifferencesOfCumulativeCounters() {
        assertEquals(low(60), low(100).minus(low(40)));
        assertEquals(worse(60, 9), worse(100, 9).minus(worse(40, 9)));
    }

    /** paired.test.yml, pair c2/b2: (2, 4, 2, 2, 2), (2, 4, 0, 6, 6); SE of P, R, F1, OS by hand. */
    @Test
    void pairedDifferencesAsInThePromtoolTest() {
        PairedMoments c2 = PairedMoments.of(BoundaryCounts.oneToOne(2, 4, 2), BoundaryCounts.oneToOne(2, 2, 2))
                .plus(PairedMoments.of(BoundaryCounts.oneToOne(6, 4, 2), BoundaryCounts.oneToOne(6, 6, 0)));
        double[][] hand = {{0.25, 0.375}, {0.25, 0.125}, {0.25, 0.25}, {0.0, 0.5}};
        PairedMeasure[] order = {PairedMeasure.PRECISION, PairedMeasure.RECALL, PairedMeasure.F1, PairedMeasure.OVER_SEGMENTATION};
        for (int i = 0; i < order.length; i++) {
            assertEquals(hand[i][0], c2.estimate(order[i]).value(), 0, order[i].key());
            assertEquals(hand[i][1], c2.estimate(order[i]).standardError(), 0, order[i].key());
        }
    }

    @Test
    void thresholdConditionIsTodaysRule() {
        // alerts-baseline.test.yml's `low`: F1 0.8 against 0.9 at 2 reference boundaries/s
        UtteranceMoments hour = new UtteranceMoments(360, 5760, 7200, 7200, 0, 0, 0, 0, 0, 0);
        assertTrue(AnytimeRules.thresholdCondition(hour, 0.9));
        assertFalse(AnytimeRules.thresholdCondition(hour, 0.85));
        // quiet: 0.1 reference boundaries/s is under the floor
        assertFalse(AnytimeRules.thresholdCondition(new UtteranceMoments(18, 288, 360, 360, 0, 0, 0, 0, 0, 0), 0.9));
    }
}
