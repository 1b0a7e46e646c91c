package dev.segmon.tools.cli;

import dev.segmon.app.cli.SegmonCommand;
import dev.segmon.app.cli.support.Table;
import dev.segmon.tools.simulate.AlarmDays;
import dev.segmon.tools.simulate.ChangeDetection;
import dev.segmon.tools.simulate.FalseAlarmDays;
import dev.segmon.tools.simulate.StreamModel;
import dev.segmon.model.detection.DetectedMeasure;
import dev.segmon.model.detection.DetectorSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code segmon simulate detection}: the change detector against the floor (docs/detection.md):
 * for each case the optimal CUSUM's median delay (told the change's size and the standard
 * deviation), the detector's median and 90th-percentile delay and their ratio, beside today's
 * alerts; and the detector's mean time between false alarms on A/A traffic. Seeded.
 */
@Command(name = "detection",
        mixinStandardHelpOptions = true,
        description = {
            "Simulates monitored traffic (a candidate and, for comparisons, a baseline scored on the same utterances, 20",
            "reference boundaries per utterance) with a change at a known moment and prints, per case, the median delay of",
            "the optimal CUSUM told the change's size (the floor), the change detector's median and 90th-percentile delay",
            "and their ratio, today's alerts' median time to fire, and the detector's mean time between false alarms",
            "over A/A series of 100 days."})
