package dev.segmon.app.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.TransactionAbortableException;
import org.apache.kafka.streams.errors.StreamsException;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse;
import org.junit.jupiter.api.Test;

class TransientFailureHandlerTest {
    /** A clock the test moves by hand. */
    private static final class ManualClock extends Clock {
        private Instant now = Instant.parse("2026-11-22T04:00:00Z");

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    // The chain that stopped the monitor in BrokerRestartFaultTest with a 70 s outage (its log):
    // StreamsException "Error encountered trying to send record to topic
    // outage-segmon-totals-changelog" <- KafkaException "Cannot execute transactional method because
    // we are in an error state" <- TransactionAbortableException <- TimeoutException "Topic
    // outage.scores not present in metadata after 60000 ms."
    private static Throwable brokerAway() {
        return new StreamsException("Error encountered trying to send record to topic outage-segmon-totals-changelog",
                new KafkaException("Cannot execute transactional method because we are in an error state",
                        new TransactionAbortableException("Transaction Request was aborted after exhausting retries.",
                                new TimeoutException("Topic outage.scores not present in metadata after 60000 ms."))));
    }

    @Test
    void replacesAThreadKilledByTheBrokerBeingAway() {
        assertEquals(StreamThreadExceptionResponse.REPLACE_THREAD, new TransientFailureHandler().handle(brokerAway()));
    }

    // The chain that stopped the monitor 6 minutes into a 10-minute broker outage (OutageOpsTest's
    // log): StreamsException <- IllegalStateException from the producer's transaction manager,
    // after an abortTransaction had timed out.
    @Test
    void replacesAThreadWhoseProducerMustRetryATimedOutAbort() {
        Throwable chain = new StreamsException("Exception caught in process. taskId=0_0",
                new IllegalStateException("Cannot attempt operation `beginTransaction` because the previous call to `abortTransaction` timed out "
                        + "and must be retried"));
        assertEquals(StreamThreadExceptionResponse.REPLACE_THREAD, new TransientFailureHandler().handle(chain));
    }

    @Test
    void stopsTheClientOnAnythingElse() {
        TransientFailureHandler handler = new TransientFailureHandler();
        assertEquals(StreamThreadExceptionResponse.SHUTDOWN_CLIENT,
                handler.handle(new StreamsException("send failed", new RecordTooLargeException("too large"))));
        assertEquals(StreamThreadExceptionResponse.SHUTDOWN_CLIENT, handler.handle(new IllegalStateException("a bug")));
    }

    @Test
    void stopsTheClientWhenReplacingDoesNotHelp() {
        ManualClock clock = new ManualClock();
        TransientFailureHandler handler = new TransientFailureHandler(clock);
        for (int i = 0; i < TransientFailureHandler.MAX_REPLACEMENTS; i++) {
            assertEquals(StreamThreadExceptionResponse.REPLACE_THREAD, handler.handle(brokerAway()), "replacement " + (i + 1));
            clock.now = clock.now.plus(Duration.ofMinutes(1));
        }
        // 10 replacements at minutes 0..9; at minute 10 all of them are within the last hour.
        assertEquals(StreamThreadExceptionResponse.SHUTDOWN_CLIENT, handler.handle(brokerAway()));
        // At minute 60 the first one (minute 0) has left the window: one more replacement is allowed.
        clock.now = clock.now.plus(Duration.ofMinutes(50));
        assertEquals(StreamThreadExceptionResponse.REPLACE_THREAD, handler.handle(brokerAway()));
    }
}
