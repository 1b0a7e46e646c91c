package dev.segmon.app.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.wire.Outcome;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Expiry acts on the due states in even slices over the interval until the next pass (the queue
 * divided by the 50 ms ticks in an interval, at least 256), so that a pass over many due states
 * does not stop the stream thread; every state is still acted on, once.
 */
class ExpirySlicesTest {
    private static final int UTTERANCES = 5_000;

    @Test
    void manyDueStatesAreClosedOverSeveralTicksEachOnce() throws Exception {
        try (SegmonDriver d = new SegmonDriver(MonitorConfig.builder().referenceMaxDelay(Duration.ofMinutes(1))
                .expiryInterval(Duration.ofSeconds(10)))) {
            // 5 000 utterances of one model, each one boundary and its end, none with a reference.
            for (int i = 0; i < UTTERANCES; i++) {
                String u = "u" + i;
                d.hyp(u, "{\"utterance\":\"" + u + "\",\"model\":\"a\",\"tier\":\"word\",\"time\":0.5}", 1);
                d.hyp(u, "{\"utterance\":\"" + u + "\",\"model\":\"a\",\"tier\":\"word\",\"end\":true}", 1);
            }
            assertEquals(UTTERANCES, d.totals("a", "word").open());
            // Past reference-max-delay: the pass queues 5 000 states and a 10 s interval has 200
            // ticks, so a slice is max(256, 5 000 / 200) = 256. The pass and the tick it coincides
            // with act on one slice each (the driver fires each due punctuator once per advance).
            d.driver.advanceWallClockTime(Duration.ofSeconds(70));
            long closed = unreferenced(d);
            assertTrue(closed == 256 || closed == 512, "closed in the first advance: " + closed);
            // The next ticks take the rest, 256 at a time (5 000 / 256 = 19.5 slices); each
            // utterance is counted once, as unreferenced (complete, and no reference came).
            for (int tick = 0; tick < 19; tick++) {
                d.driver.advanceWallClockTime(Duration.ofMillis(50));
            }
            assertEquals(UTTERANCES, unreferenced(d));
            assertEquals(0, d.totals("a", "word").open());
        }
    }

    private static long unreferenced(SegmonDriver d) {
        return d.totals("a", "word").outcomes().getOrDefault(Outcome.UNREFERENCED, 0L);
    }
}
