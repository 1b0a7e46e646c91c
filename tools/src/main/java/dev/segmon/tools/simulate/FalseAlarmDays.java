package dev.segmon.tools.simulate;

import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.detection.DetectedMeasure;
import dev.segmon.model.detection.DetectorSettings;
import dev.segmon.model.detection.MeasureDetector;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * The change detector's false alarms on A/A traffic (docs/detection.md): series of
 * {@link #SERIES_DAYS} days, each learning from its own start (so the pinned baseline's own error
 * is in the count), the statistic restarted after each alarm.
 */
public final class FalseAlarmDays {
    public static final int SERIES_DAYS = 100;
    static final long DAY_MS = 86_400_000L;

    /** Mean time between false alarms per (pairing, rate, measure). */
    public record FalseAlarms(boolean paired, double boundariesPerSecond, DetectedMeasure measure, double days, long alarms) {
        public double meanDaysBetween() {
            return alarms == 0 ? Double.POSITIVE_INFINITY : days / alarms;
        }
    }

    private final StreamModel model;
    private final DetectorSettings settings;

    public FalseAlarmDays(StreamModel model, DetectorSettings settings) {
        this.model = model;
        this.settings = settings;
    }

    /**
     * {@code series} series of {@link #SERIES_DAYS} days for a pairing and a rate, each with a
     * detector per measure learning from its start; alarms counted, the statistic restarted after
     * each.
     */
    public List<FalseAlarms> count(boolean paired, double boundariesPerSecond, List<DetectedMeasure> measures, int series, SplittableRandom rnd) {
        ChangeDetection.Case aa = new ChangeDetection.Case("A/A", paired, DetectedMeasure.RECALL, 0, 0, boundariesPerSecond, 0);
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
                    ds[i].observe(ChangeDetection.observation(measures.get(i), paired, cand, base), t);
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
}
