package dev.segmon.app.processors;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.state.HypothesisState;
import dev.segmon.app.state.Keys.HypothesisKey;
import dev.segmon.app.topology.SegmonTopology;
import dev.segmon.app.wire.HypothesisEvent;
import dev.segmon.app.wire.Outcome;
import dev.segmon.model.boundary.BoundaryCounts;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.junit.jupiter.api.Test;

/**
 * A book hears of each hypothesis end once and of each closed utterance once, with its final counts.
 * By hand, tolerance 0.02: reference one segment 0.0-1.0, boundaries {0.0, 1.0}; hypothesis
 * {0.0, 0.5}: 0.0 hits, 0.5 is 0.5 s from 1.0: n_ref 2, n_hyp 2, hits 1.
 */
class UtteranceBookTest {

    @Test
    void aBookHearsOfTheEndAndOfTheCloseOnceWithTheFinalCounts() {
        MonitorConfig config = MonitorConfig.builder().bootstrapServers("x:1").build();
        MockProcessorContext<Object, Object> ctx = new MockProcessorContext<>();
        TestStores.inMemory(ctx);
        ctx.setCurrentSystemTimeMs(0);
        List<String> heard = new ArrayList<>();
        UtteranceBook book = new UtteranceBook() {
            @Override
            public void init(ProcessorContext<Object, Object> context, SeriesAggregates aggregates) {
                heard.add("init");
            }

            @Override
            public void ended(HypothesisKey key, HypothesisState hypothesis, HypothesisEvent end, long timestampMs) {
                heard.add("ended " + key.model() + " at " + timestampMs);
            }

            @Override
            public void closed(Closed u) {
                assertEquals(BoundaryCounts.oneToOne(2, 2, 1), u.counts());
                assertEquals(2, u.reference().boundaries().times().length);
                heard.add("closed " + u.key().model() + " " + u.outcome().label() + " at " + u.timestampMs());
            }
        };
        BoundaryProcessor p = new BoundaryProcessor(config, SegmonTopology.SINKS, List.of(book));
        p.init(ctx);
        ctx.setRecordMetadata(config.hypothesesTopic(), 0, 0);
        p.process(record("{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\",\"times\":[0.0,0.5],\"end\":true}", 100));
        p.process(record("{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\",\"end\":true}", 150)); // a second end: a dead letter, no second call
        ctx.setRecordMetadata(config.referencesTopic(), 0, 1);
        p.process(record("{\"utterance\":\"u1\",\"tier\":\"word\",\"segments\":[{\"start\":0.0,\"end\":1.0}],\"final\":true}", 200));
        assertEquals(List.of("init", "ended m at 100", "closed m " + Outcome.SCORED.label() + " at 200"), heard);
    }

    private static Record<byte[], byte[]> record(String json, long timestamp) {
        return new Record<>("u1".getBytes(StandardCharsets.UTF_8), json.getBytes(StandardCharsets.UTF_8), timestamp);
    }
}
