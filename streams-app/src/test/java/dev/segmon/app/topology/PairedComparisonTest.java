package dev.segmon.app.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.app.config.Comparison;
import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.state.Keys.PendingKey;
import dev.segmon.app.state.Moments.Pending;
import dev.segmon.app.processors.PairedBook;
import java.time.Duration;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.Test;

/** run --compare on the real topology; every expected number is worked out by hand in a comment. */
class PairedComparisonTest {
    // Reference word tier: [0.00, 0.50] [0.50, 1.00] -> boundaries {0.00, 0.50, 1.00}, r = 3.
    private static String ref(String u) {
        return "{\"utterance\":\"" + u + "\",\"tier\":\"word\",\"segments\":"
                + "[{\"start\":0.0,\"end\":0.5,\"label\":\"a\"},{\"start\":0.5,\"end\":1.0,\"label\":\"b\"}],\"final\":true}";
    }

    private static String hyp(String u, String model, String times) {
        return "{\"utterance\":\"" + u + "\",\"model\":\"" + model + "\",\"tier\":\"word\",\"times\":[" + times + "],\"end\":true}";
    }

    private static MonitorConfig.Builder config() {
        return MonitorConfig.builder().referenceMaxDelay(Duration.ofMinutes(10)).expiryInterval(Duration.ofMinutes(1))
                .compare(new Comparison("a", "b")).compare(new Comparison("ghost", "b"));
    }

    @Test
    void recallAndOverSegmentationDifferencesByHand() throws Exception {
        try (SegmonDriver d = new SegmonDriver(config())) {
            // Tolerance 0.02. Per utterance (hc, yc | hb, yb | r):
            //   u1: a 0,0.5,1 -> 3, 3 | b 0,0.5 -> 2, 2 | 3
            //   u2: a 0,0.5 -> 2, 2 | b 0,0.3 -> 1, 2 | 3
            //   u3: a 0,0.5,0.8,1 -> 3, 4 | b 0,0.5,1 -> 3, 3 | 3
            // Sums: Hc 8, Yc 9, Hb 6, Yb 7, R 9.
            // Recall difference D = (8 - 6)/9 = 2/9; z_i = (hc_i - hb_i - D r_i)/R = (1 - 2/3)/9,
            // (1 - 2/3)/9, (0 - 2/3)/9 = 1/27, 1/27, -2/27; sum z^2 = 6/729; SE^2 = 3/2 * 6/729 = 1/81,
            // SE = 1/9. Three pairs: Student t with 2 degrees of freedom, t_{0.975, 2} =
            // sqrt(2/(0.05 * 1.95) - 2) = 4.302652729749464 (Abramowitz and Stegun 26.7.4):
            // 2/9 -+ 4.302652729749464/9 = [-0.2558503033054960, 0.7002947477499404].
            // Over-segmentation difference (Yc - Yb)/R = 2/9; z_i = (yc_i - yb_i - 2/3)/9 = 1/27,
            // -2/27, 1/27: the same SE, the same interval.
            // u2 arrives model a first, the others model b first (either side may wait).
            d.ref("u1", ref("u1"), 0);
            d.hyp("u1", hyp("u1", "b", "0.0,0.5"), 1);
            d.hyp("u1", hyp("u1", "a", "0.0,0.5,1.0"), 2);
            d.ref("u2", ref("u2"), 3);
            d.hyp("u2", hyp("u2", "a", "0.0,0.5"), 4);
            d.hyp("u2", hyp("u2", "b", "0.0,0.3"), 5);
            d.hyp("u3", hyp("u3", "b", "0.0,0.5,1.0"), 6);
            d.hyp("u3", hyp("u3", "a", "0.0,0.5,0.8,1.0"), 7);
            d.ref("u3", ref("u3"), 8);
            String s = d.scrape();
            String l = "baseline=\"b\",candidate=\"a\",tier=\"word\",window=\"cumulative\"";
            for (String m : new String[] {"recall", "over_segmentation"}) {
                assertEquals(2.0 / 9, LiveIntervalsTest.gauge(s, "segmon_paired_" + m + "_difference_ratio", l), 1e-12, m);
                assertEquals(-0.2558503033054960, LiveIntervalsTest.gauge(s, "segmon_paired_" + m + "_difference_lower_ratio", l), 1e-12, m);
                assertEquals(0.7002947477499404, LiveIntervalsTest.gauge(s, "segmon_paired_" + m + "_difference_upper_ratio", l), 1e-12, m);
            }
            String c = "baseline=\"b\",candidate=\"a\",tier=\"word\"";
            assertEquals(3.0, LiveIntervalsTest.gauge(s, "segmon_paired_utterances_total", c));
            assertEquals(8.0, LiveIntervalsTest.gauge(s, "segmon_paired_hc_total", c));
            assertEquals(7.0, LiveIntervalsTest.gauge(s, "segmon_paired_yb_total", c));
            // hc * hb: 3*2 + 2*1 + 3*3 = 17; r * r: 3 * 9 = 27.
            assertEquals(17.0, LiveIntervalsTest.gauge(s, "segmon_paired_hc_hb_total", c));
            assertEquals(27.0, LiveIntervalsTest.gauge(s, "segmon_paired_r_r_total", c));
            // The comparison whose candidate never appears has no series.
            assertFalse(s.contains("candidate=\"ghost\""));
            // Every pair booked, nothing left waiting for a; b's counts wait for the ghost.
            assertTrue(pending(d).stream().allMatch(k -> k.model().equals("b") && k.partner().equals("ghost")), pending(d).toString());
            assertEquals(3, pending(d).size());
            // Waiting counts expire reference-max-delay (wall clock) after they were left.
            d.driver.advanceWallClockTime(Duration.ofMinutes(11));
            assertEquals(0, pending(d).size());
        }
    }

