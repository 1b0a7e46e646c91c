package dev.segmon.app.broker;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** File-system chores of the embedded broker and the demo. */
public final class Directories {
    private Directories() {
    }

    /**
     * A new directory for data deleted on exit, under the user's cache directory
     * ({@code $XDG_CACHE_HOME/segmon}, else {@code ~/.cache/segmon}) rather than the OS temp
     * directory: Kafka Streams warns at every start that a state directory under the latter may be
     * cleared by the OS. Falls back to the OS temp directory when the cache one cannot be made.
     */
    public static Path scratch(String prefix) throws IOException {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path cache = (xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache"))
                .resolve("segmon");
        try {
            return Files.createTempDirectory(Files.createDirectories(cache), prefix);
        } catch (IOException | SecurityException e) {
            return Files.createTempDirectory(prefix);
        }
    }

    /** Deletes a directory tree, best effort: a temp dir left behind is not worth failing a shutdown for. */
    public static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException ignored) {
                    // best effort, see above
                }
            });
        } catch (IOException ignored) {
            // best effort, see above
        }
    }
}
