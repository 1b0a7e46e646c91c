package dev.segmon.app.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Produced;

/**
 * The ceiling any Kafka Streams application reaches on these records and this machine: read both
 * input topics, parse each value as JSON, re-key it by (model, utterance) and write it out
 * unchanged. No state, one output record per input record.
 */
public final class PassThrough {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private PassThrough() {
    }

    public static Topology topology(List<String> inputs, String output) {
        StreamsBuilder b = new StreamsBuilder();
        b.stream(inputs, Consumed.with(Serdes.ByteArray(), Serdes.ByteArray()))
                .map((key, value) -> KeyValue.pair(rekey(value), value))
                .to(output, Produced.with(Serdes.String(), Serdes.ByteArray()));
        return b.build();
    }

    static String rekey(byte[] value) {
        try {
            JsonNode n = MAPPER.readTree(value);
            return n.path("model").asText("none") + "|" + n.path("utterance").asText("");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
