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
    @Option(names = "--format", paramLabel = "FORMAT", completionCandidates = FormatNames.class,
            description = "Input format: ${COMPLETION-CANDIDATES} (default: by extension, and a .json file or a folder by its content).")
    String format;

    @Option(names = "--tier", paramLabel = "NAME",
            description = "TextGrid tier: a name, NAME#K for the K-th tier of that name, or #K for the K-th tier (1-based);"
                    + " for a recogniser's output the unit: words (default), or e.g. phones, chars, tokens, segments;"
                    + " for a cloud recogniser's multichannel result the channel (default: the first).")
    String tier;

    @Option(names = "--ignore-labels", split = ",", paramLabel = "LABEL",
            description = "Drop segments with these labels before taking boundaries, e.g. sil,sp.")
    List<String> ignoreLabels = List.of();

    public ReadOptions readOptions() {
        return new ReadOptions(format(format), tier);
    }

    /** The format a {@code --format} value names, null for none; an unknown name is a usage error listing the names. */
    public static AlignmentFormat format(String name) {
        if (name == null) {
            return null;
        }
        try {
            return AlignmentFormat.parse(name);
        } catch (IllegalArgumentException e) {
            throw new UsageException("unknown --format '" + name + "': use " + AlignmentFormat.cliNames());
        }
    }

    /** The {@code --format} values, for the help text. */
    public static final class FormatNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return java.util.Arrays.stream(AlignmentFormat.values()).map(AlignmentFormat::cliName).iterator();
        }
    }

    public UtteranceReader open(Path path) {
        return UtteranceReaders.open(path, readOptions());
    }

    /** The ids of the utterances of these files, in order of first appearance: what slices are found among. */
    public Set<String> ids(Path... paths) {
        Set<String> ids = new LinkedHashSet<>();
        for (Path p : paths) {
            try (UtteranceReader r = open(p)) {
                r.forEachRemaining(u -> ids.add(u.id()));
            }
        }
        return ids;
    }

    /** One stderr line when {@code reader} met words its tool left without times (WhisperX numerals, Gentle's unaligned words). */
    public static void reportUntimed(UtteranceReader reader, java.io.PrintWriter err) {
        reportUntimed(reader, err, "kept in the transcript, no boundary");
    }

    /**
     * As {@link #reportUntimed(UtteranceReader, java.io.PrintWriter)}, saying what became of them;
     * a side that was not given ({@code null}) has nothing to report.
     */
    public static void reportUntimed(UtteranceReader reader, java.io.PrintWriter err, String fate) {
        long n = reader == null ? 0 : reader.untimedWords();
        if (n > 0) {
            err.println("segmon: " + reader.source() + ": " + n + " word" + (n == 1 ? "" : "s") + " without times: " + fate);
        }
    }

    public Set<String> ignoredLabels() {
        return new LinkedHashSet<>(ignoreLabels);
    }
}
