package dev.segmon.app.demo;

import dev.segmon.app.demo.PrometheusText.Sample;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The demo's periodic summary, one line per model, read from the monitor's own {@code /metrics}
 * (INTERFACE.md 3.2 names), e.g. {@code healthy word P=0.97 R=0.96 F1=0.96 OS=+0.01 R-val=0.96
 * utts=123 window=5m}. Ratios come from the window asked for, or else the shortest sliding window
 * the monitor exports (it shows a regression sooner than the cumulative one), or else cumulative.
 */
public final class DemoReport {
    static final String CUMULATIVE = "cumulative";

    private DemoReport() {
    }

    /** One line per model in {@code models} order, then any other model the monitor reports. */
    public static List<String> lines(String exposition, List<String> models, String tier, String window) {
        List<Sample> samples = PrometheusText.parse(exposition);
        Set<String> names = new LinkedHashSet<>(models);
        for (Sample s : samples) {
            if (s.name().startsWith("segmon_") && s.label("model") != null && tier.equals(s.label("tier"))) {
                names.add(s.label("model"));
            }
        }
        String w = window != null ? window : preferredWindow(samples);
        List<String> out = new ArrayList<>();
        for (String model : names) {
            out.add(String.format(Locale.ROOT, "%s %s P=%s R=%s F1=%s OS=%s R-val=%s utts=%d window=%s",
                    model, tier,
                    ratio(samples, "segmon_boundary_precision_ratio", model, tier, w, false),
                    ratio(samples, "segmon_boundary_recall_ratio", model, tier, w, false),
                    ratio(samples, "segmon_boundary_f1_ratio", model, tier, w, false),
                    ratio(samples, "segmon_boundary_over_segmentation_ratio", model, tier, w, true),
                    ratio(samples, "segmon_boundary_r_value", model, tier, w, false),
                    Math.round(sum(samples, "segmon_utterances_total", model, tier)),
                    w));
        }
        return out;
    }

    /** The shortest non-cumulative window among the gauges, or {@code cumulative} if there is none. */
    static String preferredWindow(List<Sample> samples) {
        return samples.stream()
                .filter(s -> s.name().equals("segmon_boundary_f1_ratio"))
                .map(s -> s.label("window"))
                .filter(w -> w != null && !w.equals(CUMULATIVE))
                .distinct()
                .min(Comparator.comparingDouble(DemoReport::seconds).thenComparing(Comparator.naturalOrder()))
                .orElse(CUMULATIVE);
    }

    /** A window label such as {@code 5m}, {@code 300s}, {@code 1h} in seconds; unknown forms sort last. */
    static double seconds(String window) {
        try {
            char unit = window.charAt(window.length() - 1);
            double n = Double.parseDouble(window.substring(0, window.length() - 1));
            return switch (unit) {
                case 's' -> n;
                case 'm' -> n * 60;
                case 'h' -> n * 3600;
                case 'd' -> n * 86400;
                default -> Double.MAX_VALUE;
            };
        } catch (RuntimeException e) {
            return Double.MAX_VALUE;
        }
    }

    private static String ratio(List<Sample> samples, String name, String model, String tier, String window, boolean signed) {
        for (Sample s : samples) {
            if (s.name().equals(name) && model.equals(s.label("model")) && tier.equals(s.label("tier"))
                    && window.equals(s.label("window"))) {
                if (Double.isNaN(s.value()) || Double.isInfinite(s.value())) {
                    return "-";
                }
                // Round first and add 0.0 so that -0.004 shows as +0.00, not -0.00.
                double rounded = Math.round(s.value() * 100) / 100.0 + 0.0;
                return String.format(Locale.ROOT, signed ? "%+.2f" : "%.2f", rounded);
            }
        }
        return "-";
    }

    private static double sum(List<Sample> samples, String name, String model, String tier) {
        double total = 0;
        for (Sample s : samples) {
            if (s.name().equals(name) && model.equals(s.label("model")) && tier.equals(s.label("tier"))) {
                total += s.value();
            }
        }
        return total;
    }
}
