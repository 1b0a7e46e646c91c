package dev.segmon.model.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.model.alignment.Segment;
import dev.segmon.model.alignment.Utterance;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Helpers the reader tests share: test data paths, reading a whole input, expecting an input error. */
final class ReaderFixtures {
    private ReaderFixtures() {
    }

    static Path resource(String name) {
        try {
            return Path.of(ReaderFixtures.class.getResource("/data/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A recogniser's output kept under {@code formats/} (see its README). */
    static Path format(String name) {
        try {
            return Path.of(ReaderFixtures.class.getResource("/formats/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Each utterance of {@code path} and its transcript ({@link UtteranceReader#words}), and the reader's untimed count last. */
    static Transcribed readWords(Path path, ReadOptions options) {
        List<Utterance> all = new ArrayList<>();
        List<List<String>> words = new ArrayList<>();
        try (UtteranceReader r = UtteranceReaders.open(path, options)) {
            while (r.hasNext()) {
                Utterance u = r.next();
                all.add(u);
                words.add(r.words(u));
            }
            return new Transcribed(all, words, r.untimedWords());
        }
    }

    record Transcribed(List<Utterance> utterances, List<List<String>> words, long untimed) {
    }

    /** Asserts {@code actual} has the given start, end, label triples (times within 1e-9 s). */
    static void assertSegments(List<Segment> actual, Object... startEndLabel) {
        assertEquals(startEndLabel.length / 3, actual.size(), () -> "segments: " + actual);
        for (int i = 0; i < actual.size(); i++) {
            Segment s = actual.get(i);
            assertEquals(((Number) startEndLabel[3 * i]).doubleValue(), s.start(), 1e-9, "start of " + i);
            assertEquals(((Number) startEndLabel[3 * i + 1]).doubleValue(), s.end(), 1e-9, "end of " + i);
            assertEquals(startEndLabel[3 * i + 2], s.label(), "label of " + i);
        }
    }

    static List<Utterance> readAll(Path path, ReadOptions options) {
        List<Utterance> all = new ArrayList<>();
        try (UtteranceReader r = UtteranceReaders.open(path, options)) {
            r.forEachRemaining(all::add);
        }
        return all;
    }

    static List<Segment> segments(Utterance u) {
        return ((Utterance.Segmented) u).segments();
    }

    static Path write(Path dir, String name, String text, Charset charset) {
        try {
            Path p = dir.resolve(name);
            Files.write(p, text.getBytes(charset));
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads {@code path} expecting bad input at {@code line}; the message must also contain each of {@code parts}. */
    static InputException expectError(Path path, ReadOptions options, long line, String... parts) {
        InputException e = assertThrows(InputException.class, () -> readAll(path, options));
        String message = e.getMessage();
        assertTrue(message.startsWith(path + (line > 0 ? ":" + line + ": " : ": ")), () -> "location of: " + message);
        for (String part : parts) {
            assertTrue(message.contains(part), () -> "'" + part + "' missing from: " + message);
        }
        assertFalse(message.contains("\n"), () -> "one line: " + message);
        return e;
    }
}
