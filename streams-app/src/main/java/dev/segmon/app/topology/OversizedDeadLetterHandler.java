package dev.segmon.app.topology;

import java.util.Map;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.apache.kafka.streams.errors.ProductionExceptionHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the monitor running when an output record is too large for its topic (a huge bad input
 * record copied to a dead-letter topic with a smaller {@code max.message.bytes}): the record is
 * skipped with a warning; it is still counted in {@code segmon_dead_letters_total}, which comes
 * from a store. Every other production error fails as Kafka Streams' default handler does.
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
        return Response.fail();
    }

    @Override
    public void configure(Map<String, ?> configs) {
    }
}
