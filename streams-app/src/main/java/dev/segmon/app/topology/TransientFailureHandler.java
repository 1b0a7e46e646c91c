package dev.segmon.app.topology;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.errors.TransactionAbortableException;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a dying stream thread means for the monitor: a thread killed by the broker being away is
 * replaced ({@code REPLACE_THREAD}); anything else stops the client ({@code SHUTDOWN_CLIENT}:
 * {@code /ready} 503, {@code segmon run} exits 1), as before.
 *
 * <p>Why: under exactly-once a thread's tasks share one transactional producer, and after a send
 * timed out while the broker was away the other tasks' flushes fail in a way Kafka Streams treats
 * as fatal (docs/decisions/0043-stream-threads-replaced-on-transient-errors.md). A replaced thread
 * starts with a new producer and its tasks are
 * restored from the changelogs, so nothing is lost or counted twice (KIP-671).
 *
 * <p>Transient = some exception in the cause chain is a {@link RetriableException} (e.g. the
 * producer's {@code TimeoutException}), a {@link TransactionAbortableException}, or the producer's
 * {@code IllegalStateException} after an abort that itself timed out (docs/faults.md, scenario 8).
 * A fault that persists would replace thread after thread, so after {@link #MAX_REPLACEMENTS}
 * replacements within {@link #WINDOW} the client is stopped after all.
 */
public final class TransientFailureHandler implements StreamsUncaughtExceptionHandler {
    private static final Logger LOG = LoggerFactory.getLogger(TransientFailureHandler.class);
    static final int MAX_REPLACEMENTS = 10;
    static final Duration WINDOW = Duration.ofHours(1);

    private final Clock clock;
    private final Deque<Long> replacements = new ArrayDeque<>();

    public TransientFailureHandler() {
        this(Clock.systemUTC());
    }

    TransientFailureHandler(Clock clock) {
        this.clock = clock;
    }

    @Override
    public synchronized StreamThreadExceptionResponse handle(Throwable exception) {
        if (!isTransient(exception)) {
            return StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
        }
        long now = clock.millis();
        while (!replacements.isEmpty() && now - replacements.peekFirst() >= WINDOW.toMillis()) {
            replacements.removeFirst();
        }
        if (replacements.size() >= MAX_REPLACEMENTS) {
            LOG.error("segmon: {} stream threads replaced within {}; stopping", replacements.size(), WINDOW, exception);
            return StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
        }
        replacements.addLast(now);
        LOG.warn("segmon: a stream thread died of a transient error (the broker away?); replacing it", exception);
        return StreamThreadExceptionResponse.REPLACE_THREAD;
    }

    /** The producer's refusal to start a transaction while an earlier transactional call that timed out awaits its retry. */
    private static boolean isTimedOutTransition(Throwable t) {
        return t instanceof IllegalStateException && t.getMessage() != null && t.getMessage().endsWith("timed out and must be retried");
    }

    /** Whether a retriable or transaction-abortable exception is in the cause chain. */
    static boolean isTransient(Throwable exception) {
        for (Throwable t = exception; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof RetriableException || t instanceof TransactionAbortableException || isTimedOutTransition(t)) {
                return true;
            }
        }
        return false;
    }
}
