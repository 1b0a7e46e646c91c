package dev.segmon.app.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.WordTiming;
import dev.segmon.model.timing.Collar;
import dev.segmon.model.timing.CollarCounts;
import dev.segmon.model.timing.TimingCounts;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Word timing live (docs/timing.md, "Live"; docs/contract.md 3.2): three utterances whose offsets,
 * collar counts, histogram buckets and intervals are worked out by hand below.
 */
class LiveWordTimingTest {
    private static String word(String start, String end, String w) {
        return "{\"start\":" + start + ",\"end\":" + end + ",\"word\":\"" + w + "\"}";
    }

    private static String label(String start, String end, String w) {
        return "{\"start\":" + start + ",\"end\":" + end + ",\"label\":\"" + w + "\"}";
    }

    private static void utterance(SegmonDriver d, String id, String refSegments, String hypWords, long ts) {
        d.hyp(id, "{\"utterance\":\"" + id + "\",\"model\":\"m\",\"tier\":\"word\",\"words\":[" + hypWords + "],\"end\":true}", ts);
        d.ref(id, "{\"utterance\":\"" + id + "\",\"tier\":\"word\",\"segments\":[" + refSegments + "],\"final\":true}", ts + 1);
    }

    /**
     * u1 "a b c" against "a b c": offsets start +10, +20, +40 ms, end +10, +30, 0.
     * u2 "d e" against "d x e" (x inserted, no offset): d -10 / -20, e 0 / +60.
     * u3 "f g h" against "f k h" (g substituted by k, no offset): f -30 / -30, h +120 / -5.
     */
    private static void threeUtterances(SegmonDriver d) {
        utterance(d, "u1", label("0", "0.3", "a") + "," + label("0.3", "0.6", "b") + "," + label("0.6", "0.9", "c"),
                word("0.01", "0.31", "a") + "," + word("0.32", "0.63", "b") + "," + word("0.64", "0.9", "c"), 0);
        utterance(d, "u2", label("1", "1.5", "d") + "," + label("1.5", "2", "e"),
                word("0.99", "1.48", "d") + "," + word("1.485", "1.49", "x") + "," + word("1.5", "2.06", "e"), 10);
        utterance(d, "u3", label("3", "3.5", "f") + "," + label("3.5", "4", "g") + "," + label("4", "4.5", "h"),
                word("2.97", "3.47", "f") + "," + word("3.5", "3.9", "k") + "," + word("4.12", "4.495", "h"), 20);
    }

    @Test
    void countsOfThreeUtterancesWorkedByHand() throws Exception {
        try (SegmonDriver d = SegmonDriver.defaults()) {
            threeUtterances(d);
            WordTiming t = d.timing.totals().get(new ModelTier("m", "word"));
            TimingCounts c = t.counts();
            // Reference words 3 + 2 + 3, hypothesis words 3 + 3 + 3, matched 3 + 2 + 2.
            assertEquals(8, c.referenceWords());
            assertEquals(9, c.hypothesisWords());
            assertEquals(7, c.matched());
            // Starts +10 +20 +40 -10 0 -30 +120 = +150 ms; ends +10 +30 0 -20 +60 -30 -5 = +45 ms;
            // absolute: 10+20+40+10+0+30+120 = 230 ms and 10+30+0+20+60+30+5 = 155 ms.
            assertEquals(150_000, c.startOffsetSum());
            assertEquals(45_000, c.endOffsetSum());
            assertEquals(230_000, c.startErrorSum());
            assertEquals(155_000, c.endErrorSum());
            // |start| <= 20 ms: 10, 20, -10, 0 (4); <= 50: also 40, -30 (6); <= 100: 6; <= 200: 7.
            // |end| <= 20: 10, 0, -20, -5 (4); <= 50: also 30, -30 (6); <= 100: also 60 (7).
            // Both: 20 ms a, d (2); 50 ms a, b, c, d, f (5); 100 ms also e (6); 200 ms all (7).
            assertEquals(new CollarCounts(4, 4, 2), c.within(Collar.MS_20));
            assertEquals(new CollarCounts(6, 6, 5), c.within(Collar.MS_50));
            assertEquals(new CollarCounts(6, 7, 6), c.within(Collar.MS_100));
            assertEquals(new CollarCounts(7, 7, 7), c.within(Collar.MS_200));
            assertEquals(3, t.moments().utterances());
        }
    }

