package dev.segmon.tools.cli;

import dev.segmon.app.cli.SegmonCommand;
import dev.segmon.app.cli.support.Table;
import dev.segmon.tools.simulate.AlarmDays;
import dev.segmon.tools.simulate.AnytimeRules;
import dev.segmon.tools.simulate.Coverage;
import dev.segmon.tools.simulate.StreamModel;
import dev.segmon.model.interval.Measure;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code segmon simulate}: how the intervals and the regression alerts behave on simulated
 * streams (docs/intervals.md, "Simulation"): coverage of the 95 % utterance-level intervals
 * beside Wilson's, false alarms per day of the anytime-valid alerts and of today's threshold
 * alert, and their median time to fire after a recall drop. Seeded: the same options print the
 * same figures.
 */
@Command(name = "simulate",
        mixinStandardHelpOptions = true,
        subcommands = {SimulateEarlyCommand.class, SimulateDetectionCommand.class},
        description = {
            "Simulates monitored streams whose utterances differ in quality and measures: coverage of the 95 %% intervals",
            "(docs/contract.md 2.1.1, beside R +- t SE, R +- z SE and the naive Wilson interval), also on",
            "small windows of 20, 40 and 360 utterances under three generating models, false alarms per day of SegmonCandidateWorseThanBaseline,",
            "SegmonF1BelowBaselineAnytime and SegmonF1BelowBaseline checked every 30 s, and their median time to fire",
            "after 2- and 5-point recall drops at 2 reference boundaries per second."})
