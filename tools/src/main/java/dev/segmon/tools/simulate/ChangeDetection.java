package dev.segmon.tools.simulate;

import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.detection.DetectorSettings;
import dev.segmon.model.detection.Direction;
import dev.segmon.model.detection.MeasureDetector;
import dev.segmon.model.detection.DetectedMeasure;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * The change detector (docs/detection.md) against the floor any detector faces: simulated traffic
 * ({@link StreamModel}: a candidate and, for comparisons, a baseline scored on the same utterances)
 * at a rate of reference boundaries per second (20 per utterance on average: 2/s is 6 utterances
 * a minute), a change at a known moment, and
 * <ul>
 *   <li>the optimal CUSUM ({@link CusumFloor}), told the size of the change and the standard
 *       deviation of one utterance's linearised value, its threshold set for a mean time to false
 *       alarm of the same period the detector is set for, started at 0 at the change: its median
 *       delay is the floor;</li>
 *   <li>the detector as the monitor runs it ({@link MeasureDetector}, not told the size), learning
 *       from the first utterances, watching {@link #WATCH_BEFORE} more of unchanged traffic (or a
 *       history of a given number of utterances in all), then the change.</li>
 * </ul>
 * Both see the same linearised per-utterance values ({@link LinearisedChange}; not the
 * simulator's likelihood: a detector fitted to the simulator would say nothing about real
 * traffic). False alarms on A/A traffic are {@link FalseAlarmDays}'.
 */
public final class ChangeDetection {
    /** Mean reference boundaries per utterance of the simulated traffic (n_ref uniform in 5-35). */
    static final double BOUNDARIES_PER_UTTERANCE = (StreamModel.MIN_REF + StreamModel.MAX_REF) / 2.0;
    /** Utterances a detector watches after learning before the change: a model monitored for a while (14 h at 2/s, 5.8 days at 0.2/s). */
    static final int WATCH_BEFORE = 5000;

    /**
     * A simulated change: a comparison (candidate vs an unchanged baseline) or a single model
     * against its learned baseline; recall lowered by {@code drop} (through the hit probability,
     * so F1 and precision fall with it) or over-segmentation raised by {@code insert}, at once or
     * linearly over {@code rampHours}.
     */
    public record Case(String name, boolean paired, DetectedMeasure measure, double drop, double insert, double boundariesPerSecond, double rampHours) {
        double utterancesPerMs() {
            return boundariesPerSecond / BOUNDARIES_PER_UTTERANCE / 1000;
        }

        Direction direction() {
            return measure.direction();
        }
    }

    /** The cases of issue-style reports: comparisons at both rates, a drift, and single models. */
    public static List<Case> standardCases() {
        List<Case> cases = new ArrayList<>();
        for (double rate : new double[] {2, 0.2}) {
            String r = rate == 2 ? "2/s" : "0.2/s";
            for (boolean paired : new boolean[] {true, false}) {
                String p = paired ? "paired " : "single ";
                cases.add(new Case(p + "recall -2 pts @" + r, paired, DetectedMeasure.RECALL, 0.02, 0, rate, 0));
                cases.add(new Case(p + "recall -5 pts @" + r, paired, DetectedMeasure.RECALL, 0.05, 0, rate, 0));
                cases.add(new Case(p + "F1 -2 pts @" + r, paired, DetectedMeasure.F1, 0.02, 0, rate, 0));
                cases.add(new Case(p + "F1 -5 pts @" + r, paired, DetectedMeasure.F1, 0.05, 0, rate, 0));
                cases.add(new Case(p + "OS +0.02 @" + r, paired, DetectedMeasure.OVER_SEGMENTATION, 0, 0.02, rate, 0));
                cases.add(new Case(p + "OS +0.05 @" + r, paired, DetectedMeasure.OVER_SEGMENTATION, 0, 0.05, rate, 0));
                cases.add(new Case(p + "OS +0.20 @" + r, paired, DetectedMeasure.OVER_SEGMENTATION, 0, 0.20, rate, 0));
            }
        }
        cases.add(new Case("paired recall -2 pts over 6 h @2/s", true, DetectedMeasure.RECALL, 0.02, 0, 2, 6));
        cases.add(new Case("paired F1 -2 pts over 6 h @2/s", true, DetectedMeasure.F1, 0.02, 0, 2, 6));
        return cases;
    }

    /**
     * Delays in minutes from the change: the floor's median, the detector's median and 90th
     * percentile, and an interval of about 95 % for the detector's median (order statistics about
     * 1.96 sqrt(n)/2 either side of the middle, distribution-free: the number of runs below the
     * true median is Binomial(n, 1/2)); runs that never called are +infinity.
     */
    public record Delays(Case c, double sigma, double shift, double floorThreshold, double floorMedian, double median, double p90,
                         double medianLow, double medianHigh, int runs, int falseCallsBeforeChange) {
        public double ratio() {
            return median / floorMedian;
        }
    }

    private final StreamModel model;
    private final DetectorSettings settings;
    /** Utterances the detector sees before the change, its learning included; 0: learning and {@link #WATCH_BEFORE}. */
    private final int history;

    public ChangeDetection(StreamModel model, DetectorSettings settings) {
        this(model, settings, 0);
    }

