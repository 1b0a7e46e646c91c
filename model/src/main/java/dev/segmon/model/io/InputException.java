package dev.segmon.model.io;

import java.nio.file.Path;

/**
 * Bad input, located: the file, the 1-based line (0 when no line applies, such as an unreadable
 * or empty file) and the problem. Its message is the one line the CLI prints before exiting with
 * status 2, in the {@code file:line: problem} form that compilers and editors understand.
 */
public final class InputException extends RuntimeException {
    private final String file;
    private final long line;
    private final String problem;

    public InputException(String file, long line, String problem) {
        super(format(file, line, problem), null, false, false);
        this.file = file;
        this.line = line;
        this.problem = problem;
    }

    public InputException(Path file, long line, String problem) {
        this(file.toString(), line, problem);
    }

    public String file() {
        return file;
    }

    public long line() {
        return line;
    }

    public String problem() {
        return problem;
    }

    private static String format(String file, long line, String problem) {
        return line > 0 ? file + ":" + line + ": " + problem : file + ": " + problem;
    }
}
