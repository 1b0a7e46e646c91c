package dev.segmon.model.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.model.alignment.Segment;
import dev.segmon.model.alignment.Utterance;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Helpers of the cloud recognizer reader tests: the fixtures under /formats, one-file reads, edited copies. */
final class CloudFixtures {
    private CloudFixtures() {
    }

    /** A fixture under {@code src/test/resources/formats}, such as {@code aws/my-first-transcription-job.json}. */
    static Path fixture(String name) {
        return ReaderFixtures.format(name);
    }

    static ReadOptions options(AlignmentFormat format, String tier) {
        return new ReadOptions(format, tier);
    }

    /** The words of a one-utterance file, checking that utterance's id. */
    static List<Segment> words(Path file, ReadOptions options, String id) {
        List<Utterance> all = ReaderFixtures.readAll(file, options);
        assertEquals(1, all.size());
        assertEquals(id, all.get(0).id());
        return ReaderFixtures.segments(all.get(0));
    }

    /** A copy of {@code fixture} in {@code dir} with the one occurrence of {@code from} replaced by {@code to}. */
    static Path edited(Path dir, String fixture, String from, String to) {
        try {
            String text = Files.readString(fixture(fixture));
            if (text.indexOf(from) < 0 || text.indexOf(from) != text.lastIndexOf(from)) {
                throw new IllegalArgumentException("'" + from + "' is not in " + fixture + " exactly once");
            }
            Path copy = dir.resolve(fixture(fixture).getFileName());
            Files.writeString(copy, text.replace(from, to));
            return copy;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
