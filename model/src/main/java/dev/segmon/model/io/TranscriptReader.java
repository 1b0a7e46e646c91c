package dev.segmon.model.io;

import dev.segmon.model.alignment.Segment;
import dev.segmon.model.alignment.Utterance;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Reads the JSON results a cloud recognizer writes, one file per recording: a single file, or
 * every {@code .json} file directly in a folder, in sorted name order. Each file is one utterance
 * whose id is the file name without {@code .json} (what pairs it with a reference TextGrid of the
 * same recording) and whose segments are the words the tool's {@link Words} finds in it.
 */
final class TranscriptReader extends LookaheadUtteranceReader {

    /** How one tool's result becomes words. */
    @FunctionalInterface
    interface Words {
        /**
         * The words of {@code json} in file order, of the channel {@code channel} names (the
         * {@code --tier} value; null: the first channel).
         */
        List<Segment> read(TranscriptJson json, String channel);
    }

    private final List<Path> files;
    private final Words words;
    private final String channel;
    private final Set<String> seen = new HashSet<>();
    private int index;

    private TranscriptReader(String source, List<Path> files, Words words, String channel) {
        super(source);
        this.files = files;
        this.words = words;
        this.channel = channel;
    }

    /** A reader of {@code path}, a result file or a folder of them. */
    static UtteranceReader open(Path path, Words words, String channel) {
        if (!Files.exists(path)) {
            throw new InputException(path, 0, "cannot read: no such file or directory");
        }
        if (!Files.isDirectory(path)) {
            return new TranscriptReader(path.toString(), List.of(path), words, channel);
        }
        List<Path> files = InputFolder.files(path, ".json");
        return new TranscriptReader(path.toString(), files, words, channel);
    }

    @Override
    Utterance readNext() {
        if (index == files.size()) {
            return null;
        }
        Path file = files.get(index++);
        TranscriptJson json = new TranscriptJson(LocatedJson.read(file));
        String id = id(file);
        if (!seen.add(id)) { // a.json and a.JSON in one folder
            throw new InputException(file, 0, "utterance '" + id + "' appears a second time (another file has the same name)");
        }
        return new Utterance.Segmented(id, words.read(json, channel));
    }

    /** The file name without its {@code .json} extension. */
    static String id(Path file) {
        String name = file.getFileName().toString();
        return name.toLowerCase(Locale.ROOT).endsWith(".json") ? name.substring(0, name.length() - 5) : name;
    }

    @Override
    public void close() {
        // each file is closed as soon as it is read
    }
}
