package dev.segmon.app.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.segmon.model.alignment.Segment;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;

/**
 * A random corpus for the early estimate of docs/contract.md 3.2, whose hypotheses end with a
 * duration (or none, or one that must be refused), and 3.2's formula computed from the generated
 * data alone, with plain sums over per-utterance lists (not the monitor's moment records):
 * <ul>
 *   <li>rho = sum n_ref / sum duration over the (model, utterance) pairs scored with a usable
 *       duration;</li>
 *   <li>the estimate = sum n_hyp / (rho * sum duration) - 1 over the model's hypotheses that
 *       ended with a usable duration (cumulative, and the 5m window by the record time of the
 *       end), and its 95 % interval: the ratio estimator's variance with the utterance as the
 *       unit, m / (m - 1) * sum (n_i - R d_i)^2 / (sum d)^2, for each side, combined by the delta
 *       method and clipped at -1 (docs/intervals.md; EstimatedOverSegmentation's comment);</li>
 *   <li>the backtest: walking the scored pairs in the order they closed (the order of the scores
 *       topic, which the interleaving decides), each adds rho-so-far times its duration to the
 *       expected reference boundaries, before it joins rho's sums.</li>
 * </ul>
 */
final class EstimateCorpus {
    static final String[] MODELS = {"asr-a", "asr-b"};
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final double Z = 1.959963984540054;

    /** Messages {side, utterance, json}, one stream per reference and per hypothesis. */
    final List<List<String[]>> streams = new ArrayList<>();
    /** utterance -> reference boundaries (if it has a reference). */
    private final Map<String, Long> nRef = new HashMap<>();
    /** model + " " + utterance -> what was sent. */
    private final Map<String, Hyp> hyps = new HashMap<>();

    /** What the generator decided for one hypothesis: its boundaries, its duration (null: none or refused) and its end's record time. */
    private static final class Hyp {
        long n;
        Double duration;
        long endTs = Long.MIN_VALUE;
    }

    /** How many figures a check compared beyond presence: estimates with an interval, and backtests. */
    record Compared(int intervals, int backtests) {
        static final Compared NONE = new Compared(0, 0);

        Compared plus(Compared o) {
            return new Compared(intervals + o.intervals, backtests + o.backtests);
        }
    }

    private EstimateCorpus() {
    }

    static EstimateCorpus generate(Random rnd, int trial) {
        EstimateCorpus c = new EstimateCorpus();
        int utterances = 2 + rnd.nextInt(8);
        for (int u = 0; u < utterances; u++) {
            String id = "utt-" + trial + "-" + u;
            if (rnd.nextInt(5) != 0) {
                List<Segment> segments = RandomBoundaryCorpus.randomSegments(rnd);
                TreeSet<Double> boundaries = new TreeSet<>();
                segments.forEach(s -> {
                    boundaries.add(s.start());
                    boundaries.add(s.end());
                });
                c.nRef.put(id, (long) boundaries.size());
                c.streams.add(RandomBoundaryCorpus.referenceMessages(rnd, id, segments));
            }
            for (String model : MODELS) {
                double[] times = RandomBoundaryCorpus.randomTimes(rnd);
                Hyp h = new Hyp();
                h.n = times.length;
                double last = times.length == 0 ? 0 : times[times.length - 1];
                String duration;
                switch (rnd.nextInt(6)) {
                    case 0 -> duration = null;                                                  // no duration
                    case 1 -> duration = times.length == 0 ? "-1" : Double.toString(last - 0.001); // refused
                    default -> {
                        int ms = (int) Math.round(last * 1000) + 1 + rnd.nextInt(2000);
                        h.duration = ms / 1000.0;
                        duration = Double.toString(h.duration);
                    }
                }
                c.hyps.put(model + " " + id, h);
                List<String[]> messages = RandomBoundaryCorpus.hypothesisMessages(rnd, id, model, times, 0.05);
                if (duration != null) {
                    for (String[] m : messages) {
                        m[2] = m[2].replace("\"end\":true}", "\"end\":true,\"duration\":" + duration + "}");
                    }
                }
                c.streams.add(messages);
            }
        }
        return c;
    }

    /** Notes the record time of each hypothesis' first end, the merge {@code steps} sent from {@code firstMs} on, {@code stepMs} apart. */
    void sentAt(List<Interleaving.Step> steps, long firstMs, long stepMs) throws Exception {
        for (int k = 0; k < steps.size(); k++) {
            String[] msg = steps.get(k).message();
            if (msg[0].equals("ref")) {
                continue;
            }
            JsonNode j = JSON.readTree(msg[2]);
            Hyp h = hyps.get(j.get("model").asText() + " " + msg[1]);
            if (j.has("end") && h.endTs == Long.MIN_VALUE) {
                h.endTs = firstMs + k * stepMs;
            }
        }
    }

