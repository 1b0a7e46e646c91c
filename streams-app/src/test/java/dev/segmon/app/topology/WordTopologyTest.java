package dev.segmon.app.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.WordCounts;
import dev.segmon.app.state.WordCounts.Unscored;
import dev.segmon.model.edit.EditCounts;
import org.junit.jupiter.api.Test;

/** Word scoring of single utterances worked by hand, and the bad input around words (docs/contract.md 3.1, 3.2). */
class WordTopologyTest {
    private static final String REF = "{\"utterance\":\"u1\",\"tier\":\"word\",\"segments\":["
            + "{\"start\":0,\"end\":0.3,\"label\":\"ni\"},{\"start\":0.3,\"end\":0.6,\"label\":\"hao\"},"
            + "{\"start\":0.6,\"end\":0.9,\"label\":\"sil\"},{\"start\":0.9,\"end\":1.2,\"label\":\"shi\"},"
            + "{\"start\":1.2,\"end\":1.5,\"label\":\"jie\"}],\"final\":true}";

    private static String hyp(String rest) {
        return "{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\"," + rest + "}";
    }

    private static String word(double start, double end, String w) {
        return "{\"start\":" + start + ",\"end\":" + end + ",\"word\":\"" + w + "\"}";
    }

    private static WordCounts words(SegmonDriver d) {
        return d.words.totals().getOrDefault(new ModelTier("m", "word"), WordCounts.ZERO);
    }

    @Test
    void anInsertedWordIsOneInsertionAgainstTheLabelsWithoutSilence() throws Exception {
        try (SegmonDriver d = SegmonDriver.defaults()) {
            // Reference transcript "ni hao shi jie" (sil is ignored); hypothesis "ni hao shi shi jie",
            // in two messages, the second first (within the 5 s disorder bound).
            d.hyp("u1", hyp("\"words\":[" + word(0.9, 1.0, "shi") + "," + word(1.0, 1.2, "shi") + "," + word(1.2, 1.5, "jie") + "]"), 0);
            d.hyp("u1", hyp("\"words\":[" + word(0.0, 0.3, "ni") + "," + word(0.3, 0.6, "hao") + "],\"end\":true"), 1);
            d.ref("u1", REF, 2);
            // By hand: one extra "shi" -> S 0, I 1, D 0 of N 4; WER 1/4; NED 1 / max(4, 5) = 0.2.
            WordCounts c = words(d);
            assertEquals(new EditCounts(0, 1, 0, 4), c.edits());
            assertEquals(0.2, c.ned().distanceSum(), 1e-12);
            assertEquals(1, c.ned().utterances());
            String scrape = d.scrape();
            assertTrue(scrape.contains("segmon_word_error_rate_ratio{model=\"m\",tier=\"word\",window=\"cumulative\"} 0.25"), scrape);
            assertTrue(scrape.contains("segmon_word_insertions_total{model=\"m\",tier=\"word\"} 1.0"), scrape);
            assertTrue(scrape.contains("segmon_word_ned_ratio{model=\"m\",tier=\"word\",window=\"5m\"} 0.2"), scrape);
            // The boundaries of the words are those of the hypothesis: 0 .3 .6 .9 1.0 1.2 1.5 against
            // the reference's 0 .3 .6 .9 1.2 1.5 -> 6 hits of 7 hypothesis and 6 reference boundaries.
            assertEquals(dev.segmon.model.boundary.BoundaryCounts.oneToOne(6, 7, 6), d.totals("m", "word").counts());
        }
    }

    @Test
    void bareTimesAndUnlabelledReferencesAreCountedWithoutAScore() throws Exception {
        try (SegmonDriver d = SegmonDriver.defaults()) {
            d.hyp("u1", hyp("\"times\":[0.3,0.6],\"end\":true"), 0);
            d.ref("u1", REF, 1);
            d.hyp("u2", "{\"utterance\":\"u2\",\"model\":\"m\",\"tier\":\"word\",\"words\":[" + word(0, 1, "a") + "],\"end\":true}", 2);
            d.ref("u2", "{\"utterance\":\"u2\",\"tier\":\"word\",\"segments\":[{\"start\":0,\"end\":1}],\"final\":true}", 3);
            WordCounts c = words(d);
            assertEquals(1, c.unscoredOf(Unscored.NO_WORDS));
            assertEquals(1, c.unscoredOf(Unscored.NO_LABELS));
            assertEquals(EditCounts.ZERO, c.edits());
            assertTrue(!d.scrape().contains("segmon_word_error_rate_ratio{"), "no WER without a scored word");
        }
    }

