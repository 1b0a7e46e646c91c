package dev.segmon.model.io;

import dev.segmon.model.Micros;
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
 * Reads the two block formats of the ZeroSpeech term-discovery evaluation (docs/contract.md 2.2):
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
            String[] f = TextInput.fields(line);
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
            long onset = Times.micros(source, lineNumber, f[1]);
            long offset = Times.micros(source, lineNumber, f[2]);
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

}
