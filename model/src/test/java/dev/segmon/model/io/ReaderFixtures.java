package dev.segmon.model.io;

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
