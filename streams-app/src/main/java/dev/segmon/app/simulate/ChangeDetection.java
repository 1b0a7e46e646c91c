package dev.segmon.app.simulate;

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
 *   <li>the optimal CUSUM (Page 1954; optimal for Lorden's criterion, Moustakides 1986), told the
 *       size of the change and the standard deviation of one utterance's linearised value, its
 *       threshold set by Siegmund's approximation (Siegmund 1985, "Sequential Analysis", eq. 2.56)
 *       for a mean time to false alarm of the same period the detector is set for, started at 0 at
 *       the change: its median delay is the floor;</li>
 *   <li>the detector as the monitor runs it ({@link MeasureDetector}, not told the size), learning
 *       from the first utterances, watching {@link #WATCH_BEFORE} more of unchanged traffic, then the change.</li>
 * </ul>
 * Both see the same linearised per-utterance values (not the simulator's likelihood: a detector
 * fitted to the simulator would say nothing about real traffic). False alarms are counted on
 * A/A traffic: series of {@link #SERIES_DAYS} days, each learning from its own start (so the
 * pinned baseline's own error is in the count), the statistic restarted after each alarm.
 */
public final class ChangeDetection {
    /** Mean reference boundaries per utterance of the simulated traffic (n_ref uniform in 5-35). */
    static final double BOUNDARIES_PER_UTTERANCE = (StreamModel.MIN_REF + StreamModel.MAX_REF) / 2.0;
    /** Utterances a detector watches after learning before the change: a model monitored for a while (14 h at 2/s, 5.8 days at 0.2/s). */
    static final int WATCH_BEFORE = 5000;
    public static final int SERIES_DAYS = 100;
    static final long DAY_MS = 86_400_000L;
    /** Siegmund's overshoot constant, rho = 0.583 (Siegmund 1985). */
    static final double RHO = 0.583;

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
                cases.add(new Case(p + "OS +0.05 @" + r, paired, DetectedMeasure.OVER_SEGMENTATION, 0, 0.05, rate, 0));
                cases.add(new Case(p + "OS +0.20 @" + r, paired, DetectedMeasure.OVER_SEGMENTATION, 0, 0.20, rate, 0));
            }
        }
        cases.add(new Case("paired recall -2 pts over 6 h @2/s", true, DetectedMeasure.RECALL, 0.02, 0, 2, 6));
        cases.add(new Case("paired F1 -2 pts over 6 h @2/s", true, DetectedMeasure.F1, 0.02, 0, 2, 6));
        return cases;
    }

    /** Delays in minutes from the change: the floor's median, the detector's median and 90th percentile; runs that never called are +infinity. */
    public record Delays(Case c, double sigma, double shift, double floorThreshold, double floorMedian, double median, double p90,
                         int runs, int falseCallsBeforeChange) {
        public double ratio() {
            return median / floorMedian;
        }
    }

    /** Mean time between false alarms per (pairing, rate, measure). */
    public record FalseAlarms(boolean paired, double boundariesPerSecond, DetectedMeasure measure, double days, long alarms) {
        public double meanDaysBetween() {
            return alarms == 0 ? Double.POSITIVE_INFINITY : days / alarms;
        }
    }

    private final StreamModel model;
    private final DetectorSettings settings;

    public ChangeDetection(StreamModel model, DetectorSettings settings) {
        this.model = model;
        this.settings = settings;
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
        int sample = 400_000;
        double[] sums = null;
        List<double[]> before = new ArrayList<>(sample);
        for (int i = 0; i < sample; i++) {
            double[] x = utterance(c, 0, rnd);
            before.add(x);
            sums = add(sums, x);
        }
        double[] g = gradient(c.paired(), sums, sample);
        double mean0 = 0;
        double sq = 0;
        for (double[] x : before) {
            double u = dot(g, x);
            mean0 += u;
            sq += u * u;
        }
        mean0 /= sample;
        double sigma = Math.sqrt(sq / sample - mean0 * mean0);
        double after = 0;
        for (int i = 0; i < sample; i++) {
            after += dot(g, utterance(c, 1, rnd));
        }
        double shift = (after / sample - mean0) / sigma;
        double perMs = c.utterancesPerMs();
        double arl = settings.falseAlarmPeriod().toMillis() * perMs;
        double h = cusumThreshold(Math.abs(shift), arl);
        long stepMs = Math.round(1 / perMs);
        long capMs = capHours * 3600_000L;

        SplittableRandom[] seeds = new SplittableRandom[runs];
        for (int r = 0; r < runs; r++) {
            seeds[r] = rnd.split();
        }
        double[][] results = new double[runs][];
        final double[] gf = g;
        final double m0 = mean0;
        IntStream.range(0, runs).parallel().forEach(r -> results[r] = run(c, gf, m0, sigma, shift, h, stepMs, capMs, seeds[r]));
        double[] floor = new double[runs];
        double[] detector = new double[runs];
        int falseCalls = 0;
        for (int r = 0; r < runs; r++) {
            floor[r] = results[r][0];
            detector[r] = results[r][1];
            falseCalls += (int) results[r][2];
        }
        return new Delays(c, sigma, shift, h, quantile(floor, 0.5), quantile(detector, 0.5), quantile(detector, 0.9), runs, falseCalls);
    }

    /** One run: {floor minutes, detector minutes, detector false calls before the change (restarted)}. */
    private double[] run(Case c, double[] g, double mean0, double sigma, double shift, double h, long stepMs, long capMs, SplittableRandom rnd) {
        MeasureDetector d = new MeasureDetector(c.direction(), c.paired(), settings);
        long t = 0;
        int falseCalls = 0;
        while (d.learning()) {
            d.observe(utterance(c, 0, rnd), t);
            t += stepMs;
        }
        long change = t + WATCH_BEFORE * stepMs;
        for (; t < change; t += stepMs) {
            d.observe(utterance(c, 0, rnd), t);
            if (d.called()) {
                falseCalls++;
                d.restart();
            }
        }
        double cusum = 0;
        double floor = Double.POSITIVE_INFINITY;
        double found = Double.POSITIVE_INFINITY;
        double sign = Math.signum(shift);
        double delta = Math.abs(shift);
        for (; t < change + capMs && (floor == Double.POSITIVE_INFINITY || found == Double.POSITIVE_INFINITY); t += stepMs) {
            double[] x = utterance(c, progress(c, t - change), rnd);
            double z = (dot(g, x) - mean0) / sigma;
            cusum = Math.max(0, cusum + delta * sign * z - delta * delta / 2);
            if (floor == Double.POSITIVE_INFINITY && cusum >= h) {
                floor = (t - change + stepMs) / 60_000.0;
            }
            d.observe(x, t);
            if (found == Double.POSITIVE_INFINITY && d.called()) {
                found = (t - change + stepMs) / 60_000.0;
            }
        }
        return new double[] {floor, found, falseCalls};
    }

    /**
     * A/A traffic: {@code series} series of {@link #SERIES_DAYS} days for a pairing and a rate,
     * each with a detector per measure learning from its start; alarms counted, the statistic
     * restarted after each.
     */
    public List<FalseAlarms> falseAlarms(boolean paired, double boundariesPerSecond, List<DetectedMeasure> measures, int series, SplittableRandom rnd) {
        Case aa = new Case("A/A", paired, DetectedMeasure.RECALL, 0, 0, boundariesPerSecond, 0);
        long stepMs = Math.round(1 / aa.utterancesPerMs());
        long end = SERIES_DAYS * DAY_MS;
        SplittableRandom[] seeds = new SplittableRandom[series];
        for (int s = 0; s < series; s++) {
            seeds[s] = rnd.split();
        }
        long[][] alarms = new long[series][];
        double[][] days = new double[series][];
        IntStream.range(0, series).parallel().forEach(s -> {
            SplittableRandom r = seeds[s];
            MeasureDetector[] ds = new MeasureDetector[measures.size()];
            for (int i = 0; i < ds.length; i++) {
                DetectedMeasure m = measures.get(i);
                ds[i] = new MeasureDetector(m.direction(), paired, settings);
            }
            long[] a = new long[ds.length];
            long[] watchedFrom = new long[ds.length];
            Arrays.fill(watchedFrom, -1);
            for (long t = 0; t < end; t += stepMs) {
                StreamModel.Utterance u = model.utterance(r);
                BoundaryCounts cand = model.score(u, 1, r);
                BoundaryCounts base = paired ? model.score(u, 1, r) : null;
                for (int i = 0; i < ds.length; i++) {
                    ds[i].observe(observation(measures.get(i), paired, cand, base), t);
                    if (watchedFrom[i] < 0 && !ds[i].learning()) {
                        watchedFrom[i] = t;
                    }
                    if (ds[i].called()) {
                        a[i]++;
                        ds[i].restart();
                    }
                }
            }
            double[] d = new double[ds.length];
            for (int i = 0; i < ds.length; i++) {
                d[i] = watchedFrom[i] < 0 ? 0 : (end - watchedFrom[i]) / (double) DAY_MS;
            }
            alarms[s] = a;
            days[s] = d;
        });
        List<FalseAlarms> out = new ArrayList<>();
        for (int i = 0; i < measures.size(); i++) {
            long a = 0;
            double d = 0;
            for (int s = 0; s < series; s++) {
                a += alarms[s][i];
                d += days[s][i];
            }
            out.add(new FalseAlarms(paired, boundariesPerSecond, measures.get(i), d, a));
        }
        return out;
    }

    /**
     * The CUSUM threshold h whose mean time to false alarm is {@code arl} observations for a shift
     * of {@code delta} standard deviations, by Siegmund's approximation
     * ARL0 = (e^b - b - 1) / (delta^2 / 2), b = h + 2 rho delta; solved by bisection.
     */
    static double cusumThreshold(double delta, double arl) {
        double lo = 0;
        double hi = 100;
        for (int i = 0; i < 200; i++) {
            double h = (lo + hi) / 2;
            double b = h + 2 * RHO * delta;
            double v = (Math.exp(b) - b - 1) / (delta * delta / 2);
            if (v < arl) {
                lo = h;
            } else {
                hi = h;
            }
        }
        return (lo + hi) / 2;
    }

    /** g at the truth: the single model's (1, -R)/bbar or the pair's (1, -R, -1, R)/bbar (as MeasureDetector pins it). */
    private static double[] gradient(boolean paired, double[] s, long n) {
        if (!paired) {
            double level = s[0] / s[1];
            double bbar = s[1] / n;
            return new double[] {1 / bbar, -level / bbar};
        }
        double level = (s[0] + s[2]) / (s[1] + s[3]);
        double bbar = (s[1] + s[3]) / (2.0 * n);
        return new double[] {1 / bbar, -level / bbar, -1 / bbar, level / bbar};
    }

    private static double[] add(double[] sums, double[] x) {
        double[] s = sums == null ? new double[x.length] : sums;
        for (int i = 0; i < x.length; i++) {
            s[i] += x[i];
        }
        return s;
    }

    private static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
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
