package dev.segmon.model.io;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * A text file (encoding as {@link TextInput} detects it) read line by line with its 1-based line number, for the line-oriented inputs
 * of the text metrics (Kaldi text, word-per-line breaks, JSONL documents). Every problem it or its
 * caller finds is reported as an {@link InputException} at the current line.
 */
public final class TextLines implements Closeable {
    private final String source;
    private final BufferedReader in;
    private long lineNumber;

    private TextLines(String source, BufferedReader in) {
        this.source = source;
        this.in = in;
    }

    /** Opens a file; a missing or unreadable file is an {@link InputException} at line 0. */
    public static TextLines open(Path path) {
        return new TextLines(path.toString(), TextInput.open(path));
    }

    /** Reads from any reader (tests, stdin); {@code source} names it in error messages. */
    public static TextLines of(String source, BufferedReader in) {
        return new TextLines(source, in);
    }

    /** The next line without its terminator, or null at the end of the file. */
    public String next() {
        try {
            String line = in.readLine();
            if (line == null) {
                return null;
            }
            lineNumber++;
            if (lineNumber == 1 && !line.isEmpty() && line.charAt(0) == '\uFEFF') {
                line = line.substring(1); // a byte order mark in a reader given by of(...) is not part of the first token
            }
            return TextInput.checkDecoded(line, source, lineNumber);
        } catch (IOException e) {
            throw error("cannot read: " + e.getMessage());
        }
    }

    public String source() {
        return source;
    }

    /** The number of the line last returned by {@link #next()} (0 before the first). */
    public long lineNumber() {
        return lineNumber;
    }

    /** A problem at the current line. */
    public InputException error(String problem) {
        return new InputException(source, lineNumber, problem);
    }

    /** A problem at a given line of this file. */
    public InputException errorAt(long line, String problem) {
        return new InputException(source, line, problem);
    }

    @Override
    public void close() {
        try {
            in.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
