package dev.segmon.app.config;

import java.util.ArrayList;
import java.util.List;

/**
 * A paired comparison, {@code CANDIDATE=BASELINE} (run --compare, setting {@code compare}):
 * the monitor books candidate minus baseline on every utterance scored for both
 * (docs/intervals.md, "Paired comparison").
 */
public record Comparison(String candidate, String baseline) {
    public Comparison {
        if (candidate == null || candidate.isBlank() || baseline == null || baseline.isBlank()) {
            throw new IllegalArgumentException("a comparison is CANDIDATE=BASELINE, both named");
        }
        if (candidate.equals(baseline)) {
            throw new IllegalArgumentException("a model compared with itself: " + candidate);
        }
    }

    /** {@code CANDIDATE=BASELINE}. */
    public static Comparison parse(String text) {
        int eq = text.indexOf('=');
        if (eq < 0) {
            throw new IllegalArgumentException("not CANDIDATE=BASELINE: " + text);
        }
        return new Comparison(text.substring(0, eq).trim(), text.substring(eq + 1).trim());
    }

    /** A comma-separated list of {@code CANDIDATE=BASELINE} (blank entries skipped). */
    public static List<Comparison> parseList(String text) {
        List<Comparison> out = new ArrayList<>();
        for (String part : text.split(",")) {
            if (!part.isBlank()) {
                out.add(parse(part));
            }
        }
        return out;
    }

    @Override
    public String toString() {
        return candidate + "=" + baseline;
    }
}
