package dev.segmon.app.processors;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.MinuteCounts;
import dev.segmon.app.state.Totals;
import dev.segmon.app.topology.SegmonTopology;
import dev.segmon.app.wire.Outcome;
import org.apache.kafka.streams.kstream.Windowed;
import org.apache.kafka.streams.processor.StateStore;
import org.apache.kafka.streams.state.WindowStore;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.Test;

/**
 * The processor's decoded views of its stores ({@link DecodedStore}) must never answer for a value the store no longer
 * holds: after a revived task (close, stores restored, init on the same processor) and after
 * expiry deletes a reference.
 *
 * <p>Expected numbers by hand, tolerance 0.02 s: reference B = one segment 0.0-1.0, boundaries
 * {0.0, 1.0}; hypothesis {0.0, 0.5}: 0.0 hits 0.0, 0.5 is 0.5 s from 1.0, so n_ref 2, n_hyp 2,
 * hits 1. Reference A = one segment 0.0-0.5, boundaries {0.0, 0.5}, would give hits 2.
 */
class DecodedStoreRevivalTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String REF_A = "{\"utterance\":\"u1\",\"tier\":\"word\",\"segments\":[{\"start\":0.0,\"end\":0.5}],\"final\":true}";
    private static final String REF_B = "{\"utterance\":\"u1\",\"tier\":\"word\",\"segments\":[{\"start\":0.0,\"end\":1.0}],\"final\":true}";

    private final MonitorConfig config = MonitorConfig.builder().bootstrapServers("x:1")
            .referenceMaxDelay(Duration.ofSeconds(10)).expiryInterval(Duration.ofSeconds(1)).build();
    private final MockProcessorContext<Object, Object> ctx = new MockProcessorContext<>();
    private final Map<String, StateStore> stores = new HashMap<>();

    DecodedStoreRevivalTest() {
        stores.putAll(TestStores.inMemory(ctx));
        ctx.setCurrentSystemTimeMs(0);
    }

    @Test
    void revivedProcessorReadsTheRestoredStoreNotItsCache() throws Exception {
        BoundaryProcessor p = new BoundaryProcessor(config, SegmonTopology.SINKS);
        p.init(ctx);
        Map<String, List<KeyValue<Object, Object>>> before = snapshot();
        ref(p, REF_A);
        hyp(p, "m", "\"times\":[0.0]"); // reads reference A, through the cache
        // An aborted transaction: the task is closed dirty, its stores restored to the last commit,
        // and the same processor initialised again.
        p.close();
        restore(before);
        ctx.resetForwards();
        p.init(ctx);
        hyp(p, "m", "\"times\":[0.0,0.5],\"end\":true"); // no reference in the store: nothing to score yet
        assertEquals(List.of(), scores());
        ref(p, REF_B);
        JsonNode s = single(scores());
        assertEquals(List.of(2L, 2L, 1L), List.of(s.get("n_ref").asLong(), s.get("n_hyp").asLong(), s.get("hits").asLong()));
        // The totals, too, count only what the restored store and the replay hold: one utterance
        // opened and scored (open 1 - 1 = 0; a cached total from the aborted run would leave 1).
        TestStores.commit(stores);
        Totals t = ((dev.segmon.app.state.SeriesFigures) keyValue(SeriesAggregates.SERIES.name()).get(new ModelTier("m", "word"))).totals();
        assertEquals(List.of(0L, 1L, Map.of(Outcome.SCORED, 1L)), List.of(t.open(), t.counts().hits(), t.outcomes()));
        // So do the minute windows (SeriesAggregates keeps a view of its own, rebuilt at init): the
        // aborted run's hit must not have survived in it.
        @SuppressWarnings("unchecked")
        WindowStore<ModelTier, dev.segmon.app.state.MinuteFigures> minutes =
                (WindowStore<ModelTier, dev.segmon.app.state.MinuteFigures>) stores.get(SeriesAggregates.MINUTES.name());
        MinuteCounts minute = minutes.fetch(new ModelTier("m", "word"), 0L).counts();
        assertEquals(List.of(2L, 2L, 1L, 1L), List.of(minute.counts().reference(), minute.counts().hypothesis(), minute.counts().hits(), minute.utterances()));
    }

    @Test
    void expiredReferenceIsNotReadFromTheCache() throws Exception {
        BoundaryProcessor p = new BoundaryProcessor(config, SegmonTopology.SINKS);
        p.init(ctx);
        ref(p, REF_A);
        hyp(p, "m", "\"times\":[0.0]"); // reads reference A, through the cache
        ctx.setCurrentSystemTimeMs(20_000); // past reference-max-delay: expiry deletes reference A
        ctx.scheduledPunctuators().forEach(pu -> pu.getPunctuator().punctuate(20_000));
        ctx.resetForwards();
        hyp(p, "n", "\"times\":[0.0,0.5],\"end\":true");
        assertEquals(List.of(), scores()); // reference A is gone: a cached copy would score hits 2 here
        ref(p, REF_B);
        JsonNode s = single(scores());
        assertEquals(List.of("n", 2L, 2L, 1L), List.of(s.get("model").asText(), s.get("n_ref").asLong(), s.get("n_hyp").asLong(), s.get("hits").asLong()));
    }

    private void ref(BoundaryProcessor p, String json) {
        ctx.setRecordMetadata(config.referencesTopic(), 0, 0);
        p.process(new Record<>(bytes("u1"), bytes(json), 0));
    }

    private void hyp(BoundaryProcessor p, String model, String fields) {
        ctx.setRecordMetadata(config.hypothesesTopic(), 0, 0);
        p.process(new Record<>(bytes("u1"), bytes("{\"utterance\":\"u1\",\"model\":\"" + model + "\",\"tier\":\"word\"," + fields + "}"), 0));
    }

    private List<JsonNode> scores() throws Exception {
        List<JsonNode> out = new ArrayList<>();
        for (MockProcessorContext.CapturedForward<?, ?> f : ctx.forwarded()) {
            if (SegmonTopology.SCORES_SINK.equals(f.childName().orElse(null))) {
                out.add(JSON.readTree((String) f.record().value()));
            }
        }
        return out;
    }

    private static JsonNode single(List<JsonNode> nodes) {
        assertEquals(1, nodes.size(), nodes.toString());
        return nodes.get(0);
    }

    /** Every store's entries; a window store's as (Windowed key, value). */
    private Map<String, List<KeyValue<Object, Object>>> snapshot() {
        Map<String, List<KeyValue<Object, Object>>> out = new HashMap<>();
        stores.forEach((name, s) -> {
            List<KeyValue<Object, Object>> all = new ArrayList<>();
            if (s instanceof dev.segmon.app.store.CommitFlushStore) {
                return; // holds no data
            } else if (s instanceof WindowStore<?, ?> w) {
                try (KeyValueIterator<? extends Windowed<?>, ?> it = w.all()) {
                    it.forEachRemaining(kv -> all.add(KeyValue.pair(kv.key, kv.value)));
                }
            } else {
                try (KeyValueIterator<Object, Object> it = keyValue(name).all()) {
                    it.forEachRemaining(all::add);
                }
            }
            out.put(name, all);
        });
        return out;
    }

    /** Puts every store back to {@code snap} (a window store only gains the snapshot's minutes back: enough here). */
    @SuppressWarnings("unchecked")
    private void restore(Map<String, List<KeyValue<Object, Object>>> snap) {
        snapshot().forEach((name, all) -> {
            if (!(stores.get(name) instanceof WindowStore)) {
                all.forEach(kv -> keyValue(name).delete(kv.key));
            }
        });
        snap.forEach((name, all) -> all.forEach(kv -> {
            if (stores.get(name) instanceof WindowStore<?, ?> w) {
                Windowed<Object> k = (Windowed<Object>) kv.key;
                ((WindowStore<Object, Object>) w).put(k.key(), kv.value, k.window().start());
            } else {
                keyValue(name).put(kv.key, kv.value);
            }
        }));
    }

    @SuppressWarnings("unchecked")
    private KeyValueStore<Object, Object> keyValue(String name) {
        return (KeyValueStore<Object, Object>) stores.get(name);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
