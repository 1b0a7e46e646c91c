package dev.segmon.app.processors;

import dev.segmon.app.config.MonitorConfig;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;

/** Not a test: CPU cost of the processor alone (in-memory stores, no Kafka, no changelog); see docs/streaming.md. */
public final class ProcessorCpuProbe {
    public static void main(String[] a) {
        MonitorConfig c = MonitorConfig.builder().bootstrapServers("x:1").build();
        MockProcessorContext<Object, Object> ctx = new MockProcessorContext<>();
        TestStores.inMemory(ctx);
        BoundaryProcessor p = new BoundaryProcessor(c, dev.segmon.app.topology.SegmonTopology.SINKS);
        p.init(ctx); ctx.setCurrentSystemTimeMs(0); ctx.setCurrentStreamTimeMs(0);
        for (int round = 0; round < 3; round++) {
            long t0 = System.nanoTime(); long n = 0;
            for (int u = 0; u < 20000; u++) {
                String id = "r" + round + "u" + u;
                byte[] k = id.getBytes(StandardCharsets.UTF_8);
                StringBuilder ref = new StringBuilder("{\"utterance\":\"" + id + "\",\"tier\":\"word\",\"segments\":[");
                for (int i = 0; i < 20; i++) ref.append(i == 0 ? "" : ",").append("{\"start\":").append(i * 0.3).append(",\"end\":").append(i * 0.3 + 0.3).append('}');
                ctx.setRecordMetadata(c.referencesTopic(), 0, 0);
                p.process(new Record<>(k, ref.append("],\"final\":true}").toString().getBytes(StandardCharsets.UTF_8), u)); n++;
                ctx.setRecordMetadata(c.hypothesesTopic(), 0, 0);
                for (int i = 0; i < 20; i++) { p.process(new Record<>(k, ("{\"utterance\":\"" + id + "\",\"model\":\"m\",\"tier\":\"word\",\"time\":" + (i * 0.3 + 0.01) + "}").getBytes(StandardCharsets.UTF_8), u)); n++; }
                p.process(new Record<>(k, ("{\"utterance\":\"" + id + "\",\"model\":\"m\",\"tier\":\"word\",\"end\":true}").getBytes(StandardCharsets.UTF_8), u)); n++;
                ctx.resetForwards();
            }
            double s = (System.nanoTime() - t0) / 1e9;
            System.out.printf("%d records in %.2f s: %.0f records/s%n", n, s, n / s);
        }
    }
}
