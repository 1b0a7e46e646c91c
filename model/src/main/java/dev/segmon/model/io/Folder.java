package dev.segmon.model.io;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The files of one folder that a folder-of-files format reads (TextGrids, a tool's outputs), in
 * sorted name order, and the utterance id a file name gives.
 */
final class Folder {
    private Folder() {
    }

    /** The regular files directly in {@code dir} whose name ends with {@code extension} (any case), sorted by name. */
    static List<Path> files(Path dir, String extension) {
        String suffix = extension.toLowerCase(Locale.ROOT);
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path p : entries) {
                if (p.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(suffix) && Files.isRegularFile(p)) {
                    files.add(p);
                }
            }
        } catch (IOException e) {
            throw new InputException(dir, 0, "cannot read: " + TextInput.describe(e));
        }
        files.sort((a, b) -> a.getFileName().toString().compareTo(b.getFileName().toString()));
        return files;
    }

    /** {@link #files}, of which there must be one at least: none is bad input. */
    static List<Path> inputs(Path dir, String extension) {
        List<Path> files = files(dir, extension);
        if (files.isEmpty()) {
            throw new InputException(dir, 0, "empty folder: no " + extension + " file in it");
        }
        return files;
    }

    /** The utterance id a one-recording-per-file tool gives: the file name without its extension. */
    static String utteranceId(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}
