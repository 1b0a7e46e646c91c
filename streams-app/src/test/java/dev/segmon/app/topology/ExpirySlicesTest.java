package dev.segmon.app.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.wire.Outcome;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Expiry acts on the due states a slice at a time (2 000 per task, at each pass and on each 50 ms
 * tick), so that a pass over many due states does not stop the stream thread; every state is
 * still acted on, once.
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
            // Past reference-max-delay: the pass and the tick it coincides with act on one slice each
            // (the driver fires each due punctuator once per advance), not on all 5 000.
            d.driver.advanceWallClockTime(Duration.ofSeconds(70));
            long closed = unreferenced(d);
            assertTrue(closed > 0 && closed < UTTERANCES, "closed in the first advance: " + closed);
            // The next ticks take the rest; each utterance is counted once, as unreferenced
            // (complete hypotheses that no reference came for).
            for (int tick = 0; tick < 5; tick++) {
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