    @Test
    void gaugesHistogramsAndIntervalsOfThreeUtterancesWorkedByHand() throws Exception {
        try (SegmonDriver d = SegmonDriver.defaults()) {
            threeUtterances(d);
            String s = d.scrape();
            for (String window : new String[] {"cumulative", "5m"}) {
                String w = ",model=\"m\",tier=\"word\",window=\"" + window + "\"}";
                // Bias 150/7 and 45/7 ms; mean absolute error 230/7 and 155/7 ms; matched share 7/8.
                assertEquals(0.150 / 7, value(s, "segmon_word_timing_bias_seconds{edge=\"start\"" + w), 1e-12);
                assertEquals(0.045 / 7, value(s, "segmon_word_timing_bias_seconds{edge=\"end\"" + w), 1e-12);
                assertEquals(0.230 / 7, value(s, "segmon_word_timing_mean_absolute_error_seconds{edge=\"start\"" + w), 1e-12);
                assertEquals(0.155 / 7, value(s, "segmon_word_timing_mean_absolute_error_seconds{edge=\"end\"" + w), 1e-12);
                assertEquals(7.0 / 8, value(s, "segmon_word_timing_matched_share_ratio{model=\"m\",tier=\"word\",window=\"" + window + "\"}"), 1e-12);
                assertEquals(5.0 / 7, value(s, "segmon_word_timing_within_ratio{collar=\"0.05\",edge=\"both\"" + w), 1e-12);
                assertEquals(4.0 / 7, value(s, "segmon_word_timing_within_ratio{collar=\"0.02\",edge=\"end\"" + w), 1e-12);
                // Start bias interval, utterance as the unit: a_i = (70, -10, 90) ms, M_i = (3, 2, 2), R = 150/7;
                // residuals a_i - R M_i = (40, -370, 330)/7, Q = (1600 + 136900 + 108900)/49 / 7^2 = 247400/2401;
                // leverage L = (9 + 4 + 4)/49 = 17/49; SE^2 = 3/2 Q (1 + 2L) = 3/2 * 247400/2401 * 83/49;
                // t_{0.975, 2} = sqrt(2/(0.05 * 1.95) - 2) = 4.302652729749464; R -+ t SE = [-48.190255, 91.047398] ms.
                double se = Math.sqrt(1.5 * 247400.0 / 2401 * 83 / 49);
                double t = Math.sqrt(2 / (0.05 * 1.95) - 2);
                assertEquals((150.0 / 7 - t * se) / 1000, value(s, "segmon_word_timing_bias_lower_seconds{edge=\"start\"" + w), 1e-12);
                assertEquals((150.0 / 7 + t * se) / 1000, value(s, "segmon_word_timing_bias_upper_seconds{edge=\"start\"" + w), 1e-12);
                assertEquals(-0.048190255, value(s, "segmon_word_timing_bias_lower_seconds{edge=\"start\"" + w), 1e-9);
                // End error: a_i = (40, 80, 35), R = 155/7; residuals (280 - 465, 560 - 310, 245 - 310)/7 = (-185, 250, -65)/7;
                // Q = (34225 + 62500 + 4225)/49/49 = 100950/2401; SE^2 = 3/2 * 100950/2401 * 83/49.
                double seErr = Math.sqrt(1.5 * 100950.0 / 2401 * 83 / 49);
                assertEquals((155.0 / 7 + t * seErr) / 1000, value(s, "segmon_word_timing_mean_absolute_error_upper_seconds{edge=\"end\"" + w), 1e-12);
            }
            String e = "{edge=\"start\",model=\"m\",tier=\"word\"";
            // Signed starts -30 -10 0 +10 +20 +40 +120 ms: cumulative counts at le -0.05: 0, -0.02: 1, -0.01: 2,
            // 0: 3, 0.01: 4, 0.02: 5, 0.05: 6, 0.1: 6, 0.2: 7; the sum is +0.150 s, the count 7.
            assertEquals(0, value(s, "segmon_word_timing_offset_seconds_bucket" + e + ",le=\"-0.05\"}"));
            assertEquals(1, value(s, "segmon_word_timing_offset_seconds_bucket" + e + ",le=\"-0.02\"}"));
            assertEquals(3, value(s, "segmon_word_timing_offset_seconds_bucket" + e + ",le=\"0.0\"}"));
            assertEquals(6, value(s, "segmon_word_timing_offset_seconds_bucket" + e + ",le=\"0.1\"}"));
            assertEquals(7, value(s, "segmon_word_timing_offset_seconds_bucket" + e + ",le=\"0.2\"}"));
            assertEquals(0.150, value(s, "segmon_word_timing_offset_seconds_sum" + e + "}"), 1e-12);
            assertEquals(7, value(s, "segmon_word_timing_offset_seconds_count" + e + "}"));
            // |start| 0 10 10 20 30 40 120 ms: le 0.01: 3, 0.02: 4 (the 20 ms collar), 0.05: 6, 0.2: 7.
            assertEquals(3, value(s, "segmon_word_timing_absolute_offset_seconds_bucket" + e + ",le=\"0.01\"}"));
            assertEquals(4, value(s, "segmon_word_timing_absolute_offset_seconds_bucket" + e + ",le=\"0.02\"}"));
            assertEquals(6, value(s, "segmon_word_timing_absolute_offset_seconds_bucket" + e + ",le=\"0.05\"}"));
            assertEquals(0.230, value(s, "segmon_word_timing_absolute_offset_seconds_sum" + e + "}"), 1e-12);
            assertEquals(7, value(s, "segmon_word_timing_matched_words_total{model=\"m\",tier=\"word\"}"));
            assertEquals(2, value(s, "segmon_word_timing_within_words_total{collar=\"0.02\",edge=\"both\",model=\"m\",tier=\"word\"}"));
        }
    }

