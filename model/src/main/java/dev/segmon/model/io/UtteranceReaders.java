package dev.segmon.model.io;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** Opens any alignment input of docs/contract.md 2.6 as a stream of utterances. */
public final class UtteranceReaders {
    private UtteranceReaders() {
    }

    /**
     * The reader for {@code path}: the format named in {@code options}, else the one
     * {@link #detect} finds.
     */
    public static UtteranceReader open(Path path, ReadOptions options) {
        AlignmentFormat format = options.format() != null ? options.format() : detect(path);
        return switch (format) {
            case JSONL -> new JsonlReader(path.toString(), TextInput.open(path));
            case TEXTGRID -> TextGridReader.open(path, options.tier());
            case CTM -> CtmReader.open(path);
            case ALIGNMENT -> AlignmentLinesReader.open(path);
            case NFA -> NfaReader.open(path, options.tier());
            default -> JsonTools.open(JsonTools.of(format), path, options.tier());
        };
    }

    /**
     * The format of {@code path}: by extension ({@link AlignmentFormat#detect}), except that a
     * {@code .json} file whose first JSON value has exactly one recogniser's shape is that
     * recogniser's format ({@link JsonTools}), and a folder is an NFA output folder (a {@code ctm}
     * folder, or {@code .ctm} files), a TextGrid folder, or a folder of one recogniser's
     * {@code .json} files, in that order. Everything else reads exactly as by extension.
     */
    public static AlignmentFormat detect(Path path) {
        AlignmentFormat byExtension = AlignmentFormat.detect(path);
        if (Files.isDirectory(path)) {
            if (!Folder.files(path, ".TextGrid").isEmpty()) {
                return AlignmentFormat.TEXTGRID;
            }
            if (NfaReader.isOutputFolder(path)) {
                return AlignmentFormat.NFA;
            }
            JsonTool tool = JsonTools.detect(path);
            return tool != null ? tool.format() : byExtension;
        }
        if (byExtension == AlignmentFormat.JSONL && path.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".json")) {
            JsonTool tool = JsonTools.detect(path);
            return tool != null ? tool.format() : byExtension;
        }
        return byExtension;
    }
}
