package dev.segmon.app.topology;

import dev.segmon.app.wire.Outcome;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.state.Totals;
import dev.segmon.app.web.MinuteWindow;
import dev.segmon.app.web.StateWindows;
import dev.segmon.model.alignment.Segment;
import dev.segmon.model.alignment.Utterance;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.boundary.BoundaryScorer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The contract of docs/contract.md 3.1: whatever the interleaving of the two sides (within the
 * disorder bound), duplicates and references arriving after the hypotheses, once everything is
 * ended/final (and unreferenced hypotheses have expired), the totals read from the stores equal
 * {@link BoundaryScorer} (what {@code eval boundaries} runs) on the same data. The expected
 * numbers come from the offline scorer, a separate code path (Matching.ONE_TO_ONE on whole
 * utterances), never from the streaming code.
 */
class StreamingEqualsOfflineTest {
    private static final String[] MODELS = {"asr-a", "asr-b"};

    @Test
    void totalsEqualOfflineScoringForRandomCorporaAndInterleavings() throws Exception {
        Random rnd = new Random(7_2026);
        for (int trial = 0; trial < 30; trial++) {
            double tolerance = new double[] {0.0, 0.02, 0.05}[rnd.nextInt(3)];
            double disorder = new double[] {0.0, 0.01, 0.03, 0.1, 1.0}[rnd.nextInt(5)];
            runTrial(rnd, tolerance, disorder, trial, 10);
        }
    }

    /**
     * The per-minute counts /api/v1/windows serves, summed over the run, equal the offline totals
     * too: records a few seconds apart, so that a run spans several minutes of record time.
     */
    @Test
    void minuteWindowsSumToTheOfflineTotals() throws Exception {
        Random rnd = new Random(12);
        for (int trial = 0; trial < 10; trial++) {
            runTrial(rnd, 0.02, 0.01, trial, 3_000);
        }
    }

    /** One random corpus, its records {@code stepMs} of record time apart. */
    private void runTrial(Random rnd, double tolerance, double disorder, int trial, long stepMs) throws Exception {
        BoundaryScorer scorer = BoundaryScorer.builder().tolerance(tolerance).build();
        int utterances = 1 + rnd.nextInt(6);
        List<List<String[]>> streams = new ArrayList<>(); // each: ordered (side, utterance, json)
        Map<String, BoundaryCounts> expected = new java.util.TreeMap<>();
        int referenced = 0;
        for (int u = 0; u < utterances; u++) {
            String id = "utt-" + trial + "-" + u;
            boolean hasReference = rnd.nextInt(5) != 0;
            List<Segment> segments = randomSegments(rnd);
            Utterance ref = new Utterance.Segmented(id, hasReference ? segments : List.of());
            if (hasReference) {
                referenced++;
                streams.add(referenceMessages(rnd, id, segments));
            }
            for (String model : MODELS) {
                double[] times = randomTimes(rnd);
                Utterance hyp = new Utterance.Marked(id, times);
                expected.merge(model, scorer.score(ref, hyp), BoundaryCounts::plus);
                streams.add(hypothesisMessages(rnd, id, model, times, disorder));
            }
        }
        try (SegmonDriver d = new SegmonDriver(MonitorConfig.builder().tolerance(tolerance).maxDisorder(disorder)
                .referenceMaxDelay(Duration.ofHours(1)).expiryInterval(Duration.ofMinutes(1)))) {
            long ts = 0;
            // Random merge of the streams, each keeping its own order.
            List<Integer> positions = new ArrayList<>();
            for (int i = 0; i < streams.size(); i++) {
                positions.add(0);
            }
            while (true) {
                List<Integer> live = new ArrayList<>();
                for (int i = 0; i < streams.size(); i++) {
                    if (positions.get(i) < streams.get(i).size()) {
                        live.add(i);
                    }
                }
                if (live.isEmpty()) {
                    break;
                }
                int s = live.get(rnd.nextInt(live.size()));
                String[] msg = streams.get(s).get(positions.get(s));
                positions.set(s, positions.get(s) + 1);
                ts += stepMs;
                if (msg[0].equals("ref")) {
                    d.ref(msg[1], msg[2], ts);
                } else {
                    d.hyp(msg[1], msg[2], ts);
                }
            }
            // Unreferenced hypotheses close after reference-max-delay of wall clock.
            d.driver.advanceWallClockTime(Duration.ofMinutes(61));
            d.driver.advanceWallClockTime(Duration.ofMinutes(1));
            for (String model : MODELS) {
                Totals t = d.totals(model, "word");
                assertEquals(expected.get(model), t.counts(), "trial " + trial + " model " + model
                        + " tolerance " + tolerance + " disorder " + disorder);
                assertEquals(0, t.open());
                assertEquals((long) referenced, t.outcomes().getOrDefault(Outcome.SCORED, 0L));
                assertEquals((long) (utterances - referenced), t.outcomes().getOrDefault(Outcome.UNREFERENCED, 0L));
                List<MinuteWindow> minutes = new StateWindows(d.state, d.intervals, d.words).local(model, "word", 0, Long.MAX_VALUE);
                assertEquals(expected.get(model), minutes.stream().map(MinuteWindow::counts).reduce(BoundaryCounts.ZERO, BoundaryCounts::plus),
                        "trial " + trial + " model " + model + ": the minutes of " + minutes);
                // Every utterance is closed in some minute: the minutes count them all.
                assertEquals((long) utterances, minutes.stream().mapToLong(MinuteWindow::utterances).sum());
                // The minutes' moment sums, read from the moment minute store, add up to the cumulative moment store.
                assertEquals(d.intervals.moments().get(new dev.segmon.app.state.Keys.ModelTier(model, "word")),
                        minutes.stream().map(MinuteWindow::moments).reduce(dev.segmon.model.interval.UtteranceMoments.ZERO,
                                dev.segmon.model.interval.UtteranceMoments::plus), "trial " + trial + " model " + model);
            }
        }
    }

