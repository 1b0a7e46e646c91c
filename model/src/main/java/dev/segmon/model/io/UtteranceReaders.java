package dev.segmon.model.io;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Opens any alignment input of INTERFACE.md 2.6 as a stream of utterances. */
public final class UtteranceReaders {
    private UtteranceReaders() {
    }

    public static UtteranceReader open(Path path, ReadOptions options) {
        AlignmentFormat format = options.format() != null ? options.format() : AlignmentFormat.detect(path);
        if (!Files.exists(path)) {
            throw new InputException(path, 0, "cannot read: no such file or directory");
        }
        return switch (format) {
            case JSONL -> new JsonlReader(path.toString(), utf8(path));
            default -> throw new InputException(path, 0, "format " + format + " is not supported yet");
        };
    }

    static BufferedReader utf8(Path path) {
        try {
            if (Files.isDirectory(path)) {
                throw new InputException(path, 0, "cannot read: is a directory");
            }
            return new BufferedReader(new InputStreamReader(Files.newInputStream(path), StandardCharsets.UTF_8), 1 << 16);
        } catch (NoSuchFileException e) {
            throw new InputException(path, 0, "cannot read: no such file");
        } catch (IOException e) {
            throw new InputException(path, 0, "cannot read: " + e.getMessage());
        }
    }
}