    public ChangeDetection(StreamModel model, DetectorSettings settings, int history) {
        this.model = model;
        this.settings = settings;
        this.history = history;
    }

    /** One utterance's observation for a measure: (a, b) of the candidate, then the baseline's for a comparison. */
    static double[] observation(DetectedMeasure m, boolean paired, BoundaryCounts c, BoundaryCounts b) {
        return paired ? m.observation(c, b) : m.observation(c);
    }

    /** The candidate's change at {@code msSinceChange} (negative: before it) as a fraction of the full change. */
    private static double progress(Case c, long msSinceChange) {
        if (msSinceChange < 0) {
            return 0;
        }
        return c.rampHours() <= 0 ? 1 : Math.min(1, msSinceChange / (c.rampHours() * 3600_000.0));
    }

    private double[] utterance(Case c, double progress, SplittableRandom rnd) {
        StreamModel.Utterance u = model.utterance(rnd);
        double keep = model.keepForDrop(c.drop() * progress);
        BoundaryCounts cand = model.score(u, keep, c.insert() * progress, rnd);
        BoundaryCounts base = c.paired() ? model.score(u, 1, rnd) : null;
        return observation(c.measure(), c.paired(), cand, base);
    }

    /** The floor and the detector's delays for one case, over {@code runs} runs capped at {@code capHours} after the change. */
    public Delays delays(Case c, int runs, int capHours, SplittableRandom rnd) {
        // sigma and the change in one utterance's linearised value, from large samples with g at
        // the truth: the values the floor is told.
        LinearisedChange change = LinearisedChange.sample(c.paired(), 400_000, p -> utterance(c, p, rnd));
        double perMs = c.utterancesPerMs();
        double arl = settings.falseAlarmPeriod().toMillis() * perMs;
        double h = CusumFloor.threshold(Math.abs(change.shift()), arl);
        long stepMs = Math.round(1 / perMs);
        long capMs = capHours * 3600_000L;

        SplittableRandom[] seeds = new SplittableRandom[runs];
        for (int r = 0; r < runs; r++) {
            seeds[r] = rnd.split();
        }
        double[][] results = new double[runs][];
        IntStream.range(0, runs).parallel().forEach(r -> results[r] = run(c, change, h, stepMs, capMs, seeds[r]));
        double[] floor = new double[runs];
        double[] detector = new double[runs];
        int falseCalls = 0;
        for (int r = 0; r < runs; r++) {
            floor[r] = results[r][0];
            detector[r] = results[r][1];
            falseCalls += (int) results[r][2];
        }
        double[] sorted = detector.clone();
        Arrays.sort(sorted);
        int half = (int) Math.ceil(1.96 * Math.sqrt(runs) / 2);
        // For 100 runs the 40th and 61st smallest: 95.4 % (Conover 1999, "Practical Nonparametric Statistics", 3.2).
        double low = sorted[Math.max(0, runs / 2 - half - 1)];
        double high = sorted[Math.min(runs - 1, (runs + 1) / 2 + half)];
        return new Delays(c, change.sigma(), change.shift(), h, quantile(floor, 0.5), quantile(detector, 0.5), quantile(detector, 0.9), low, high,
                runs, falseCalls);
    }

    /** One run: {floor minutes, detector minutes, detector false calls before the change (restarted)}. */
    private double[] run(Case c, LinearisedChange change, double h, long stepMs, long capMs, SplittableRandom rnd) {
        MeasureDetector d = new MeasureDetector(c.direction(), c.paired(), settings);
        long t = 0;
        int falseCalls = 0;
        while (d.learning()) {
            d.observe(utterance(c, 0, rnd), t);
            t += stepMs;
        }
        long changeMs = history > 0 ? Math.max(t, history * stepMs) : t + WATCH_BEFORE * stepMs;
        for (; t < changeMs; t += stepMs) {
            d.observe(utterance(c, 0, rnd), t);
            if (d.called()) {
                falseCalls++;
                d.restart();
            }
        }
        CusumFloor cusum = new CusumFloor(change.shift(), h);
        double floor = Double.POSITIVE_INFINITY;
        double found = Double.POSITIVE_INFINITY;
        for (; t < changeMs + capMs && (floor == Double.POSITIVE_INFINITY || found == Double.POSITIVE_INFINITY); t += stepMs) {
            double[] x = utterance(c, progress(c, t - changeMs), rnd);
            if (cusum.observe(change.standardised(x)) && floor == Double.POSITIVE_INFINITY) {
                floor = (t - changeMs + stepMs) / 60_000.0;
            }
            d.observe(x, t);
            if (found == Double.POSITIVE_INFINITY && d.called()) {
                found = (t - changeMs + stepMs) / 60_000.0;
            }
        }
        return new double[] {floor, found, falseCalls};
    }

    /** The q-quantile (lower of the two middle values' mean at 0.5), infinities sorted last. */
    static double quantile(double[] v, double q) {
        double[] s = v.clone();
        Arrays.sort(s);
        if (q == 0.5 && s.length % 2 == 0) {
            return (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
        }
        return s[Math.min(s.length - 1, (int) Math.ceil(q * s.length) - 1)];
    }
}
