package dev.segmon.app.processors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.state.UtteranceHead;
import dev.segmon.app.state.Keys.UtteranceTier;
import dev.segmon.app.topology.SegmonTopology;
import dev.segmon.app.wire.Outcome;
import org.apache.kafka.streams.processor.StateStore;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Expiry reads only what the {@link ExpiryIndex} files as possibly due; it must still act exactly
 * as the rule says, which this test models without any index: at every expiry pass at wall time
 * P, a hypothesis last touched at W with P - W >= reference-max-delay is closed (here, with its
 * end and no reference: "unreferenced"), and a closed hypothesis is forgotten at the first pass
 * reference-max-delay after its closing pass. Utterances get one or two records at random wall
 * times, so states move between index buckets; delays below and above the 10 s bucket width.
 * At the end no index entry may be left (the index holds entries of states that moved until a
 * pass takes their old bucket).
 */
class ExpiryIndexTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    // Capacity 10 (tens of states are kept at once) makes the index overflow, so the task falls
    // back to full passes and indexes again once the states are down to 5: the rule must hold
    // in both modes and across the switches.
    @ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({"1000, 1000000", "30000, 1000000", "1000, 10", "30000, 10"})
    void everyStateExpiresAtTheFirstPassTheRuleNamesAndNothingIsLeftBehind(long maxDelayMs, long capacity) throws Exception {
        MonitorConfig config = MonitorConfig.builder().bootstrapServers("x:1")
                .referenceMaxDelay(Duration.ofMillis(maxDelayMs)).expiryInterval(Duration.ofMillis(7_300)).build();
        MockProcessorContext<Object, Object> ctx = new MockProcessorContext<>();
        Map<String, StateStore> stores = TestStores.inMemory(ctx);
        BoundaryProcessor p = new BoundaryProcessor(config, SegmonTopology.SINKS, capacity);
        ctx.setCurrentSystemTimeMs(0);
        p.init(ctx);
        boolean overflowed = false;

        // The schedule: utterance i gets a record with its end at a random wall time, and every
        // third one an earlier record without end, less than reference-max-delay before it (so
        // that no pass closes it in between), which files some states in two buckets.
        Random random = new Random(20261122);
        int n = 400;
        TreeMap<Long, List<String[]>> records = new TreeMap<>();
        Map<String, Long> lastWall = new HashMap<>();
        for (int i = 0; i < n; i++) {
            String u = "u" + i;
            long end = 1 + random.nextInt(200_000);
            if (i % 3 == 0) {
                long first = Math.max(0, end - random.nextInt((int) Math.min(25_000, maxDelayMs)));
                records.computeIfAbsent(first, t -> new ArrayList<>()).add(new String[] {u, hyp(u, "\"times\":[0.5]")});
                end = Math.max(end, first);
            }
            records.computeIfAbsent(end, t -> new ArrayList<>()).add(new String[] {u, hyp(u, "\"times\":[1.0],\"end\":true")});
            lastWall.put(u, end);
        }
        // The model: closing pass and forgetting pass of each utterance, passes every 7.3 s.
        List<Long> passes = new ArrayList<>();
        for (long t = 7_300; t <= 500_000; t += 7_300) {
            passes.add(t);
        }
        Map<String, Long> closedAt = new HashMap<>();
        Map<String, Long> forgottenAt = new HashMap<>();
        for (String u : lastWall.keySet()) {
            long closed = passes.stream().filter(t -> t - lastWall.get(u) >= maxDelayMs).findFirst().orElseThrow();
            closedAt.put(u, closed);
            forgottenAt.put(u, passes.stream().filter(t -> t - closed >= maxDelayMs).findFirst().orElseThrow());
        }

        // Run: records and passes in wall-clock order (a record at a pass's time comes first).
        int next = 0;
        Map<String, Long> seenClosed = new HashMap<>();
        Map<String, Long> seenForgotten = new HashMap<>();
        for (long pass : passes) {
            while (!records.isEmpty() && records.firstKey() <= pass) {
                Map.Entry<Long, List<String[]>> at = records.pollFirstEntry();
                ctx.setCurrentSystemTimeMs(at.getKey());
                for (String[] keyAndJson : at.getValue()) {
                    ctx.setRecordMetadata(config.hypothesesTopic(), 0, next++);
                    p.process(new Record<>(bytes(keyAndJson[0]), bytes(keyAndJson[1]), 0));
                }
            }
            overflowed |= p.expiryIndex().overflowed();
            ctx.setCurrentSystemTimeMs(pass);
            ctx.resetForwards();
            ctx.scheduledPunctuators().stream().filter(s -> s.getInterval().equals(config.expiryInterval()))
                    .forEach(s -> s.getPunctuator().punctuate(pass));
            TestStores.commit(stores); // the store shows what the pass did once it is committed
            for (MockProcessorContext.CapturedForward<?, ?> f : ctx.forwarded()) {
                if (SegmonTopology.SCORES_SINK.equals(f.childName().orElse(null))) {
                    JsonNode s = JSON.readTree((String) f.record().value());
                    assertEquals(Outcome.UNREFERENCED.label(), s.get("outcome").asText());
                    assertEquals(null, seenClosed.put(s.get("utterance").asText(), pass), "scored once");
                }
            }
            for (String u : lastWall.keySet()) {
                if (seenClosed.containsKey(u) && !seenForgotten.containsKey(u)
                        && utterances(stores).get(new UtteranceTier(u, "word")) == null) {
                    seenForgotten.put(u, pass);
                }
            }
        }
        assertEquals(closedAt, seenClosed);
        assertEquals(forgottenAt, seenForgotten);
        assertEquals(0, count(utterances(stores)));
        assertEquals(0, p.expiryIndex().size(), "no index entry outlives its state");
        assertEquals(capacity < n, overflowed, "the small capacity overflowed, the large one did not");
        assertTrue(!p.expiryIndex().overflowed(), "indexing again once the states are gone");
    }

    @ParameterizedTest
    @ValueSource(longs = {30_000})
    void theIndexIsRebuiltFromTheStoresAtInit(long maxDelayMs) {
        MonitorConfig config = MonitorConfig.builder().bootstrapServers("x:1")
                .referenceMaxDelay(Duration.ofMillis(maxDelayMs)).expiryInterval(Duration.ofSeconds(10)).build();
        MockProcessorContext<Object, Object> ctx = new MockProcessorContext<>();
        Map<String, StateStore> stores = TestStores.inMemory(ctx);
        BoundaryProcessor p = new BoundaryProcessor(config, SegmonTopology.SINKS);
        ctx.setCurrentSystemTimeMs(0);
        p.init(ctx);
        ctx.setRecordMetadata(config.hypothesesTopic(), 0, 0);
        ctx.setCurrentSystemTimeMs(5_000);
        p.process(new Record<>(bytes("old"), bytes(hyp("old", "\"times\":[1.0],\"end\":true")), 0));
        // A restart (or a migration, or a revival) on these stores, at a commit: a new processor,
        // its index empty until init files the one state.
        TestStores.commit(stores);
        BoundaryProcessor restarted = new BoundaryProcessor(config, SegmonTopology.SINKS);
        restarted.init(ctx);
        assertEquals(1, restarted.expiryIndex().size());
        ctx.setCurrentSystemTimeMs(40_000); // 35 s after the record: due
        ctx.resetForwards();
        ctx.scheduledPunctuators().stream().filter(s -> s.getInterval().equals(config.expiryInterval()))
                .reduce((a, b) -> b).orElseThrow().getPunctuator().punctuate(40_000);
        assertTrue(ctx.forwarded().stream().anyMatch(f -> SegmonTopology.SCORES_SINK.equals(f.childName().orElse(null))));
    }

    @org.junit.jupiter.api.Test
    void aWallClockThatStepsBackStillExpiresWhatIsWrittenAfterTheStep() throws Exception {
        MonitorConfig config = MonitorConfig.builder().bootstrapServers("x:1")
                .referenceMaxDelay(Duration.ofSeconds(30)).expiryInterval(Duration.ofSeconds(10)).build();
        MockProcessorContext<Object, Object> ctx = new MockProcessorContext<>();
        TestStores.inMemory(ctx);
        BoundaryProcessor p = new BoundaryProcessor(config, SegmonTopology.SINKS);
        ctx.setCurrentSystemTimeMs(0);
        p.init(ctx);
        // A pass at 1 000 s has passed the buckets below 970 s; then the clock steps back to 500 s
        // (an NTP correction) and utterance "b" ends at 500 s: due at the pass at 530 s.
        ctx.setCurrentSystemTimeMs(1_000_000);
        punctuate(ctx, config, 1_000_000);
        ctx.setCurrentSystemTimeMs(500_000);
        ctx.setRecordMetadata(config.hypothesesTopic(), 0, 0);
        p.process(new Record<>(bytes("b"), bytes(hyp("b", "\"times\":[1.0],\"end\":true")), 0));
        ctx.setCurrentSystemTimeMs(530_000);
        ctx.resetForwards();
        punctuate(ctx, config, 530_000);
        assertTrue(ctx.forwarded().stream().anyMatch(f -> SegmonTopology.SCORES_SINK.equals(f.childName().orElse(null))),
                "b expired 30 s after its record, on the stepped-back clock");
    }

    private static void punctuate(MockProcessorContext<Object, Object> ctx, MonitorConfig config, long now) {
        ctx.scheduledPunctuators().stream().filter(s -> s.getInterval().equals(config.expiryInterval()))
                .forEach(s -> s.getPunctuator().punctuate(now));
    }

    private static String hyp(String utterance, String fields) {
        return "{\"utterance\":\"" + utterance + "\",\"model\":\"m\",\"tier\":\"word\"," + fields + "}";
    }

    @SuppressWarnings("unchecked")
    private static KeyValueStore<UtteranceTier, UtteranceHead> utterances(Map<String, StateStore> stores) {
        return (KeyValueStore<UtteranceTier, UtteranceHead>) stores.get(OpenStates.UTTERANCES.name());
    }

    private static long count(KeyValueStore<UtteranceTier, UtteranceHead> store) {
        long n = 0;
        try (KeyValueIterator<UtteranceTier, UtteranceHead> it = store.all()) {
            while (it.hasNext()) {
                it.next();
                n++;
            }
        }
        return n;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
