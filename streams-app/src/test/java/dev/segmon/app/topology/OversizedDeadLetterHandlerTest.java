package dev.segmon.app.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.streams.errors.ProductionExceptionHandler;
import org.junit.jupiter.api.Test;

class OversizedDeadLetterHandlerTest {
    private final OversizedDeadLetterHandler handler = new OversizedDeadLetterHandler();
    private final ProducerRecord<byte[], byte[]> record = new ProducerRecord<>("segmon.dead-letters", new byte[10]);

    @Test
    void skipsOnlyRecordsTooLargeForTheirTopic() {
        assertEquals(ProductionExceptionHandler.Result.RESUME,
                handler.handleError(null, record, new RecordTooLargeException("too large")).result());
        assertEquals(ProductionExceptionHandler.Result.FAIL,
                handler.handleError(null, record, new TopicAuthorizationException("denied")).result());
    }

    // A send whose topic metadata does not arrive within max.block.ms (the broker is down) fails
    // with this exact message shape (seen in BrokerRestartFaultTest's log); Kafka Streams 4.3.0's
    // DefaultProductionExceptionHandler answers every RetriableException with RETRY.
    @Test
    void retriesWhatTheBrokerMayStillAcceptLater() {
        assertEquals(ProductionExceptionHandler.Result.RETRY, handler.handleError(null, record,
                new TimeoutException("Topic outage-segmon-totals-changelog not present in metadata after 60000 ms.")).result());
    }
}