    /**
     * Checks the {@code scrape}, once every utterance is decided, against the formula: {@code
     * scores} are the scores topic's values in the order they were written, {@code windowFromMs}
     * the record time from which the 5m window counts an end.
     */
    Compared check(String scrape, List<String> scores, long windowFromMs, String where) throws Exception {
        int intervals = 0;
        int backtests = 0;
        // rho and the backtest, in the order the pairs closed
        List<double[]> rho = new ArrayList<>();               // (n_ref, d) per scored pair with a duration
        Map<String, double[]> backtest = new HashMap<>();     // model -> utterances, n_hyp, expected, n_ref
        for (String line : scores) {
            JsonNode s = JSON.readTree(line);
            if (!s.get("outcome").asText().equalsIgnoreCase("scored")) {
                continue;
            }
            Hyp h = hyps.get(s.get("model").asText() + " " + s.get("utterance").asText());
            if (h.duration == null) {
                continue;
            }
            long r = nRef.get(s.get("utterance").asText());
            double sumD = rho.stream().mapToDouble(x -> x[1]).sum();
            if (sumD > 0) {
                double rate = rho.stream().mapToDouble(x -> x[0]).sum() / sumD;
                double[] b = backtest.computeIfAbsent(s.get("model").asText(), k -> new double[4]);
                b[0]++;
                b[1] += h.n;
                b[2] += rate * h.duration;
                b[3] += r;
            }
            rho.add(new double[] {r, h.duration});
        }
        double rhoValue = ratio(rho);
        String rhoSeries = "segmon_estimate_reference_boundaries_per_second{tier=\"word\"}";
        if (rho.isEmpty()) {
            assertFalse(scrape.contains(rhoSeries), where);
        } else {
            assertEquals(rhoValue, EstimateTopologyTest.value(scrape, rhoSeries), 1e-12, where + ": rho");
        }
        for (String model : MODELS) {
            String labels = "{model=\"" + model + "\",tier=\"word\"}";
            double[] b = backtest.get(model);
            if (b == null) {
                assertFalse(scrape.contains("segmon_estimate_backtest_utterances_total" + labels), where);
            } else {
                backtests++;
                assertEquals(b[0], EstimateTopologyTest.value(scrape, "segmon_estimate_backtest_utterances_total" + labels), 0, where);
                assertEquals(b[1], EstimateTopologyTest.value(scrape, "segmon_estimate_backtest_hypothesis_boundaries_total" + labels), 0, where);
                assertEquals(b[3], EstimateTopologyTest.value(scrape, "segmon_estimate_backtest_reference_boundaries_total" + labels), 0, where);
                assertEquals(b[2], EstimateTopologyTest.value(scrape,
                        "segmon_estimate_backtest_expected_reference_boundaries_total" + labels), 1e-9, where);
                expectGauge(scrape, "segmon_boundary_over_segmentation_backtest_estimated_ratio" + labels,
                        b[2] > 0 ? b[1] / b[2] - 1 : null, where + ": backtest estimated");
                expectGauge(scrape, "segmon_boundary_over_segmentation_backtest_realised_ratio" + labels,
                        b[3] > 0 ? b[1] / b[3] - 1 : null, where + ": backtest realised");
            }
            for (String window : new String[] {"cumulative", "5m"}) {
                List<double[]> mine = new ArrayList<>();
                hyps.forEach((k, h) -> {
                    if (k.startsWith(model + " ") && h.duration != null && (window.equals("cumulative") || h.endTs >= windowFromMs)) {
                        mine.add(new double[] {h.n, h.duration});
                    }
                });
                String l = "{model=\"" + model + "\",tier=\"word\",window=\"" + window + "\"}";
                String at = where + " " + model + " " + window;
                if (mine.isEmpty() || rho.isEmpty() || rhoValue == 0) {
                    assertFalse(scrape.contains("segmon_boundary_over_segmentation_estimated_ratio" + l), at);
                    continue;
                }
                double a = ratio(mine);
                double value = a / rhoValue - 1;
                assertEquals(value, EstimateTopologyTest.value(scrape, "segmon_boundary_over_segmentation_estimated_ratio" + l), 1e-12, at);
                if (mine.size() < 2 || rho.size() < 2) {
                    assertFalse(scrape.contains("segmon_boundary_over_segmentation_estimated_lower_ratio" + l), at);
                    continue;
                }
                intervals++;
                double va = variance(mine);
                double vr = variance(rho);
                double se = Math.sqrt(va / (rhoValue * rhoValue) + a * a * vr / Math.pow(rhoValue, 4));
                assertEquals(Math.max(-1, value - Z * se),
                        EstimateTopologyTest.value(scrape, "segmon_boundary_over_segmentation_estimated_lower_ratio" + l), 1e-9, at + " lower");
                assertEquals(value + Z * se,
                        EstimateTopologyTest.value(scrape, "segmon_boundary_over_segmentation_estimated_upper_ratio" + l), 1e-9, at + " upper");
            }
        }
        return new Compared(intervals, backtests);
    }

    private static void expectGauge(String scrape, String series, Double expected, String where) {
        if (expected == null) {
            assertFalse(scrape.contains(series), where);
        } else {
            assertEquals(expected, EstimateTopologyTest.value(scrape, series), 1e-12, where);
        }
    }

    /** sum n / sum d over (n, d) pairs. */
    private static double ratio(List<double[]> pairs) {
        return pairs.stream().mapToDouble(x -> x[0]).sum() / pairs.stream().mapToDouble(x -> x[1]).sum();
    }

    /** The ratio estimator's variance, the utterance as the unit: m / (m - 1) * sum (n_i - R d_i)^2 / (sum d)^2. */
    private static double variance(List<double[]> pairs) {
        double r = ratio(pairs);
        double sumD = pairs.stream().mapToDouble(x -> x[1]).sum();
        double q = pairs.stream().mapToDouble(x -> (x[0] - r * x[1]) * (x[0] - r * x[1])).sum();
        int m = pairs.size();
        return m / (m - 1.0) * q / (sumD * sumD);
    }
}