    @Test
    void oneUtteranceHasMeansButNoIntervalAndBareTimesHaveNoTiming() throws Exception {
        try (SegmonDriver d = SegmonDriver.defaults()) {
            utterance(d, "u1", label("0", "0.3", "a"), word("0.01", "0.31", "a"), 0);
            d.hyp("u2", "{\"utterance\":\"u2\",\"model\":\"bare\",\"tier\":\"word\",\"times\":[0.3],\"end\":true}", 5);
            d.ref("u2", "{\"utterance\":\"u2\",\"tier\":\"word\",\"segments\":[" + label("0", "0.3", "a") + "],\"final\":true}", 6);
            String s = d.scrape();
            assertEquals(0.01, value(s, "segmon_word_timing_bias_seconds{edge=\"start\",model=\"m\",tier=\"word\",window=\"cumulative\"}"), 1e-12);
            assertFalse(s.contains("segmon_word_timing_bias_lower_seconds{"), "one utterance: t has no degree of freedom");
            assertFalse(s.contains("segmon_word_timing_matched_share_ratio{model=\"bare\""), "a hypothesis of bare times has no word timing");
            assertNull(d.timing.totals().get(new ModelTier("bare", "word")));
            assertTrue(s.contains("segmon_word_timing_utterances_total{model=\"m\",tier=\"word\"} 1.0"), s);
        }
    }

    /** The value of the sample whose name and labels begin {@code prefix} (labels in Prometheus' sorted order). */
    private static double value(String scrape, String prefix) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(prefix) + " (\\S+)$").matcher(scrape);
        assertTrue(m.find(), prefix + " in\n" + scrape);
        return Double.parseDouble(m.group(1));
    }
}
