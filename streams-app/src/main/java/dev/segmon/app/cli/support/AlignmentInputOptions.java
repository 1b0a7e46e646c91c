package dev.segmon.app.cli.support;

import dev.segmon.model.io.AlignmentFormat;
import dev.segmon.model.io.ReadOptions;
import dev.segmon.model.io.UtteranceReader;
import dev.segmon.model.io.UtteranceReaders;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Option;

/** The input options every alignment-reading command shares (docs/contract.md 2.6). */
public final class AlignmentInputOptions {
    @Option(names = "--format", paramLabel = "FORMAT",
            description = "Input format: jsonl, textgrid, ctm or alignment (default: by extension).")
    String format;

    @Option(names = "--tier", paramLabel = "NAME",
            description = "TextGrid tier: a name, NAME#K for the K-th tier of that name, or #K for the K-th tier (1-based).")
    String tier;

    @Option(names = "--ignore-labels", split = ",", paramLabel = "LABEL",
            description = "Drop segments with these labels before taking boundaries, e.g. sil,sp.")
    List<String> ignoreLabels = List.of();

    public ReadOptions readOptions() {
        AlignmentFormat f = null;
        if (format != null) {
            try {
                f = AlignmentFormat.parse(format);
            } catch (IllegalArgumentException e) {
                throw new UsageException("unknown --format '" + format + "': use jsonl, textgrid, ctm or alignment");
            }
        }
        return new ReadOptions(f, tier);
    }

    public UtteranceReader open(Path path) {
        return UtteranceReaders.open(path, readOptions());
    }

    public Set<String> ignoredLabels() {
        return new LinkedHashSet<>(ignoreLabels);
    }
}
