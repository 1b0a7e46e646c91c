package dev.segmon.model.breaks;

import java.nio.file.Path;
import java.util.Locale;

/** The two phrase-break inputs of docs/contract.md 2.3. */
public enum BreakFormat {
    /** {@code {"id": "s1", "junctures": ["NB", "B", "NB"]}} per line; sentences pair by id. */
    JSONL,
    /** {@code word LABEL} per line, a blank line between sentences; sentences pair by position. */
    WORDS;

    /** {@code .jsonl} files are JSONL, anything else word-per-line (docs/contract.md 2.3). */
    public static BreakFormat detect(Path path) {
        Path name = path.getFileName();
        return name != null && name.toString().toLowerCase(Locale.ROOT).endsWith(".jsonl") ? JSONL : WORDS;
    }

    /** Parses a {@code --format} value ({@code jsonl} or {@code words}). */
    public static BreakFormat parse(String name) {
        return valueOf(name.trim().toUpperCase(Locale.ROOT));
    }
}