    /** Contiguous or gapped segments on a 1 ms grid (so exact-tolerance offsets such as 0.52 vs 0.50 occur). */
    static List<Segment> randomSegments(Random rnd) {
        List<Segment> out = new ArrayList<>();
        int t = rnd.nextInt(50);
        int n = rnd.nextInt(8);
        for (int i = 0; i < n; i++) {
            int len = 10 + rnd.nextInt(400);
            out.add(new Segment(t / 1000.0, (t + len) / 1000.0, "w" + i));
            t += len + (rnd.nextInt(3) == 0 ? rnd.nextInt(200) : 0);
        }
        return out;
    }

    static double[] randomTimes(Random rnd) {
        TreeSet<Integer> s = new TreeSet<>();
        int n = rnd.nextInt(10);
        for (int i = 0; i < n; i++) {
            s.add(rnd.nextInt(3000));
        }
        return s.stream().mapToDouble(ms -> ms / 1000.0).toArray();
    }

    /** The reference in 1-3 chunks in time order, the last one final; sometimes an empty final chunk; some chunks sent twice. */
    static List<String[]> referenceMessages(Random rnd, String id, List<Segment> segments) {
        List<String[]> out = new ArrayList<>();
        if (segments.isEmpty()) {
            out.add(new String[] {"ref", id, referenceJson(id, segments, true)});
            return out;
        }
        int chunks = Math.max(1, Math.min(segments.size(), 1 + rnd.nextInt(3)));
        int per = (int) Math.ceil(segments.size() / (double) chunks);
        boolean emptyFinal = rnd.nextBoolean();
        for (int c = 0; c * per < segments.size(); c++) {
            List<Segment> part = segments.subList(Math.min(c * per, segments.size()), Math.min((c + 1) * per, segments.size()));
            boolean last = (c + 1) * per >= segments.size();
            out.add(new String[] {"ref", id, referenceJson(id, part, last && !emptyFinal)});
            if (rnd.nextInt(4) == 0) { // a re-sent chunk: refused as a duplicate, counted once
                out.add(out.get(out.size() - 1));
            }
        }
        if (emptyFinal) {
            out.add(new String[] {"ref", id, referenceJson(id, List.of(), true)});
        }
        return out;
    }

    private static String referenceJson(String id, List<Segment> part, boolean last) {
        StringBuilder b = new StringBuilder("{\"utterance\":\"" + id + "\",\"tier\":\"word\",\"segments\":[");
        for (int i = 0; i < part.size(); i++) {
            Segment s = part.get(i);
            b.append(i == 0 ? "" : ",").append(String.format(Locale.ROOT, "{\"start\":%s,\"end\":%s,\"label\":\"%s\"}",
                    s.start(), s.end(), s.label()));
        }
        return b.append("],\"final\":").append(last).append('}').toString();
    }

    /**
     * The boundaries in a disorder-respecting order (sorted by time + u, u in [0, disorder]), in batches
     * of 1-3 ("time" or "times"), some batches sent twice, then "end" (sometimes twice).
     */
    static List<String[]> hypothesisMessages(Random rnd, String id, String model, double[] times, double disorder) {
        double[][] keyed = new double[times.length][];
        for (int i = 0; i < times.length; i++) {
            // jitter on the 1 ms grid, both ends included, ties in random order: arrivals at
            // exactly (max seen - disorder) occur, the edge of what is admissible
            keyed[i] = new double[] {Math.round(times[i] * 1000) + rnd.nextInt((int) Math.round(disorder * 1000) + 1), times[i]};
        }
        java.util.Collections.shuffle(Arrays.asList(keyed), rnd);
        Arrays.sort(keyed, Comparator.comparingDouble((double[] a) -> a[0]));
        String head = "{\"utterance\":\"" + id + "\",\"model\":\"" + model + "\",\"tier\":\"word\",";
        List<String[]> out = new ArrayList<>();
        int i = 0;
        while (i < keyed.length) {
            int n = Math.min(keyed.length - i, 1 + rnd.nextInt(3));
            String json;
            if (n == 1) {
                json = head + "\"time\":" + keyed[i][1] + "}";
            } else {
                StringBuilder b = new StringBuilder(head + "\"times\":[");
                for (int k = 0; k < n; k++) {
                    b.append(k == 0 ? "" : ",").append(keyed[i + k][1]);
                }
                json = b.append("]}").toString();
            }
            out.add(new String[] {"hyp", id, json});
            if (rnd.nextInt(4) == 0) {
                out.add(new String[] {"hyp", id, json});
            }
            i += n;
        }
        out.add(new String[] {"hyp", id, head + "\"end\":true}"});
        if (rnd.nextInt(4) == 0) {
            out.add(new String[] {"hyp", id, head + "\"end\":true}"});
        }
        return out;
    }
}
