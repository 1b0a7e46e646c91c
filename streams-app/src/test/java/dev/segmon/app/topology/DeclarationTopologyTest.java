package dev.segmon.app.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.processors.OpenStates;
import dev.segmon.app.state.Keys.UtteranceTier;
import dev.segmon.app.state.Totals;
import dev.segmon.app.state.UtteranceHead;
import dev.segmon.app.wire.Outcome;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.boundary.Unreferenced;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.Test;

/**
 * The hypothesis end's {@code reference} declaration (docs/contract.md 3.1, docs/streaming.md
 * "Declarations") on the real topology; every expected number is worked out by hand in a comment.
 * Reference-max-delay 1 h, expiry every minute.
 */
class DeclarationTopologyTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    // Reference word tier of u1: [0.00, 0.50] [0.50, 1.00] -> distinct boundaries {0.00, 0.50, 1.00}.
    private static final String REF_U1 = "{\"utterance\":\"u1\",\"tier\":\"word\",\"segments\":"
            + "[{\"start\":0.0,\"end\":0.5,\"label\":\"a\"},{\"start\":0.5,\"end\":1.0,\"label\":\"b\"}],\"final\":true}";

    private static String times(String model) {
        return "{\"utterance\":\"u1\",\"model\":\"" + model + "\",\"tier\":\"word\",\"times\":[0.01,0.49,0.8]}";
    }

    private static String end(String model, String declaration) {
        return "{\"utterance\":\"u1\",\"model\":\"" + model + "\",\"tier\":\"word\",\"end\":true,\"reference\":" + declaration + "}";
    }

    private static SegmonDriver driver(Unreferenced choice) throws Exception {
        return new SegmonDriver(MonitorConfig.builder().referenceMaxDelay(Duration.ofHours(1)).expiryInterval(Duration.ofMinutes(1))
                .unreferenced(choice));
    }

    @Test
    void declaredNoneClosesUnreferencedAtItsEndAndIsForgottenAtTheNextPass() throws Exception {
        try (SegmonDriver d = driver(Unreferenced.SKIP)) {
            d.hyp("u1", times("m"), 0);
            d.hyp("u1", end("m", "\"none\""), 1);
            // Closed by its end, no wall clock passed: one score record, unreferenced, its 3
            // boundaries all unmatched (n_ref 0, n_hyp 3, hits 0); under skip nothing is booked.
            List<String> scores = d.scoreValues();
            assertEquals(1, scores.size());
            JsonNode s = JSON.readTree(scores.get(0));
            assertEquals("unreferenced", s.get("outcome").asText());
            assertEquals(0, s.get("n_ref").asLong());
            assertEquals(3, s.get("n_hyp").asLong());
            Totals t = d.totals("m", "word");
            assertEquals(BoundaryCounts.ZERO, t.counts());
            assertEquals(Map.of(Outcome.UNREFERENCED, 1L), t.outcomes());
            assertEquals(0, t.open());
            // Only its closed head is left, until the next expiry pass (one minute of wall clock).
            assertEquals(1, heads(d));
            d.driver.advanceWallClockTime(Duration.ofMinutes(1));
            assertEquals(0, heads(d), "nothing of the utterance is held after the pass, not for the hour of the hold");
        }
    }

    @Test
    void aReferenceForAnUtteranceClosedAsDeclaredNoneIsDeadLettered() throws Exception {
        try (SegmonDriver d = driver(Unreferenced.SKIP)) {
            d.hyp("u1", times("m"), 0);
            d.hyp("u1", end("m", "\"none\""), 1);
            d.ref("u1", REF_U1, 2);
            // The hypothesis is closed and its boundaries gone: the reference is refused, counted under model "none".
            assertEquals(1, d.deadLetterCount("declared_unreferenced", "none", "word"));
            assertEquals(1, d.deadLetters.readRecordsToList().size());
            assertEquals(Map.of(Outcome.UNREFERENCED, 1L), d.totals("m", "word").outcomes());
            // The reference is not held either: after the pass the store is empty.
            d.driver.advanceWallClockTime(Duration.ofMinutes(1));
            assertEquals(0, heads(d));
        }
    }

    @Test
    void aReferenceBeforeTheDeclaredNoneEndIsScoredAllTheSame() throws Exception {
        try (SegmonDriver d = driver(Unreferenced.SKIP)) {
            d.ref("u1", REF_U1, 0);
            d.hyp("u1", times("m"), 1);
            d.hyp("u1", end("m", "\"none\""), 2);
            // Tolerance 0.02: 0.01 and 0.49 hit 0.00 and 0.50, 0.80 misses 1.00: n_ref 3, n_hyp 3, hits 2.
            Totals t = d.totals("m", "word");
            assertEquals(BoundaryCounts.oneToOne(3, 3, 2), t.counts());
            assertEquals(Map.of(Outcome.SCORED, 1L), t.outcomes());
        }
    }

    @Test
    void aReferenceAfterOneModelDeclaredNoneIsScoredForAnotherModelStillOpen() throws Exception {
        try (SegmonDriver d = driver(Unreferenced.SKIP)) {
            d.hyp("u1", times("m1"), 0);
            d.hyp("u1", end("m1", "\"none\""), 1);
            d.hyp("u1", times("m2"), 2);
            d.ref("u1", REF_U1, 3);
            d.hyp("u1", end("m2", "\"expected\""), 4);
            // m2 was open when the reference came: scored 3/3/2 as above; nothing dead-lettered.
            assertEquals(0, d.deadLetterCount("declared_unreferenced", "none", "word"));
            assertEquals(BoundaryCounts.oneToOne(3, 3, 2), d.totals("m2", "word").counts());
            assertEquals(Map.of(Outcome.SCORED, 1L), d.totals("m2", "word").outcomes());
            // m1 closed at its end, before the reference: unreferenced, not scored.
            assertEquals(BoundaryCounts.ZERO, d.totals("m1", "word").counts());
            assertEquals(Map.of(Outcome.UNREFERENCED, 1L), d.totals("m1", "word").outcomes());
        }
    }

    @Test
    void declaredExpectedWithoutAReferenceClosesAsReferenceMissingAfterTheDelay() throws Exception {
        for (Unreferenced choice : Unreferenced.values()) {
            try (SegmonDriver d = driver(choice)) {
                d.hyp("u1", times("m"), 0);
                d.hyp("u1", end("m", "\"expected\""), 1);
                assertEquals(1, d.totals("m", "word").open(), "held for the reference");
                d.driver.advanceWallClockTime(Duration.ofMinutes(61));
                Totals t = d.totals("m", "word");
                assertEquals(Map.of(Outcome.REFERENCE_MISSING, 1L), t.outcomes());
                assertEquals(0, t.open());
                // skip: a fault, counted, not scored; score-empty: its 3 boundaries against none (n_ref 0, n_hyp 3, hits 0).
                assertEquals(choice == Unreferenced.SKIP ? BoundaryCounts.ZERO : BoundaryCounts.oneToOne(0, 3, 0), t.counts(), choice.toString());
                JsonNode s = JSON.readTree(d.scoreValues().get(0));
                assertEquals("reference_missing", s.get("outcome").asText());
                String text = d.scrape();
                assertTrue(text.contains("segmon_utterances_total{model=\"m\",outcome=\"reference_missing\",tier=\"word\"} 1.0"), text);
                // 1 closed, none of them with a reference: the referenced share is 0 / 1.
                assertTrue(text.contains("segmon_referenced_utterances_ratio{model=\"m\",tier=\"word\"} 0.0"), text);
            }
        }
    }

    @Test
    void aDeclarationOtherThanExpectedOrNoneRefusesTheEnd() throws Exception {
        try (SegmonDriver d = driver(Unreferenced.SKIP)) {
            d.hyp("u1", times("m"), 0);
            d.hyp("u1", end("m", "\"maybe\""), 1);
            d.hyp("u1", end("m", "true"), 2);
            // Both ends refused (a string other than the two, and a boolean): the utterance stays open.
            assertEquals(2, d.deadLetterCount("bad_declaration", "m", "word"));
            assertEquals(1, d.totals("m", "word").open());
            assertTrue(d.scoreValues().isEmpty());
        }
    }

    /** Utterances the utterance store holds (every change written: the driver commits after each record). */
    private static long heads(SegmonDriver d) {
        KeyValueStore<UtteranceTier, UtteranceHead> store = d.driver.getKeyValueStore(OpenStates.UTTERANCES.name());
        try (KeyValueIterator<UtteranceTier, UtteranceHead> it = store.all()) {
            return java.util.stream.StreamSupport.stream(java.util.Spliterators.spliteratorUnknownSize(it, 0), false).count();
        }
    }
}
