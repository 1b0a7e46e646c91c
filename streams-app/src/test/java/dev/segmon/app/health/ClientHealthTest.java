package dev.segmon.app.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Properties;
import org.apache.kafka.streams.KafkaStreams.State;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.Test;

class ClientHealthTest {
    private static final long NOW = 1_000_000;
    private static final Duration FIFTEEN_MINUTES = Duration.ofMinutes(15);

    private static ClientHealth seen(State state, boolean closing, long contactAgeMs, double pollAgeSeconds) {
        return new ClientHealth(state, closing, NOW, NOW - contactAgeMs, pollAgeSeconds, FIFTEEN_MINUTES);
    }

    private static ClientHealth seen(State state) {
        return seen(state, false, 0, 1);
    }

    @Test
    void livenessFailsOnlyForAClientThatStoppedForGoodWithoutBeingAsked() {
        assertTrue(new ClientHealth(null, false, NOW, NOW, Double.NaN, FIFTEEN_MINUTES).liveness().ok(), "before the client exists");
        assertTrue(seen(State.CREATED).liveness().ok());
        assertTrue(seen(State.REBALANCING).liveness().ok());
        assertTrue(seen(State.RUNNING).liveness().ok());
        assertFalse(seen(State.PENDING_ERROR).liveness().ok());
        assertFalse(seen(State.ERROR).liveness().ok());
        assertFalse(seen(State.PENDING_SHUTDOWN).liveness().ok());
        assertFalse(seen(State.NOT_RUNNING).liveness().ok());
        assertTrue(seen(State.PENDING_SHUTDOWN, true, 0, 1).liveness().ok(), "shutting down because this process asked");
        assertTrue(seen(State.NOT_RUNNING, true, 0, 1).liveness().ok());
    }

    @Test
    void readinessHoldsOnlyWhileRunning() {
        for (State s : State.values()) {
            assertEquals(s == State.RUNNING, seen(s).readiness().ok(), s.name());
        }
        assertFalse(new ClientHealth(null, false, NOW, NOW, Double.NaN, FIFTEEN_MINUTES).readiness().ok());
    }

    // An hour without an answer from the cluster: both probes still pass, and the figures are stale.
    @Test
    void theBrokerAwayFailsNeitherProbeButMakesTheFiguresStale() {
        ClientHealth away = seen(State.RUNNING, false, 3_600_000, 1);
        assertTrue(away.liveness().ok());
        assertTrue(away.readiness().ok());
        assertEquals(3600.0, away.contactAgeSeconds());
        assertTrue(away.stale());
        assertFalse(seen(State.RUNNING, false, 15_000, 1).stale(), "15 s is not over the 15 s limit");
        assertTrue(seen(State.RUNNING, false, 15_001, 1).stale());
    }

    // 15 min = 900 s: a thread that last polled 900 s ago is not yet wedged, 901 s ago it is; only a
    // RUNNING client is judged so (a rebalancing one waits on the group, not on its own code).
    @Test
    void aRunningClientIsWedgedOnceAThreadHasNotPolledForLongerThanTheLimit() {
        assertTrue(seen(State.RUNNING, false, 0, 900).liveness().ok());
        ClientHealth wedged = seen(State.RUNNING, false, 0, 901);
        assertFalse(wedged.liveness().ok());
        assertFalse(wedged.readiness().ok());
        assertEquals("wedged: a stream thread has not polled for 901 s (limit 900 s)", wedged.liveness().reason());
        assertTrue(seen(State.REBALANCING, false, 0, 5_000).liveness().ok());
        assertTrue(seen(State.RUNNING, false, 0, Double.NaN).liveness().ok(), "no thread polled yet");
    }

    // Three max.poll.interval.ms of the main consumer: 3 x 300 000 ms by default, 3 x 60 000 ms set
    // for every consumer, 3 x 100 000 ms set for the main consumer only.
    @Test
    void theWedgedLimitIsThreePollIntervalsOfTheMainConsumer() {
        Properties p = new Properties();
        p.put(StreamsConfig.APPLICATION_ID_CONFIG, "a");
        p.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "localhost:9092");
        p.put(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_GLOBAL_ENABLED_CONFIG, true);
        assertEquals(Duration.ofSeconds(900), ClientHealth.wedgedAfter(p));
        p.put("max.poll.interval.ms", "60000");
        assertEquals(Duration.ofSeconds(180), ClientHealth.wedgedAfter(p));
        p.put(StreamsConfig.mainConsumerPrefix("max.poll.interval.ms"), "100000");
        assertEquals(Duration.ofSeconds(300), ClientHealth.wedgedAfter(p));
    }
}
