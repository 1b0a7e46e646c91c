package dev.segmon.app.topology;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.app.config.MonitorConfig;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Word-timestamp health counted for every hypothesis with words, referenced or not (docs/contract.md 3.6); counts by hand. */
class TimestampHealthTopologyTest {
    private static String word(double start, double end, String w) {
        return "{\"start\":" + start + ",\"end\":" + end + ",\"word\":\"" + w + "\"}";
    }

    @Test
    void anomaliesAreCountedAtTheEndOfEveryHypothesisWithWords() throws Exception {
        try (SegmonDriver d = new SegmonDriver(MonitorConfig.builder().maxWordDuration(Duration.ofMillis(1500)))) {
            // u1, never referenced: words [0, 0.5] [0.4, 2.4] [2.4, 2.4] [2.5, 3.5], the end says 3.2 s of audio.
            // In start order: [0.4, 2.4] overlaps (0.4 < 0.5) and is 2.0 s > 1.5 s long; [2.4, 2.4] is
            // zero-length (2.4 is not before 2.4: no overlap); [2.5, 3.5] ends past 3.2.
            d.hyp("u1", "{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\",\"words\":[" + word(0, 0.5, "a") + ","
                    + word(2.5, 3.5, "d") + "]}", 0);
            d.hyp("u1", "{\"utterance\":\"u1\",\"model\":\"m\",\"tier\":\"word\",\"words\":[" + word(0.4, 2.4, "b") + ","
                    + word(2.4, 2.4, "c") + "],\"end\":true,\"duration\":3.2}", 1);
            // u2: one clean word, no duration given; a hypothesis of bare times counts no words.
            d.hyp("u2", "{\"utterance\":\"u2\",\"model\":\"m\",\"tier\":\"word\",\"words\":[" + word(0, 0.4, "e") + "],\"end\":true}", 2);
            d.hyp("u3", "{\"utterance\":\"u3\",\"model\":\"m\",\"tier\":\"word\",\"times\":[0.5],\"end\":true}", 3);
            String s = d.scrape();
            String mt = "model=\"m\",tier=\"word\"";
            assertTrue(s.contains("segmon_hypothesis_words_total{" + mt + "} 5.0"), s);
            assertTrue(s.contains("segmon_hypothesis_word_anomalies_total{kind=\"zero_duration\"," + mt + "} 1.0"), s);
            assertTrue(s.contains("segmon_hypothesis_word_anomalies_total{kind=\"overlap\"," + mt + "} 1.0"), s);
            assertTrue(s.contains("segmon_hypothesis_word_anomalies_total{kind=\"long\"," + mt + "} 1.0"), s);
            assertTrue(s.contains("segmon_hypothesis_word_anomalies_total{kind=\"past_audio_end\"," + mt + "} 1.0"), s);
            assertTrue(s.contains("segmon_hypothesis_word_anomaly_ratio{kind=\"overlap\"," + mt + ",window=\"cumulative\"} 0.2"), s);
        }
    }
}
