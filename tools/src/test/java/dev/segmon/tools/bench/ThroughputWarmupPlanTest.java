package dev.segmon.tools.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** When the bench's throughput warm-up ends; the shares are the JIT's of recorded runs (docs/performance.md). */
class ThroughputWarmupPlanTest {

    @Test
    void theMeasuredRunsStartAfterTheFirstPairInWhichNeitherRunCompiledATenthOfItsTime() {
        ThroughputWarmupPlan plan = new ThroughputWarmupPlan(2, 4);
        assertFalse(plan.measuring());
        assertEquals("", plan.warmedUp(1.03, 1.05)); // the minimum is not reached: no verdict
        assertTrue(plan.warmedUp(0.89, 0.92).endsWith("(not yet settled)"));
        assertTrue(plan.warmedUp(0.46, 0.29).endsWith("(not yet settled)"));
        assertFalse(plan.measuring());
        // 0.05 and 0.07: both under 0.10.
        assertEquals("the JIT compiled 0.05 of the pass-through's run and 0.07 of the monitor's (settled; the measured runs start)",
                plan.warmedUp(0.05, 0.07));
        assertTrue(plan.measuring());
        assertEquals(new Bench.ThroughputWarmup(4, true), plan.result());
    }

    @Test
    void aTenthIsNotSettledAndEitherApplicationHoldsTheWarmUp() {
        ThroughputWarmupPlan plan = new ThroughputWarmupPlan(1, 4);
        plan.warmedUp(0.10, 0.02);
        assertFalse(plan.measuring());
        plan.warmedUp(0.02, 0.10);
        assertFalse(plan.measuring());
        plan.warmedUp(0.0999, 0.02);
        assertTrue(plan.measuring());
    }

    @Test
    void afterTheExtraRunsTheMeasuredRunsStartUnsettled() {
        ThroughputWarmupPlan plan = new ThroughputWarmupPlan(2, 2);
        plan.warmedUp(1.0, 1.0);
        plan.warmedUp(0.9, 0.8);
        plan.warmedUp(0.3, 0.2);
        assertTrue(plan.warmedUp(0.2, 0.3).endsWith("(not settled; the measured runs start)"));
        assertTrue(plan.measuring());
        assertEquals(new Bench.ThroughputWarmup(4, false), plan.result());
        assertThrows(IllegalStateException.class, () -> plan.warmedUp(0.0, 0.0));
    }

    @Test
    void withoutExtraRunsTheWarmUpIsTheMinimumAndSettlingIsNotAsked() {
        ThroughputWarmupPlan plan = new ThroughputWarmupPlan(2, 0);
        assertEquals("", plan.warmedUp(1.0, 1.0));
        assertEquals("", plan.warmedUp(0.9, 0.9));
        assertTrue(plan.measuring());
        assertEquals(new Bench.ThroughputWarmup(2, null), plan.result());
        ThroughputWarmupPlan none = new ThroughputWarmupPlan(0, 0);
        assertTrue(none.measuring());
        assertEquals(new Bench.ThroughputWarmup(0, null), none.result());
    }

    @Test
    void withoutAPassThroughTheMonitorAloneDecides() {
        ThroughputWarmupPlan plan = new ThroughputWarmupPlan(1, 4);
        assertTrue(plan.warmedUp(Double.NaN, 0.3).endsWith("(not yet settled)"));
        assertEquals("the JIT compiled an unmeasured share of the pass-through's run and 0.04 of the monitor's (settled; the measured runs start)",
                plan.warmedUp(Double.NaN, 0.04));
        assertTrue(plan.measuring());
    }

    @Test
    void aZeroMinimumStillWarmsUpUntilSettled() {
        ThroughputWarmupPlan plan = new ThroughputWarmupPlan(0, 4);
        assertFalse(plan.measuring());
        plan.warmedUp(0.05, 0.05);
        assertTrue(plan.measuring());
        assertEquals(new Bench.ThroughputWarmup(1, true), plan.result());
    }
}