public final class SimulateDetectionCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--runs", paramLabel = "N", defaultValue = "200", description = "Runs per case (default ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--series", paramLabel = "N", defaultValue = "100",
            description = "A/A series of 100 days per pairing and rate (default ${DEFAULT-VALUE}: 10 000 days).")
    int series;

    @Option(names = "--cap-hours", paramLabel = "H", defaultValue = "96", description = "Longest wait after a change (default ${DEFAULT-VALUE}).")
    int capHours;

    @Option(names = "--margin", paramLabel = "X", defaultValue = "0",
            description = "The detector's smallest change worth calling, in the measure's units (default ${DEFAULT-VALUE}).")
    double margin;

    @Option(names = "--false-alarm-days", paramLabel = "D", defaultValue = "100",
            description = "Mean time to a false alarm the detector and the floor are set for (default ${DEFAULT-VALUE}).")
    int falseAlarmDays;

    @Option(names = "--alert-runs", paramLabel = "N", defaultValue = "200",
            description = "Runs for today's alerts' time to fire (default ${DEFAULT-VALUE}; 0 skips them).")
    int alertRuns;

    @Option(names = "--beta", paramLabel = "A,B", split = ",", defaultValue = "4,1",
            description = "Beta(A, B) of the per-utterance hit probability (default ${DEFAULT-VALUE}).")
    double[] beta;

    @Option(names = "--history", paramLabel = "N", defaultValue = "0",
            description = "Utterances a detector sees before the change, its learning included (default ${DEFAULT-VALUE}: "
                    + "it learns, then watches 5 000 more).")
    int history;

    @Option(names = "--cases", paramLabel = "TEXT", split = ",",
            description = "Only the cases whose name contains every TEXT given (e.g. single,@2/s; default: all).")
    List<String> cases = List.of();

    @Mixin
    SimulationReport report;

    @Override
    public Integer call() {
        if (runs < 1 || series < 0 || capHours < 1 || !(margin >= 0) || falseAlarmDays < 1 || alertRuns < 0 || beta.length != 2
                || !(beta[0] > 0 && beta[1] > 0) || history < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--runs, --cap-hours, --false-alarm-days >= 1; --series, --alert-runs, --history >= 0; --margin >= 0; --beta A,B > 0");
        }
        long started = System.nanoTime();
        StreamModel model = new StreamModel(beta[0], beta[1]);
        DetectorSettings settings = DetectorSettings.DEFAULTS.withFalseAlarmPeriod(Duration.ofDays(falseAlarmDays)).withMargin(margin);
        ChangeDetection sim = new ChangeDetection(model, settings, history);
        FalseAlarmDays aa = new FalseAlarmDays(model, settings);
        SplittableRandom rnd = new SplittableRandom(report.seed);
        List<ChangeDetection.Delays> delays = new ArrayList<>();
        for (ChangeDetection.Case c : ChangeDetection.standardCases()) {
            SplittableRandom caseRnd = rnd.split();
            if (cases.stream().allMatch(c.name()::contains)) {
                delays.add(sim.delays(c, runs, capHours, caseRnd));
            }
        }
        List<FalseAlarmDays.FalseAlarms> alarms = new ArrayList<>();
        if (series > 0) {
            for (double rate : new double[] {2, 0.2}) {
                for (boolean paired : new boolean[] {true, false}) {
                    if (!alarmGroupSelected(paired, rate)) {
                        continue;
                    }
                    alarms.addAll(aa.count(paired, rate, DetectedMeasure.BOUNDARIES, series, rnd.split()));
                }
            }
        }
        // Today's alerts on the same model (docs/intervals.md): F1/recall drops at 2 boundaries/s.
        AlarmDays alerts = alertRuns > 0 ? new AlarmDays(model) : null;
        double[] two = alerts == null ? null : alerts.medianMinutesToFire(0.02, alertRuns, capHours, rnd.split());
        double[] five = alerts == null ? null : alerts.medianMinutesToFire(0.05, alertRuns, capHours, rnd.split());
        double seconds = (System.nanoTime() - started) / 1e9;

        Map<String, Object> out = new LinkedHashMap<>();
        out.put("false_alarm_days", falseAlarmDays);
        out.put("margin", margin);
        out.put("history", history);
        List<Object> rows = new ArrayList<>();
        for (ChangeDetection.Delays d : delays) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("case", d.c().name());
            row.put("paired", d.c().paired());
            row.put("measure", d.c().measure().key());
            row.put("reference_boundaries_per_second", d.c().boundariesPerSecond());
            row.put("sigma", d.sigma());
            row.put("shift_in_sigmas", d.shift());
            row.put("floor_median_minutes", finite(d.floorMedian()));
            row.put("detector_median_minutes", finite(d.median()));
            row.put("detector_p90_minutes", finite(d.p90()));
            row.put("detector_median_interval_minutes", java.util.Arrays.asList(finite(d.medianLow()), finite(d.medianHigh())));
            row.put("ratio", finite(d.ratio()));
            row.put("false_calls_before_change", d.falseCallsBeforeChange());
            row.put("today", today(d.c(), two, five));
            rows.add(row);
        }
        out.put("delays", rows);
        List<Object> fa = new ArrayList<>();
        for (FalseAlarmDays.FalseAlarms f : alarms) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("paired", f.paired());
            row.put("reference_boundaries_per_second", f.boundariesPerSecond());
            row.put("measure", f.measure().key());
            row.put("days", f.days());
            row.put("false_alarms", f.alarms());
            row.put("mean_days_between", finite(f.meanDaysBetween()));
            fa.add(row);
        }
        out.put("false_alarms", fa);
        out.put("runs", runs);
        report.print(spec.commandLine().getOut(), out, seconds, t -> {
            t.text("detector", String.format(Locale.ROOT, "mixture Shiryaev-Roberts, false alarms 1 per %d days per series and measure, margin %s",
                    falseAlarmDays, margin));
            t.text("delay, minutes", "floor (optimal CUSUM told the size) / detector median / detector p90 / ratio   [today's alerts]");
            for (ChangeDetection.Delays d : delays) {
                Map<String, Double> today = today(d.c(), two, five);
                String todayText = today.isEmpty() ? "" : "   [" + String.join(", ", today.entrySet().stream()
                        .map(e -> e.getKey() + " " + minutes(e.getValue())).toList()) + "]";
                t.text("  " + d.c().name(), String.format(Locale.ROOT, "%s / %s / %s / %s%s", minutes(d.floorMedian()), minutes(d.median()),
                        minutes(d.p90()), Double.isFinite(d.ratio()) ? String.format(Locale.ROOT, "%.2f", d.ratio()) : "-", todayText));
            }
            if (!alarms.isEmpty()) {
                t.text("false alarms (A/A)", "mean days between, over " + series + " series of " + FalseAlarmDays.SERIES_DAYS + " days each");
                for (FalseAlarmDays.FalseAlarms f : alarms) {
                    t.text(String.format(Locale.ROOT, "  %s %s @%s/s", f.paired() ? "paired" : "single", f.measure().key(),
                            f.boundariesPerSecond() == 2 ? "2" : "0.2"), String.format(Locale.ROOT, "%d in %.0f days: %s", f.alarms(), f.days(),
                            Double.isInfinite(f.meanDaysBetween()) ? "none" : String.format(Locale.ROOT, "%.0f days", f.meanDaysBetween())));
                }
            }
        });
        return SegmonCommand.EXIT_OK;
    }

    /**
     * Today's alerts beside the cases they watch: a comparison's recall/F1 drop at 2/s beside
     * SegmonCandidateWorseThanBaseline, a single model's beside SegmonF1BelowBaselineAnytime and
     * SegmonF1BelowBaseline (their simulation drops recall, and F1 with it, by 2 and 5 points).
     */
    private static Map<String, Double> today(ChangeDetection.Case c, double[] two, double[] five) {
        Map<String, Double> out = new LinkedHashMap<>();
        boolean drop = c.measure() == DetectedMeasure.RECALL || c.measure() == DetectedMeasure.F1;
        if (two == null || !drop || c.boundariesPerSecond() != 2 || c.rampHours() > 0) {
            return out;
        }
        double[] fired = c.drop() == 0.02 ? two : c.drop() == 0.05 ? five : null;
        if (fired == null) {
            return out;
        }
        if (c.paired()) {
            out.put("SegmonCandidateWorseThanBaseline", fired[0]);
        } else {
            out.put("SegmonF1BelowBaselineAnytime", fired[1]);
            out.put("SegmonF1BelowBaseline", fired[2]);
        }
        return out;
    }

    /** A/A series of a pairing and rate run unless --cases names the other pairing or the other rate. */
    private boolean alarmGroupSelected(boolean paired, double rate) {
        boolean pairingOut = cases.stream().anyMatch(t -> t.contains(paired ? "single" : "paired"));
        boolean rateOut = cases.stream().anyMatch(t -> t.contains(rate == 2 ? "@0.2/s" : "@2/s"));
        return !pairingOut && !rateOut;
    }

    private static Double finite(double v) {
        return Double.isFinite(v) ? v : null;
    }

    private String minutes(double m) {
        return Double.isInfinite(m) ? "> " + capHours + " h" : String.format(Locale.ROOT, "%.1f", m);
    }
}
