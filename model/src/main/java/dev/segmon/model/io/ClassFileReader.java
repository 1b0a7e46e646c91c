package dev.segmon.model.io;

import dev.segmon.model.boundary.Micros;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads the two block formats of the ZeroSpeech term-discovery evaluation (INTERFACE.md 2.2):
 * <ul>
 * <li>class files ({@link #readClasses}): blocks that open with a {@code Class N} header line
 *     (anything after N is ignored, as tdev2's {@code disc_reader} does), then
 *     {@code file onset offset} lines, blocks separated by blank lines;</li>
 * <li>fold files ({@link #readFolds}): the 2015 TDE's interval lists, {@code file onset offset}
 *     lines, folds separated by blank lines.</li>
 * </ul>
 * Departures from tdev2, which asserts instead: the last block needs no trailing blank line,
 * several blank lines count as one, and every problem is reported as an {@link InputException}
 * with its line. Two classes with the same number are an error, as in tdev2.
 */
public final class ClassFileReader {
    private ClassFileReader() {
    }

    /** The discovered classes of a class file, in file order; empty classes are kept (callers drop them). */
    public static List<IntervalBlock> readClasses(Path path) {
        return read(path, true);
    }

    /** The folds of a fold file, named "1", "2", ... in file order. */
    public static List<IntervalBlock> readFolds(Path path) {
        return read(path, false);
    }

    private static List<IntervalBlock> read(Path path, boolean classHeaders) {
        return withReader(path, in -> read(path.toString(), in, classHeaders));
    }

    /** What a reader does with a whole UTF-8 text file. */
    @FunctionalInterface
    public interface Body<T> {
        T read(BufferedReader in) throws IOException;
    }

    /** Runs {@code body} on the UTF-8 file, turning I/O failures into an {@link InputException} on the file. */
    public static <T> T withReader(Path path, Body<T> body) {
        try (BufferedReader in = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
            return body.read(in);
        } catch (NoSuchFileException e) {
            throw new InputException(path, 0, "no such file");
        } catch (IOException e) {
            throw new InputException(path, 0, "cannot read: " + e.getMessage());
        } catch (UncheckedIOException e) {
            throw new InputException(path, 0, "cannot read: " + e.getCause().getMessage());
        }
    }

    static List<IntervalBlock> read(String source, BufferedReader in, boolean classHeaders) throws IOException {
        List<IntervalBlock> blocks = new ArrayList<>();
        Set<String> names = new HashSet<>();
        List<FileInterval> current = new ArrayList<>();
        String name = null;
        long blockLine = 0;
        long lineNumber = 0;
        String line;
        while ((line = in.readLine()) != null) {
            lineNumber++;
            String[] f = fields(line);
            if (f.length == 0) {
                if (name != null) {
                    blocks.add(new IntervalBlock(name, blockLine, current));
                    current = new ArrayList<>();
                    name = null;
                }
                continue;
            }
            if (classHeaders && f[0].equals("Class")) {
                if (name != null) {
                    throw new InputException(source, lineNumber, "a class header needs a blank line before it");
                }
                if (f.length < 2) {
                    throw new InputException(source, lineNumber, "class header without a number: '" + line.trim() + "'");
                }
                name = f[1];
                if (!names.add(name)) {
                    throw new InputException(source, lineNumber, "two classes have the number " + name);
                }
                blockLine = lineNumber;
                continue;
            }
            if (f.length != 3) {
                throw new InputException(source, lineNumber, "expected 'file onset offset', got '" + line.trim() + "'");
            }
            if (name == null) {
                if (classHeaders) {
                    throw new InputException(source, lineNumber, "interval outside a class: a 'Class N' line must come first");
                }
                name = Integer.toString(blocks.size() + 1);
                blockLine = lineNumber;
            }
            long onset = time(source, lineNumber, f[1]);
            long offset = time(source, lineNumber, f[2]);
            if (offset <= onset) {
                throw new InputException(source, lineNumber, "offset " + f[2] + " is not after onset " + f[1]);
            }
            current.add(new FileInterval(f[0], onset, offset, lineNumber));
        }
        if (name != null) {
            blocks.add(new IntervalBlock(name, blockLine, current));
        }
        return blocks;
    }

    /** The whitespace-separated fields of a line (faster than a regular expression split). */
    public static String[] fields(String line) {
        List<String> out = new ArrayList<>(4);
        int n = line.length();
        int i = 0;
        while (i < n) {
            while (i < n && Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < n && !Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            if (i > start) {
                out.add(line.substring(start, i));
            }
        }
        return out.toArray(new String[0]);
    }

    /**
     * A time in seconds, to the microsecond; shared with the gold alignment loader. Plain
     * decimals ({@code 95.45}) are read digit by digit straight onto the microsecond grid
     * (exact, and rounded half up beyond six decimals); anything else (exponents) goes through
     * {@link Double#parseDouble} and {@link Micros#of}.
     */
    public static long time(String source, long line, String text) {
        long micros = plainDecimalMicros(text);
        if (micros >= 0) {
            return micros;
        }
        double seconds;
        try {
            seconds = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new InputException(source, line, "not a time in seconds: '" + text + "'");
        }
        if (!Double.isFinite(seconds) || seconds < 0) {
            throw new InputException(source, line, "not a time in seconds: '" + text + "'");
        }
        return Micros.of(seconds);
    }

    /** Microseconds of an unsigned plain decimal, or -1 when the text is not one (or is too long). */
    private static long plainDecimalMicros(String text) {
        int n = text.length();
        if (n == 0 || n > 18) {
            return -1;
        }
        long whole = 0;
        long fraction = 0;
        int decimals = 0;
        boolean dot = false;
        boolean digits = false;
        boolean roundUp = false;
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c == '.' && !dot) {
                dot = true;
            } else if (c >= '0' && c <= '9') {
                digits = true;
                if (!dot) {
                    whole = whole * 10 + (c - '0');
                } else if (decimals < 6) {
                    fraction = fraction * 10 + (c - '0');
                    decimals++;
                } else if (decimals == 6) {
                    roundUp = c >= '5';
                    decimals++;
                }
            } else {
                return -1;
            }
        }
        if (!digits) {
            return -1;
        }
        for (int d = Math.min(decimals, 6); d < 6; d++) {
            fraction *= 10;
        }
        return whole * Micros.PER_SECOND + fraction + (roundUp ? 1 : 0);
    }
}
