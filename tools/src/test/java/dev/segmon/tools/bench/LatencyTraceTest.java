package dev.segmon.tools.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code --latency-trace} file: every measured phase's utterances, each line naming its phase. */
class LatencyTraceTest {
    @TempDir
    Path dir;

    @Test
    void eachPhaseIsTimedFromItsOwnFirstSendAndNamed() throws Exception {
        // Two utterances per phase, both referenced, due every 0.5 s. Phase 1 sends at 10.0 s and
        // 10.6 s (0.1 s behind schedule); phase 2 at 40.0 s and 40.5 s (on time).
        PacedLatency.Plan plan = PacedLatency.Plan.of("latm", ReferenceSample.of(2, 1.0, 1, "latm"));
        Path file = dir.resolve("t.csv");
        try (PacedLatency.Trace trace = PacedLatency.Trace.open(file)) {
            trace.add(1, plan, new long[] {10_000_000_000L, 10_600_000_000L}, new double[] {0.05, 0.07}, 0.5);
            trace.add(2, plan, new long[] {40_000_000_000L, 40_500_000_000L}, new double[] {0.06, 0.3}, 0.5);
        }
        assertEquals(List.of("utterance,sent_s,behind_schedule_s,latency_s,phase",
                "0,0.0000,0.0000,0.0500,1",
                "1,0.6000,0.1000,0.0700,1",
                "0,0.0000,0.0000,0.0600,2",
                "1,0.5000,0.0000,0.3000,2"), Files.readAllLines(file));
    }
}