    @Test
    void badWordsAreDeadLetteredWithReasons() throws Exception {
        try (SegmonDriver d = new SegmonDriver(MonitorConfig.builder().maxDisorder(0.5))) {
            d.hyp("u1", hyp("\"words\":[{\"start\":0,\"end\":0.3,\"word\":7}]"), 0);
            d.hyp("u1", hyp("\"words\":[{\"start\":0.3,\"end\":0.1,\"word\":\"x\"}]"), 0);
            d.hyp("u1", hyp("\"words\":[{\"start\":-1,\"end\":0.1,\"word\":\"x\"}]"), 0);
            d.hyp("u1", hyp("\"words\":{\"start\":0}"), 0);
            d.hyp("u1", hyp("\"words\":[" + word(0, 0.3, "a") + "],\"times\":[1]"), 0);
            assertEquals(2, d.deadLetterCount("invalid_word", "m", "word"));
            assertEquals(2, d.deadLetterCount("invalid_time", "m", "word"));
            assertEquals(1, d.deadLetterCount("missing_field", "m", "word"));
            // Words up to 2.0 s, then one starting at 1.0 (< 2.0 - 0.5): late; a re-sent word: duplicate.
            d.hyp("u1", hyp("\"words\":[" + word(1.6, 2.0, "b") + "]"), 1);
            d.hyp("u1", hyp("\"words\":[" + word(1.0, 1.6, "a") + "," + word(2.0, 2.4, "c") + "]"), 2);
            d.hyp("u1", hyp("\"words\":[" + word(2.0, 2.4, "c") + "],\"end\":true"), 3);
            assertEquals(1, d.deadLetterCount("late", "m", "word"));
            assertEquals(1, d.deadLetterCount("duplicate", "m", "word"));
            d.ref("u1", "{\"utterance\":\"u1\",\"tier\":\"word\",\"segments\":[{\"start\":1.6,\"end\":2.0,\"label\":\"b\"},"
                    + "{\"start\":2.0,\"end\":2.4,\"label\":\"c\"}],\"final\":true}", 4);
            // The transcript kept is "b c", the reference "b c": no error.
            assertEquals(new EditCounts(0, 0, 0, 2), words(d).edits());
        }
    }

    @Test
    void wordsPastWhatOneStateMayHoldAreTooLarge() throws Exception {
        try (SegmonDriver d = SegmonDriver.defaults()) {
            // A record of 10 001 words is refused whole.
            StringBuilder b = new StringBuilder();
            for (int i = 0; i <= dev.segmon.app.wire.InputEvent.MAX_ARRAY; i++) {
                b.append(i == 0 ? "" : ",").append(word(i, i + 1, "w"));
            }
            d.hyp("u1", hyp("\"words\":[" + b + "]"), 0);
            assertEquals(1, d.deadLetterCount("too_large", "m", "word"));
            // 10 000 touching words of 1 s, each of 60 bytes: 10 001 times, and each word held costs
            // 2 + (4 + 60 + 7) / 8 = 10 units (8 bytes each), 100 000 in all: 110 001 > 100 000.
            // The same times as bare times would fit; the words make the record too large.
            String long60 = "x".repeat(60);
            StringBuilder c = new StringBuilder();
            for (int i = 0; i < dev.segmon.app.wire.InputEvent.MAX_ARRAY; i++) {
                c.append(i == 0 ? "" : ",").append(word(i, i + 1, long60));
            }
            d.hyp("u1", hyp("\"words\":[" + c + "]"), 1);
            assertEquals(2, d.deadLetterCount("too_large", "m", "word"));
        }
    }
}
