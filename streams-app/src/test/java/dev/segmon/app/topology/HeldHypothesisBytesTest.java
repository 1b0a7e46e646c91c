package dev.segmon.app.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.processors.EstimateBook;
import dev.segmon.app.processors.OpenStates;
import dev.segmon.app.state.EstimateValues;
import dev.segmon.app.state.HypothesisPart;
import dev.segmon.app.state.Keys.HypothesisKey;
import dev.segmon.app.state.Keys.PartKey;
import dev.segmon.app.state.Keys.UtteranceTier;
import dev.segmon.app.state.UtteranceHead;
import java.time.Duration;
import java.util.Locale;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.Test;

/**
 * What the stores keep for one undeclared hypothesis held in case a reference comes (ended, none
 * yet): the serialised keys and values of the per-utterance stores, as RocksDB and the changelog
 * hold them, after the real topology took its records. The figure of docs/performance.md, "Sizing":
 * {@code mvn -B -o -pl streams-app -am test -Dtest=HeldHypothesisBytesTest -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class HeldHypothesisBytesTest {

    @Test
    void aHeldTwentyWordHypothesisCostsItsBoundariesAndWordsPlusAFixedHead() throws Exception {
        try (SegmonDriver d = new SegmonDriver(MonitorConfig.builder().referenceMaxDelay(Duration.ofHours(1)))) {
            // 20 contiguous words w00..w19 of 0.1 s: 21 distinct times; then the end with the audio's duration.
            StringBuilder words = new StringBuilder();
            for (int i = 0; i < 20; i++) {
                words.append(i == 0 ? "" : ",").append(String.format(Locale.ROOT, "{\"start\":%.1f,\"end\":%.1f,\"word\":\"w%02d\"}",
                        i / 10.0, (i + 1) / 10.0, i));
            }
            d.hyp("u1", "{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\",\"words\":[" + words + "]}", 0);
            d.hyp("u1", "{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\",\"end\":true,\"duration\":2.0}", 1);
            // Utterance heads: key "u1" NUL "word" = 7; value: version 1, no reference 1, count 4,
            // model 4 + 1, head length 4, and the hypothesis head: version 1 + 51 fixed bytes, the
            // tail's version 1 and its varints: 21 times, a count 1, the first 1 and twenty steps of
            // 0.1 s (zigzag 200 000, 3 bytes each) = 62; 20 words, a count 1 + 20 * (0 after the word
            // before 1, lasts 0.1 s 3, length 1, "w00" 3) = 161.
            // 7 + 1 + 1 + 4 + 5 + 4 + 52 + 1 + 62 + 161 = 298. No sealed part (41 units < 64).
            long heads = bytes(d, OpenStates.UTTERANCES.name(), UtteranceTier.SERDE, UtteranceHead.SERDE)
                    + bytes(d, OpenStates.HYPOTHESIS_PARTS.name(), PartKey.SERDE, HypothesisPart.SERDE);
            assertEquals(298, heads);
            // The early estimate's entry until the close: key "u1" NUL "word" NUL "m" = 9, value 1 + 8 + 8 = 17.
            long estimate = bytes(d, EstimateBook.ENDED.name(), HypothesisKey.SERDE, EstimateValues.Ended.SERDE);
            assertEquals(26, estimate);
            System.out.printf(Locale.ROOT, "bytes per held hypothesis at 20 words: %d (heads and parts %d, early estimate %d)%n",
                    heads + estimate, heads, estimate);
            // Of the 298, what does not grow with the utterance: the two keys' framing and names,
            // the head's 52 fixed bytes, the tail's version, counts and first time, 298 - 20 * 3 - 20 * 8 = 78.
            assertEquals(78, heads - 20 * 3 - 20 * 8);
        }
    }

    @Test
    void aDeclaredNoneHypothesisLeavesOnlyItsClosedHeadUntilTheNextPass() throws Exception {
        try (SegmonDriver d = new SegmonDriver(MonitorConfig.builder().referenceMaxDelay(Duration.ofHours(1)))) {
            d.hyp("u1", "{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\",\"times\":[0.1,0.2,0.3]}", 0);
            d.hyp("u1", "{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\",\"end\":true,\"duration\":2.0,\"reference\":\"none\"}", 1);
            // Closed at its end: key 7; value 1 + 1 + 4 + 5 + 4, the head 1 + 51 and an empty tail 1 + 1 + 1 = 77 in all;
            // the estimate's entry is gone (its sums were booked at the end).
            assertEquals(77, bytes(d, OpenStates.UTTERANCES.name(), UtteranceTier.SERDE, UtteranceHead.SERDE));
            assertEquals(0, bytes(d, EstimateBook.ENDED.name(), HypothesisKey.SERDE, EstimateValues.Ended.SERDE));
            // The next expiry pass (10 s, the default interval) forgets it.
            d.driver.advanceWallClockTime(Duration.ofSeconds(10));
            assertEquals(0, bytes(d, OpenStates.UTTERANCES.name(), UtteranceTier.SERDE, UtteranceHead.SERDE));
        }
    }

    /** Serialised bytes of every key and value of one store, as its serde writes them. */
    private static <K, V> long bytes(SegmonDriver d, String name, Serde<K> keys, Serde<V> values) {
        KeyValueStore<K, V> store = d.driver.getKeyValueStore(name);
        long n = 0;
        try (KeyValueIterator<K, V> it = store.all()) {
            while (it.hasNext()) {
                KeyValue<K, V> kv = it.next();
                n += keys.serializer().serialize("", kv.key).length + values.serializer().serialize("", kv.value).length;
            }
        }
        return n;
    }
}
