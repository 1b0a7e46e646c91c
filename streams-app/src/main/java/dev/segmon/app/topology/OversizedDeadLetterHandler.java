package dev.segmon.app.topology;

import java.util.Map;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.apache.kafka.streams.errors.ProductionExceptionHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the monitor running when an output record is too large for its topic (a huge bad input
 * record copied to a dead-letter topic with a smaller {@code max.message.bytes}): the record is
 * skipped with a warning; it is still counted in {@code segmon_dead_letters_total}, which comes
 * from a store.
 *
 * <p>Every other error is answered as Kafka Streams' own {@code DefaultProductionExceptionHandler}
 * (4.3.0) answers it: a {@link RetriableException} is retried, anything else fails the client.
 * Retrying matters when the broker is away: a send that needs a topic's metadata waits
 * {@code max.block.ms} (60 s) and then fails with a {@code TimeoutException}; answered FAIL, that
 * stopped the monitor for good (docs/decisions/0042-retriable-production-errors-retried.md). Answered RETRY, Kafka Streams
 * marks the task corrupted, aborts its transaction and re-initialises it from the changelogs
 * (exactly-once), and goes on once the broker is back.
 */
public final class OversizedDeadLetterHandler implements ProductionExceptionHandler {
    private static final Logger LOG = LoggerFactory.getLogger(OversizedDeadLetterHandler.class);

    @Override
    public Response handleError(ErrorHandlerContext context, ProducerRecord<byte[], byte[]> record, Exception exception) {
        if (exception instanceof RecordTooLargeException) {
            LOG.warn("segmon: skipped a record too large for topic {} ({} bytes): {}", record.topic(),
                    record.value() == null ? 0 : record.value().length, exception.getMessage());
            return Response.resume();
        }
        if (exception instanceof RetriableException) {
            return Response.retry();
        }
        return Response.fail();
    }

    @Override
    public void configure(Map<String, ?> configs) {
    }
}
