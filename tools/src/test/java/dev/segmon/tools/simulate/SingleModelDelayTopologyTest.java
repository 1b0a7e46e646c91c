package dev.segmon.tools.simulate;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.state.Keys.SeriesKey;
import dev.segmon.app.topology.SegmonDriver;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.detection.DetectedMeasure;
import dev.segmon.model.detection.DetectorSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.StringJoiner;
import org.junit.jupiter.api.Test;

/**
 * A single model's recall detector through the topology (docs/detection.md, "A single model
 * after 3,000 utterances of history"): record times 10 s apart with 20 reference boundaries per
 * utterance on average (2 boundaries a second), 3,000 utterances of history with the default
 * settings (2,000 to learn from), then recall 5 points lower. Each of {@link #MODELS} models is its own series, scored on the same references
 * with its own hit draws: their median delay is held to 1.5 times the floor's median, the optimal
 * CUSUM told the drop's size, simulated on the same generating model ({@code simulate detection}).
 */
class SingleModelDelayTopologyTest {
    private static final int HISTORY = 3000;
    private static final int MODELS = 9;
    private static final long STEP_MS = 10_000;
    private static final double DROP = 0.05;

    @Test
    void aFivePointRecallDropAfterThreeThousandUtterancesIsCalledWithinHalfAgainTheFloor() throws Exception {
        StreamModel traffic = new StreamModel(4, 1);
        ChangeDetection sim = new ChangeDetection(traffic, DetectorSettings.DEFAULTS, HISTORY);
        ChangeDetection.Case drop = new ChangeDetection.Case("single recall -5 pts @2/s", false, DetectedMeasure.RECALL, DROP, 0, 2, 0);
        double floorMinutes = sim.delays(drop, 60, 24, new SplittableRandom(11)).floorMedian();
        // 6 utterances a minute: the last utterance after the change that is within 1.5x the floor.
        int allowed = (int) Math.ceil(1.5 * floorMinutes * 6);

        SplittableRandom rnd = new SplittableRandom(2026);
        double keep = traffic.keepForDrop(DROP);
        int[] calledAfter = new int[MODELS];
        Arrays.fill(calledAfter, -1);
        try (SegmonDriver d = new SegmonDriver(MonitorConfig.builder().referenceMaxDelay(Duration.ofMinutes(10))
                .expiryInterval(Duration.ofMinutes(1)))) {
            for (int i = 0; i < HISTORY + allowed; i++) {
                String u = "u" + i;
                long t = i * STEP_MS;
                StreamModel.Utterance shared = traffic.utterance(rnd);
                d.ref(u, ref(u, shared.reference()), t);
                for (int m = 0; m < MODELS; m++) {
                    // Each model its own hit probability: independent series on the same references.
                    StreamModel.Utterance own = new StreamModel.Utterance(shared.reference(), traffic.utterance(rnd).p());
                    BoundaryCounts c = traffic.score(own, i >= HISTORY ? keep : 1, rnd);
                    d.hyp(u, hyp(u, "m" + m, c), t + 1 + m);
                }
                if (i == HISTORY - 1) {
                    for (int m = 0; m < MODELS; m++) {
                        assertFalse(called(d, m), "m" + m + " called before the change");
                    }
                }
                for (int m = 0; i >= HISTORY && m < MODELS; m++) {
                    if (calledAfter[m] < 0 && called(d, m)) {
                        calledAfter[m] = i - HISTORY + 1;
                    }
                }
            }
        }
        long inTime = Arrays.stream(calledAfter).filter(n -> n > 0).count();
        assertTrue(inTime > MODELS / 2, "models called within " + allowed + " utterances (1.5 x the floor's " + floorMinutes
                + " min): " + inTime + " of " + MODELS + ", after " + Arrays.toString(calledAfter));
    }

    private static boolean called(SegmonDriver d, int model) {
        var series = d.changes.series().get(new SeriesKey("m" + model, "", "word"));
        return series != null && series.detectors().get(DetectedMeasure.RECALL).called();
    }

    /** r reference boundaries at 0, 1, ..., r - 1 s (r - 1 words). */
    private static String ref(String u, int r) {
        StringJoiner j = new StringJoiner(",");
        for (int k = 0; k + 1 < r; k++) {
            j.add("{\"start\":" + k + ".0,\"end\":" + (k + 1) + ".0,\"label\":\"w" + k + "\"}");
        }
        return "{\"utterance\":\"" + u + "\",\"tier\":\"word\",\"segments\":[" + j + "],\"final\":true}";
    }

    /**
     * The counts as boundaries: the first h reference boundaries exactly (hits), and n_hyp - h
     * boundaries a quarter of a second or more from every reference boundary (misses at 20 ms).
     */
    private static String hyp(String u, String model, BoundaryCounts c) {
        List<Double> times = new ArrayList<>();
        for (int k = 0; k < c.referenceHits(); k++) {
            times.add((double) k);
        }
        double[] offsets = {0.5, 0.25, 0.75};
        int words = (int) c.reference() - 1;
        for (int k = 0; times.size() < c.hypothesis(); k++) {
            times.add(k % words + offsets[k / words]);
        }
        times.sort(null);
        StringJoiner j = new StringJoiner(",");
        times.forEach(x -> j.add(Double.toString(x)));
        return "{\"utterance\":\"" + u + "\",\"model\":\"" + model + "\",\"tier\":\"word\",\"times\":[" + j + "],\"end\":true}";
    }
}
