package dev.segmon.model.edit;

import dev.segmon.model.io.InputException;
import dev.segmon.model.io.TextLines;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads Kaldi {@code text} files: {@code utt-id tok tok ...} per line, fields separated by
 * whitespace. A line holding only the id is an empty transcript. Blank lines are skipped (Kaldi's
 * table reader would reject them; skipping them loses nothing). An id seen twice is bad input.
 */
public final class KaldiTextReader {
    private KaldiTextReader() {
    }

    public static List<Transcript> read(Path path, Vocabulary vocabulary) {
        try (TextLines in = TextLines.open(path)) {
            return read(in, vocabulary);
        }
    }

    public static List<Transcript> read(TextLines in, Vocabulary vocabulary) {
        List<Transcript> transcripts = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        String line;
        while ((line = in.next()) != null) {
            String trimmed = line.strip();
            if (trimmed.isEmpty()) {
                continue;
            }
            String[] fields = trimmed.split("\\s+");
            if (!seen.add(fields[0])) {
                throw in.error("utterance '" + fields[0] + "' appears a second time");
            }
            int[] tokens = new int[fields.length - 1];
            for (int i = 1; i < fields.length; i++) {
                tokens[i - 1] = vocabulary.intern(fields[i]);
            }
            transcripts.add(new Transcript(fields[0], tokens, in.lineNumber()));
        }
        if (transcripts.isEmpty()) {
            throw new InputException(in.source(), 0, "empty file: no utterance");
        }
        return transcripts;
    }
}
