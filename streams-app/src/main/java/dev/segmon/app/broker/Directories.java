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