    @Test
    void onlyUtterancesScoredForBothArePairedAndALateRecordIsNotCountedTwice() throws Exception {
        try (SegmonDriver d = new SegmonDriver(config())) {
            // u1: scored for both. u2: no reference: unreferenced for both after the delay, not paired.
            d.ref("u1", ref("u1"), 0);
            d.hyp("u1", hyp("u1", "a", "0.0"), 1);
            d.hyp("u1", hyp("u1", "b", "0.5"), 2);
            d.hyp("u2", hyp("u2", "a", "0.0"), 3);
            d.hyp("u2", hyp("u2", "b", "0.0"), 4);
            d.driver.advanceWallClockTime(Duration.ofMinutes(11));
            d.driver.advanceWallClockTime(Duration.ofMinutes(11));
            String c = "baseline=\"b\",candidate=\"a\",tier=\"word\"";
            assertEquals(1.0, LiveIntervalsTest.gauge(d.scrape(), "segmon_paired_utterances_total", c));
            // One utterance: no interval.
            assertNull(LiveIntervalsTest.gauge(d.scrape(), "segmon_paired_recall_difference_lower_ratio", c + ",window=\"cumulative\""));
            // Every state of u1 is gone; a late end mark of a opens and closes u1 anew (as the totals
            // count it): it finds no b waiting, so the pair is not booked twice.
            d.ref("u1", ref("u1"), 5);
            d.hyp("u1", hyp("u1", "a", "0.0"), 6);
            assertEquals(1.0, LiveIntervalsTest.gauge(d.scrape(), "segmon_paired_utterances_total", c));
        }
    }

    private static java.util.List<PendingKey> pending(SegmonDriver d) {
        KeyValueStore<PendingKey, Pending> store = d.driver.getKeyValueStore(PairedBook.PENDING.name());
        java.util.List<PendingKey> out = new java.util.ArrayList<>();
        try (KeyValueIterator<PendingKey, Pending> it = store.all()) {
            it.forEachRemaining(kv -> out.add(kv.key));
        }
        return out;
    }
}
