package dev.segmon.app.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The demo's lines from the monitor's counts. Expected values by hand:
 * <ul>
 * <li>healthy, cumulative: n_ref 100, n_hyp 98, hits 95: P = 95/98 = 0.969, R = 0.95,
 *     F1 = 190/198 = 0.960, OS = 98/100 - 1 = -0.02; R-value with HR 95 %, OS -2 %:
 *     r1 = sqrt(5^2 + 2^2) = 5.385, r2 = (2 + 95 - 100)/sqrt(2) = -2.121,
 *     R = 1 - (5.385 + 2.121)/200 = 0.962; utterances 123.</li>
 * <li>healthy, 5 m: only the minute 2 min before now counts (the one 10 min before is outside):
 *     n_ref 10, n_hyp 10, hits 5: P = R = F1 = 0.5, OS 0; r1 = 50, r2 = -50/sqrt(2) = -35.36,
 *     R = 1 - 85.36/200 = 0.573.</li>
 * <li>regressing: n_ref 0, n_hyp 4, hits 0: P = 0/4 = 0, F1 = 0/4 = 0, recall, OS and R-value
 *     undefined ("-"); no minute in the window.</li>
 * </ul>
 */
class DemoReportTest {
    private static final long NOW = 1_800_000_000_000L; // a minute boundary plus 0 s
    private static final FixedState STATE = new FixedState()
            .total("healthy", 100, 98, 95, 123)
            .total("regressing", 0, 4, 0, 0)
            .minute("healthy", NOW - 2 * 60_000L, 10, 10, 5)
            .minute("healthy", NOW - 10 * 60_000L, 1000, 1000, 0);

    @Test
    void slidingWindowIsTheDefaultAndReadsTheLastFiveMinutesOnly() {
        List<String> lines = DemoReport.lines(STATE, NOW, List.of("healthy", "regressing"), "word", null);
        assertEquals(List.of(
                "healthy word P=0.50 R=0.50 F1=0.50 OS=+0.00 R-val=0.57 utts=123 window=5m",
                "regressing word P=- R=- F1=- OS=- R-val=- utts=0 window=5m"), lines);
    }

    @Test
    void cumulativeWindowReadsTheTotals() {
        List<String> lines = DemoReport.lines(STATE, NOW, List.of("healthy", "regressing"), "word", "cumulative");
        assertEquals(List.of(
                "healthy word P=0.97 R=0.95 F1=0.96 OS=-0.02 R-val=0.96 utts=123 window=cumulative",
                "regressing word P=0.00 R=- F1=0.00 OS=- R-val=- utts=0 window=cumulative"), lines);
    }

    @Test
    void aModelTheMonitorHoldsButNobodyNamedIsListedAfterTheNamedOnes() {
        List<String> lines = DemoReport.lines(STATE, NOW, List.of("regressing"), "word", "cumulative");
        assertEquals(2, lines.size());
        assertEquals("regressing", lines.get(0).split(" ")[0]);
        assertEquals("healthy", lines.get(1).split(" ")[0]);
    }

    @Test
    void anUnknownWindowIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> DemoReport.lines(STATE, NOW, List.of(), "word", "1m"));
    }
}
