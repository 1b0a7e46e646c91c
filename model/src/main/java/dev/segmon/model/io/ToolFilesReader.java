package dev.segmon.model.io;

import dev.segmon.model.alignment.Utterance;
import java.io.Closeable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * The utterances of a tool's output files, one file in memory at a time: a single file, or every
 * file of one extension directly in a folder, in sorted name order (as a TextGrid folder). A
 * one-recording file is one utterance whose id is the file name without its extension (what
 * pairs it with a reference TextGrid of the same recording). Keeps
 * each utterance's transcript, untimed words included, for {@link #words}.
 */
final class ToolFilesReader extends LookaheadUtteranceReader {
    /** An utterance handed out (or looked ahead at) and its transcript. */
    private record Recent(Utterance utterance, List<String> words) {
    }

    private final List<Path> files;
    private final Function<Path, Opened> readFile;
    private final Set<String> seen = new HashSet<>();
    private Opened current;
    private Iterator<TimedWords> pending;
    private Path currentFile;
    /** The utterances handed out or looked ahead at, for {@link #words}: at most the last two. */
    private final Deque<Recent> recent = new ArrayDeque<>();
    private int index;
    private long untimed;

    /** One opened file: its utterances (possibly read lazily) and the input to close after them. */
    record Opened(Iterable<TimedWords> utterances, Closeable input) {
    }

    ToolFilesReader(String source, List<Path> files, Function<Path, Opened> readFile) {
        super(source);
        this.files = files;
        this.readFile = readFile;
    }

    /** {@code path} itself, or the files of {@code extension} in it when it is a folder (one at least). */
    static List<Path> files(Path path, String extension) {
        if (!Files.exists(path)) {
            throw new InputException(path, 0, "cannot read: no such file or directory");
        }
        if (!Files.isDirectory(path)) {
            return List.of(path);
        }
        return Folder.inputs(path, extension);
    }

    @Override
    Utterance readNext() {
        while (pending == null || !pending.hasNext()) {
            closeCurrent();
            if (index == files.size()) {
                return null;
            }
            currentFile = files.get(index++);
            current = readFile.apply(currentFile);
            pending = current.utterances().iterator();
        }
        TimedWords w = pending.next();
        if (!seen.add(w.id())) {
            boolean named = w.id().equals(Folder.utteranceId(currentFile)); // a.json and a.JSON in one folder
            throw new InputException(currentFile, 0, "utterance '" + w.id() + "' appears a second time"
                    + (named ? " (another file has the same name)" : ""));
        }
        untimed += w.untimedCount();
        Utterance u = w.utterance();
        recent.addLast(new Recent(u, w.words()));
        if (recent.size() > 2) {
            recent.removeFirst();
        }
        return u;
    }

    @Override
    public List<String> words(Utterance u) {
        for (Recent r : recent) {
            if (r.utterance() == u) {
                return r.words();
            }
        }
        return super.words(u);
    }

    @Override
    public long untimedWords() {
        return untimed;
    }

    private void closeCurrent() {
        if (current != null) {
            close(current.input());
            current = null;
        }
    }

    @Override
    public void close() {
        closeCurrent();
    }
}
