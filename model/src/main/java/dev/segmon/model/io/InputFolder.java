package dev.segmon.model.io;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The inputs of a folder read one file per utterance (TextGrids, cloud recognizer results). */
final class InputFolder {
    private InputFolder() {
    }

    /**
     * The regular files directly in {@code folder} whose name ends with {@code extension} (any
     * case), in sorted name order; none is bad input.
     */
    static List<Path> files(Path folder, String extension) {
        String suffix = extension.toLowerCase(Locale.ROOT);
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(folder)) {
            for (Path p : dir) {
                if (p.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(suffix) && Files.isRegularFile(p)) {
                    files.add(p);
                }
            }
        } catch (IOException e) {
            throw new InputException(folder, 0, "cannot read: " + TextInput.describe(e));
        }
        if (files.isEmpty()) {
            throw new InputException(folder, 0, "empty folder: no " + extension + " file in it");
        }
        files.sort((a, b) -> a.getFileName().toString().compareTo(b.getFileName().toString()));
        return files;
    }
}
