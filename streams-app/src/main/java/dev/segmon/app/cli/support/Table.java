package dev.segmon.app.cli.support;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A two-column human-readable report: measure and value, ratios also as percentages. */
public final class Table {
    private final List<String[]> rows = new ArrayList<>();

    public Table count(String name, long value) {
        rows.add(new String[] {name, Long.toString(value)});
        return this;
    }

    public Table ratio(String name, Double value) {
        rows.add(new String[] {name, value == null ? "n/a (0 denominator)"
                : String.format(Locale.ROOT, "%.4f  (%.2f %%)", value, 100 * value)});
        return this;
    }

    public Table number(String name, Double value) {
        rows.add(new String[] {name, value == null ? "n/a" : String.format(Locale.ROOT, "%.4f", value)});
        return this;
    }

    public Table text(String name, String value) {
        rows.add(new String[] {name, value});
        return this;
    }

    public void print(PrintWriter out) {
        int width = rows.stream().mapToInt(r -> r[0].length()).max().orElse(0);
        for (String[] r : rows) {
            out.printf(Locale.ROOT, "%-" + width + "s  %s%n", r[0], r[1]);
        }
        out.flush();
    }
}
