package dev.segmon.tools.cli;

import dev.segmon.app.cli.support.JsonOutput;
import dev.segmon.app.cli.support.Table;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import picocli.CommandLine.Option;

/**
 * The seed a {@code segmon simulate} command runs with and how it reports (a picocli mixin):
 * {@code --seed}, {@code --json}, and the seed and run time as the last rows of either output.
 */
public final class SimulationReport {
    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed (default ${DEFAULT-VALUE}).")
    public long seed;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    /**
     * Prints {@code out} as one JSON object under {@code --json}, else a table of {@code rows};
     * either ends with the seed and, where {@code seconds} is not null, the run's seconds.
     */
    public void print(PrintWriter w, Map<String, Object> out, Double seconds, Consumer<Table> rows) {
        out.put("seed", seed);
        if (seconds != null) {
            out.put("seconds", seconds);
        }
        if (json) {
            JsonOutput.print(w, out);
            return;
        }
        Table t = new Table();
        rows.accept(t);
        t.text("seed", Long.toString(seed));
        if (seconds != null) {
            t.text("seconds", String.format(Locale.ROOT, "%.1f", seconds));
        }
        t.print(w);
    }
}
