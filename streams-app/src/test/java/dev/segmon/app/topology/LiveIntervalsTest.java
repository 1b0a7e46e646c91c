package dev.segmon.app.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.app.config.Comparison;
import dev.segmon.app.config.MonitorConfig;
import dev.segmon.app.state.Keys.ModelTier;
import dev.segmon.app.state.Keys.PairTier;
import dev.segmon.model.alignment.Segment;
import dev.segmon.model.alignment.Utterance;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.boundary.BoundaryScorer;
import dev.segmon.model.interval.BoundaryIntervals;
import dev.segmon.model.interval.CriticalValue;
import dev.segmon.model.interval.Estimate;
import dev.segmon.model.interval.Interval;
import dev.segmon.model.interval.Measure;
import dev.segmon.model.interval.PairedMeasure;
import dev.segmon.model.interval.PairedMoments;
import dev.segmon.model.interval.UtteranceMoments;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.SortedMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The live intervals (docs/intervals.md) on the real topology: over any range of minutes, the
 * moments the monitor booked give the same intervals as {@link BoundaryIntervals} (what
 * {@code eval boundaries --confidence} runs) on the offline scores of the utterances closed in
 * those minutes, and the paired moments give the same differences and intervals as a direct
 * computation from per-utterance residuals written here (the linearisation of each difference
 * by hand, not the model's {@code Linearisation}). Offline counts come from {@link BoundaryScorer}.
 */
class LiveIntervalsTest {
    private static final String A = "asr-a";
    private static final String B = "asr-b";
    private static final double LEVEL = 0.95;
    private static final long MINUTE = 60_000;

    /** One utterance of a phase: each model's offline counts; null reference when none was sent. */
    record Scored(BoundaryCounts a, BoundaryCounts b, boolean referenced) {
    }

    @Test
    void liveIntervalsEqualTheOfflineOnesOverEveryRangeOfMinutes() throws Exception {
        Random rnd = new Random(11_2026);
        for (int trial = 0; trial < 12; trial++) {
            runTrial(rnd, trial);
        }
    }

    private void runTrial(Random rnd, int trial) throws Exception {
        double tolerance = new double[] {0.0, 0.02, 0.05}[rnd.nextInt(3)];
        BoundaryScorer scorer = BoundaryScorer.builder().tolerance(tolerance).build();
        int phases = 2 + rnd.nextInt(3);
        List<List<Scored>> scored = new ArrayList<>();
        try (SegmonDriver d = new SegmonDriver(MonitorConfig.builder().tolerance(tolerance).maxDisorder(0.01)
                .referenceMaxDelay(Duration.ofHours(1)).expiryInterval(Duration.ofMinutes(1))
                .compare(new Comparison(A, B)))) {
            for (int p = 0; p < phases; p++) {
                List<Scored> phase = new ArrayList<>();
                List<List<String[]>> streams = new ArrayList<>();
                int utterances = 1 + rnd.nextInt(7);
                for (int u = 0; u < utterances; u++) {
                    String id = "utt-" + trial + "-" + p + "-" + u;
                    boolean referenced = rnd.nextInt(5) != 0;
                    List<Segment> segments = RandomBoundaryCorpus.randomSegments(rnd);
                    Utterance ref = new Utterance.Segmented(id, referenced ? segments : List.of());
                    if (referenced) {
                        streams.add(RandomBoundaryCorpus.referenceMessages(rnd, id, segments));
                    }
                    BoundaryCounts[] counts = new BoundaryCounts[2];
                    String[] models = {A, B};
                    for (int m = 0; m < 2; m++) {
                        double[] times = RandomBoundaryCorpus.randomTimes(rnd);
                        counts[m] = scorer.score(ref, new Utterance.Marked(id, times));
                        streams.add(RandomBoundaryCorpus.hypothesisMessages(rnd, id, models[m], times, 0.01));
                    }
                    if (referenced) { // an unreferenced utterance is not scored (--unreferenced skip, the default)
                        phase.add(new Scored(counts[0], counts[1], true));
                    }
                }
                // The phase's records in minute p of record time, in a random merge of the streams.
                int total = streams.stream().mapToInt(List::size).sum();
                long step = Math.max(1, 58_000 / total);
                long ts = p * MINUTE;
                for (Interleaving.Step sent : Interleaving.merge(rnd, streams)) {
                    String[] msg = sent.message();
                    ts += step;
                    if (msg[0].equals("ref")) {
                        d.ref(msg[1], msg[2], ts);
                    } else {
                        d.hyp(msg[1], msg[2], ts);
                    }
                }
                scored.add(phase);
            }
            // Unreferenced hypotheses close after reference-max-delay of wall clock, at their last record's time.
            d.driver.advanceWallClockTime(Duration.ofMinutes(61));
            d.driver.advanceWallClockTime(Duration.ofMinutes(1));

            String where = "trial " + trial + " tolerance " + tolerance;
            for (int from = 0; from < phases; from++) {
                for (int to = from; to < phases; to++) {
                    List<Scored> window = new ArrayList<>();
                    scored.subList(from, to + 1).forEach(window::addAll);
                    long fromMs = SegmonDriver.START.toEpochMilli() + from * MINUTE;
                    long toMs = SegmonDriver.START.toEpochMilli() + (to + 1) * MINUTE;
                    String range = where + " minutes " + from + ".." + to;
                    checkModel(window, true, sum(d.intervals.momentMinutes(fromMs, toMs), new ModelTier(A, "word"),
                            UtteranceMoments.ZERO, UtteranceMoments::plus), range + " " + A);
                    checkModel(window, false, sum(d.intervals.momentMinutes(fromMs, toMs), new ModelTier(B, "word"),
                            UtteranceMoments.ZERO, UtteranceMoments::plus), range + " " + B);
                    checkPaired(window, sum(d.intervals.pairedMinutes(fromMs, toMs), new PairTier(A, B, "word"),
                            PairedMoments.ZERO, PairedMoments::plus), range);
                }
            }
            // The gauges on /metrics: cumulative, and 5m (the driver's "now" puts every phase in it).
            List<Scored> all = new ArrayList<>();
            scored.forEach(all::addAll);
            String scrape = d.scrape();
            for (String window : List.of("cumulative", "5m")) {
                for (boolean first : new boolean[] {true, false}) {
                    Map<Measure, Interval> expected = offline(all, first);
                    for (Measure m : Measure.values()) {
                        String name = "segmon_boundary_" + (m == Measure.OVER_SEGMENTATION ? "over_segmentation" : m.key());
                        String labels = "model=\"" + (first ? A : B) + "\",tier=\"word\",window=\"" + window + "\"";
                        Double lower = gauge(scrape, name + "_lower_ratio", labels);
                        Double upper = gauge(scrape, name + "_upper_ratio", labels);
                        if (expected.get(m) == null) {
                            assertNull(lower, where + " " + name + " " + window);
                        } else {
                            assertEquals(expected.get(m).lower(), lower, 1e-12, where + " " + name + " " + window);
                            assertEquals(expected.get(m).upper(), upper, 1e-12, where + " " + name + " " + window);
                        }
                    }
                }
            }
            // Every scored utterance counts: the referenced ones.
            assertEquals(all.isEmpty() ? null : (double) all.size(), gauge(scrape, "segmon_scored_utterances_total", "model=\"" + A + "\",tier=\"word\""), where);
            long pairs = all.stream().filter(Scored::referenced).count();
            Double pairedCounter = gauge(scrape, "segmon_paired_utterances_total", "baseline=\"" + B + "\",candidate=\"" + A + "\",tier=\"word\"");
            assertEquals(pairs == 0 ? null : (double) pairs, pairedCounter, where);
        }
    }

    private static Map<Measure, Interval> offline(List<Scored> utterances, boolean first) {
        BoundaryIntervals offline = new BoundaryIntervals();
        utterances.forEach(s -> offline.accept(first ? s.a() : s.b()));
        return offline.intervals(0.95, false);
    }

    static void checkModel(List<Scored> window, boolean first, UtteranceMoments live, String where) {
        Map<Measure, Interval> expected = offline(window, first);
        for (Measure m : Measure.values()) {
            Estimate e = live.estimate(m);
            if (expected.get(m) == null) {
                assertNull(e, where + " " + m);
                continue;
            }
            assertNotNull(e, where + " " + m);
            Interval got = e.confidenceInterval(LEVEL);
            assertEquals(expected.get(m).lower(), got.lower(), 1e-12, where + " " + m);
            assertEquals(expected.get(m).upper(), got.upper(), 1e-12, where + " " + m);
        }
    }

    /**
     * The paired differences by hand: the utterances scored for both (the referenced ones), each
     * difference D and its per-utterance linearised values z_i (the derivative of D along the
     * utterance's counts), SE^2 = m/(m-1) sum z_i^2 (docs/intervals.md).
     */
    static void checkPaired(List<Scored> window, PairedMoments live, String where) {
        List<Scored> pairs = window.stream().filter(Scored::referenced).toList();
        assertEquals(pairs.size(), live.utterances(), where);
        double hc = 0, yc = 0, hb = 0, yb = 0, r = 0;
        for (Scored s : pairs) {
            hc += s.a().hits();
            yc += s.a().hypothesis();
            hb += s.b().hits();
            yb += s.b().hypothesis();
            r += s.a().reference();
        }
        for (PairedMeasure m : PairedMeasure.values()) {
            double[] denominators = switch (m) {
                case PRECISION -> new double[] {yc, yb};
                case RECALL, OVER_SEGMENTATION -> new double[] {r};
                case F1 -> new double[] {yc + r, yb + r};
            };
            boolean defined = pairs.size() >= 2 && java.util.Arrays.stream(denominators).allMatch(x -> x > 0);
            Estimate e = live.estimate(m);
            if (!defined) {
                assertNull(e, where + " " + m);
                continue;
            }
            double pc = hc / yc, pb = hb / yb, f1c = 2 * hc / (yc + r), f1b = 2 * hb / (yb + r);
            double d = switch (m) {
                case PRECISION -> pc - pb;
                case RECALL -> (hc - hb) / r;
                case F1 -> f1c - f1b;
                case OVER_SEGMENTATION -> (yc - yb) / r;
            };
            double q = 0;
            for (Scored s : pairs) {
                double zhc = s.a().hits(), zyc = s.a().hypothesis(), zhb = s.b().hits(), zyb = s.b().hypothesis(), zr = s.a().reference();
                double z = switch (m) {
                    case PRECISION -> (zhc - pc * zyc) / yc - (zhb - pb * zyb) / yb;
                    case RECALL -> (zhc - zhb - d * zr) / r;
                    case F1 -> (2 * zhc - f1c * (zyc + zr)) / (yc + r) - (2 * zhb - f1b * (zyb + zr)) / (yb + r);
                    case OVER_SEGMENTATION -> (zyc - zyb - d * zr) / r;
                };
                q += z * z;
            }
            // Student t with m - 1 degrees of freedom (CriticalValueTest holds it to R's qt).
            double half = CriticalValue.twoSided(LEVEL, pairs.size()) * Math.sqrt(pairs.size() / (pairs.size() - 1.0) * q);
            double lower = d - half, upper = d + half;
            if (m != PairedMeasure.OVER_SEGMENTATION) {
                lower = Math.max(-1, lower);
                upper = Math.min(1, upper);
            }
            assertNotNull(e, where + " " + m);
            assertEquals(d, e.value(), 1e-12, where + " " + m);
            Interval got = m.clip(e.confidenceInterval(LEVEL));
            assertEquals(lower, got.lower(), 1e-12, where + " " + m);
            assertEquals(upper, got.upper(), 1e-12, where + " " + m);
        }
    }

    private static <K, V> V sum(SortedMap<K, SortedMap<Long, V>> minutes, K key, V zero, java.util.function.BinaryOperator<V> plus) {
        SortedMap<Long, V> of = minutes.get(key);
        return of == null ? zero : of.values().stream().reduce(zero, plus);
    }

    /** A sample's value from Prometheus text (labels in the exporter's order), or null when absent. */
    static Double gauge(String scrape, String name, String labels) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(name + "{" + labels + "}") + " (\\S+)$").matcher(scrape);
        return m.find() ? Double.valueOf(m.group(1)) : null;
    }

    @Test
    void gaugeFinderReadsOneSample() {
        assertEquals(0.5, gauge("x{a=\"1\"} 0.5\n", "x", "a=\"1\""));
        assertTrue(gauge("x{a=\"1\"} 0.5\n", "x", "a=\"2\"") == null);
    }
}
