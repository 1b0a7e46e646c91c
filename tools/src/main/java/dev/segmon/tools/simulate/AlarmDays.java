package dev.segmon.tools.simulate;

import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.interval.PairedMoments;
import dev.segmon.model.interval.UtteranceMoments;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Simulated monitoring days evaluated every 30 s, as Prometheus evaluates the rules: a candidate
 * and a baseline model scored on the same utterances, {@link #PER_STEP} utterances closing every
 * 30 s (2 reference boundaries per second on average). Counters are cumulative; each evaluation
 * takes the [1h] and [6h] windows as differences of the cumulative moments, like increase().
 * A day is preceded by 6 hours of history so its first evaluations see full windows.
 */
public final class AlarmDays {
    static final int PER_STEP = 3;
    static final int STEPS_PER_HOUR = 120;
    static final int HOUR = STEPS_PER_HOUR;
    static final int SIX_HOURS = 6 * STEPS_PER_HOUR;
    static final int DAY = 24 * STEPS_PER_HOUR;
    /** SegmonF1BelowBaseline's `for: 30m`: true at 61 consecutive evaluations 30 s apart. */
    static final int FOR_STEPS = 61;

    /** Which alerts fired (or when, in steps after the onset; -1 = not within the run). */
    record Outcome(int paired, int baseline, int threshold) {
    }

    private final StreamModel model;
    private final double pinnedF1;

    public AlarmDays(StreamModel model) {
        this.model = model;
        this.pinnedF1 = model.recall(1); // n_hyp and n_ref have the same mean: F1 = P = R
    }

    public double pinnedF1() {
        return pinnedF1;
    }

    /**
     * One run: {@code history} steps of the healthy candidate, then {@code steps} steps with the
     * candidate's hit probability scaled by keep. Returns the first step (counted from the end of
     * the history) at which each alert fires, or -1.
     */
    Outcome run(int history, int steps, double keep, SplittableRandom rnd) {
        int total = history + steps;
        PairedMoments[] paired = new PairedMoments[total + 1];
        UtteranceMoments[] single = new UtteranceMoments[total + 1];
        paired[0] = PairedMoments.ZERO;
        single[0] = UtteranceMoments.ZERO;
        int[] first = {-1, -1, -1};
        int consecutive = 0;
        for (int t = 1; t <= total; t++) {
            double k = t > history ? keep : 1;
            PairedMoments p = paired[t - 1];
            UtteranceMoments s = single[t - 1];
            for (int i = 0; i < PER_STEP; i++) {
                StreamModel.Utterance u = model.utterance(rnd);
                BoundaryCounts candidate = model.score(u, k, rnd);
                p = p.plus(PairedMoments.of(candidate, model.score(u, 1, rnd)));
                s = s.plus(UtteranceMoments.of(candidate));
            }
            paired[t] = p;
            single[t] = s;
            if (t < HOUR) {
                continue;
            }
            UtteranceMoments hour = s.minus(single[t - HOUR]);
            consecutive = AnytimeRules.thresholdCondition(hour, pinnedF1) ? consecutive + 1 : 0;
            if (t <= history) {
                continue;
            }
            int at = t - history;
            int six = Math.max(0, t - SIX_HOURS);
            if (first[0] < 0 && AnytimeRules.fires(AnytimeRules.candidateWorse(p.minus(paired[t - HOUR])),
                    AnytimeRules.candidateWorse(p.minus(paired[six])))) {
                first[0] = at;
            }
            if (first[1] < 0 && AnytimeRules.fires(AnytimeRules.belowBaseline(hour, pinnedF1),
                    AnytimeRules.belowBaseline(s.minus(single[six]), pinnedF1))) {
                first[1] = at;
            }
            if (first[2] < 0 && consecutive >= FOR_STEPS) {
                first[2] = at;
            }
            if (first[0] >= 0 && first[1] >= 0 && first[2] >= 0) {
                break;
            }
        }
        return new Outcome(first[0], first[1], first[2]);
    }

    /** Fraction of A/A days (candidate = baseline = the pinned F1) on which each alert fired. */
    public double[] falseAlarmDays(int days, SplittableRandom rnd) {
        int[] fired = new int[3];
        for (int d = 0; d < days; d++) {
            Outcome o = run(SIX_HOURS, DAY, 1, rnd);
            fired[0] += o.paired() >= 0 ? 1 : 0;
            fired[1] += o.baseline() >= 0 ? 1 : 0;
            fired[2] += o.threshold() >= 0 ? 1 : 0;
        }
        return new double[] {fired[0] / (double) days, fired[1] / (double) days, fired[2] / (double) days};
    }

    /**
     * Median minutes from the onset of a recall drop of {@code points} to each alert's first
     * firing, over {@code runs} runs capped at {@code capHours}; +infinity when more than half the
     * runs did not fire within the cap.
     */
    public double[] medianMinutesToFire(double points, int runs, int capHours, SplittableRandom rnd) {
        double keep = model.keepForDrop(points);
        double[][] minutes = new double[3][runs];
        for (int r = 0; r < runs; r++) {
            Outcome o = run(SIX_HOURS, capHours * STEPS_PER_HOUR, keep, rnd);
            int[] at = {o.paired(), o.baseline(), o.threshold()};
            for (int a = 0; a < 3; a++) {
                minutes[a][r] = at[a] < 0 ? Double.POSITIVE_INFINITY : at[a] * 0.5;
            }
        }
        double[] median = new double[3];
        for (int a = 0; a < 3; a++) {
            Arrays.sort(minutes[a]);
            median[a] = runs % 2 == 1 ? minutes[a][runs / 2] : (minutes[a][runs / 2 - 1] + minutes[a][runs / 2]) / 2;
        }
        return median;
    }
}