public final class SimulateCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--windows", paramLabel = "N", defaultValue = "2000", description = "Coverage windows (default ${DEFAULT-VALUE}).")
    int windows;

    @Option(names = "--window-utterances", paramLabel = "N", defaultValue = "360",
            description = "Utterances per coverage window (default ${DEFAULT-VALUE}: one hour at 2 reference boundaries/s).")
    int windowUtterances;

    @Option(names = "--small-windows", paramLabel = "N", defaultValue = "40000",
            description = "Windows per small-window case: 20, 40 and 360 utterances under three generating models (default ${DEFAULT-VALUE}; 0 skips them).")
    int smallWindows;

    @Option(names = "--days", paramLabel = "N", defaultValue = "1000", description = "Simulated A/A days (default ${DEFAULT-VALUE}).")
    int days;

    @Option(names = "--runs", paramLabel = "N", defaultValue = "200", description = "Runs per recall drop for the time to fire (default ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--cap-hours", paramLabel = "H", defaultValue = "24", description = "Length of a detection run (default ${DEFAULT-VALUE}).")
    int capHours;

    @Option(names = "--beta", paramLabel = "A,B", split = ",", defaultValue = "4,1",
            description = "Beta(A, B) of the per-utterance hit probability, A, B >= 1 (default ${DEFAULT-VALUE}).")
    double[] beta;

    @Mixin
    SimulationReport report;

    @Override
    public Integer call() {
        if (beta.length != 2 || beta[0] < 1 || beta[1] < 1 || windows < 1 || days < 1 || runs < 1 || capHours < 1
                || windowUtterances < 2 || smallWindows < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--beta needs two shapes >= 1; --windows, --days, --runs, --cap-hours >= 1; --window-utterances >= 2;"
                            + " --small-windows >= 0");
        }
        long started = System.nanoTime();
        StreamModel model = new StreamModel(beta[0], beta[1]);
        SplittableRandom rnd = new SplittableRandom(report.seed);
        Coverage.Result coverage = Coverage.run(model, windows, windowUtterances, rnd.nextLong());
        Map<Coverage.Case, Coverage.Result[]> small = new LinkedHashMap<>();
        if (smallWindows > 0) {
            for (Coverage.Case c : Coverage.SMALL_WINDOW_CASES) {
                Coverage.Result[] row = new Coverage.Result[Coverage.SMALL_WINDOW_SIZES.length];
                for (int i = 0; i < row.length; i++) {
                    row[i] = Coverage.run(c.model(), smallWindows, Coverage.SMALL_WINDOW_SIZES[i], rnd.nextLong());
                }
                small.put(c, row);
            }
        }
        AlarmDays alarms = new AlarmDays(model);
        double[] falseAlarms = alarms.falseAlarmDays(days, rnd.split());
        double[] two = alarms.medianMinutesToFire(0.02, runs, capHours, rnd.split());
        double[] five = alarms.medianMinutesToFire(0.05, runs, capHours, rnd.split());
        double seconds = (System.nanoTime() - started) / 1e9;

        String[] alerts = {"SegmonCandidateWorseThanBaseline", "SegmonF1BelowBaselineAnytime", "SegmonF1BelowBaseline"};
        Map<String, Object> out = new LinkedHashMap<>();
        Map<String, Object> cov = new LinkedHashMap<>();
        cov.put("windows", coverage.windows());
        cov.put("utterances_per_window", coverage.utterancesPerWindow());
        for (Measure m : Measure.values()) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("true_value", coverage.truth().get(m));
            row.put("utterance_level", coverage.interval().get(m));
            row.put("t_linear", coverage.tLinear().get(m));
            row.put("normal", coverage.normal().get(m));
            row.put("wilson", coverage.wilson().get(m));
            cov.put(m.key(), row);
        }
        out.put("coverage", cov);
        java.util.List<Object> cases = new java.util.ArrayList<>();
        small.forEach((c, results) -> {
            for (Coverage.Result r : results) {
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("model", c.name());
                row.put("beta", new double[] {c.a(), c.b()});
                row.put("reference_boundaries", new int[] {c.minRef(), c.maxRef()});
                row.put("utterances_per_window", r.utterancesPerWindow());
                row.put("windows", r.windows());
                for (Measure m : Measure.values()) {
                    Map<String, Object> cell = new LinkedHashMap<>();
                    cell.put("true_value", r.truth().get(m));
                    cell.put("utterance_level", r.interval().get(m));
                    cell.put("t_linear", r.tLinear().get(m));
                    cell.put("normal", r.normal().get(m));
                    row.put(m.key(), cell);
                }
                cases.add(row);
            }
        });
        out.put("small_window_coverage", cases);
        Map<String, Object> fa = new LinkedHashMap<>();
        fa.put("days", days);
        fa.put("nominal", AnytimeRules.ALPHA_PER_DAY);
        Map<String, Object> det = new LinkedHashMap<>();
        det.put("runs", runs);
        det.put("cap_hours", capHours);
        det.put("pinned_f1", alarms.pinnedF1());
        for (int a = 0; a < 3; a++) {
            fa.put(alerts[a], falseAlarms[a]);
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("recall_drop_0.02", finite(two[a]));
            row.put("recall_drop_0.05", finite(five[a]));
            det.put(alerts[a], row);
        }
        out.put("false_alarm_days", fa);
        out.put("median_minutes_to_fire", det);
        report.print(spec.commandLine().getOut(), out, seconds, t -> {
            t.text("coverage of 95 % intervals", windows + " windows of " + windowUtterances + " utterances, " + model.describe());
            for (Measure m : Measure.values()) {
                Double wil = coverage.wilson().get(m);
                t.text("  " + m.key(), String.format(Locale.ROOT, "interval %.2f %%   t-linear %.2f %%   normal %.2f %%   Wilson %s",
                        100 * coverage.interval().get(m), 100 * coverage.tLinear().get(m), 100 * coverage.normal().get(m),
                        wil == null ? "n/a" : String.format(Locale.ROOT, "%.2f %%", 100 * wil)));
            }
            if (!small.isEmpty()) {
                t.text("small windows: interval / t-linear / normal", smallWindows + " windows per case");
                small.forEach((c, results) -> {
                    t.text("  " + c.name(), c.model().describe());
                    for (Coverage.Result r : results) {
                        StringBuilder line = new StringBuilder();
                        for (Measure m : Measure.values()) {
                            line.append(String.format(Locale.ROOT, "%s %5.2f / %5.2f / %5.2f   ", m == Measure.PRECISION ? "P" : m == Measure.RECALL
                                    ? "R" : m == Measure.F1 ? "F1" : "OS", 100 * r.interval().get(m), 100 * r.tLinear().get(m),
                                    100 * r.normal().get(m)));
                        }
                        t.text("    " + r.utterancesPerWindow() + " utterances", line.toString().strip());
                    }
                });
            }
            t.text("false-alarm days (A/A)", days + " days checked every 30 s, nominal 1 %");
            t.text("median time to fire", "recall drop 2 / 5 points, " + runs + " runs each, capped at " + capHours + " h");
            for (int a = 0; a < 3; a++) {
                t.text("  " + alerts[a], String.format(Locale.ROOT, "false alarms %.2f %% of days;  fires after %s / %s",
                        100 * falseAlarms[a], minutes(two[a]), minutes(five[a])));
            }
        });
        return SegmonCommand.EXIT_OK;
    }

    private static Double finite(double minutes) {
        return Double.isInfinite(minutes) ? null : minutes;
    }

    private String minutes(double m) {
        return Double.isInfinite(m) ? "> " + capHours + " h" : String.format(Locale.ROOT, "%.1f min", m);
    }
}
