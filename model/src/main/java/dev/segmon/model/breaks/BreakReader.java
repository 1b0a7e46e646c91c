package dev.segmon.model.breaks;

import com.fasterxml.jackson.core.JsonToken;
import dev.segmon.model.io.InputException;
import dev.segmon.model.io.JsonLine;
import dev.segmon.model.io.TextLines;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads phrase-break files (docs/contract.md 2.3) into sentences. Every bad line is an
 * {@link InputException} naming the file and line.
 *
 * <p>Word-per-line files follow Festival's convention of storing a juncture's label on the word
 * before it. The label after a sentence's last word is the sentence-final juncture, which Festival
 * forces to a break; counting it inflates breaks-correct with junctures every system gets right
 * (Taylor and Black 1998 score the junctures between words), so it is dropped unless
 * {@code countFinal}. JSONL sentences list their junctures explicitly and are taken as they are.
 */
public final class BreakReader {
    private BreakReader() {
    }

    public static List<BreakSentence> read(Path path, BreakFormat format, boolean countFinal) {
        try (TextLines in = TextLines.open(path)) {
            return read(in, format, countFinal);
        }
    }

    public static List<BreakSentence> read(TextLines in, BreakFormat format, boolean countFinal) {
        List<BreakSentence> sentences = format == BreakFormat.JSONL ? readJsonl(in) : readWords(in, countFinal);
        if (sentences.isEmpty()) {
            throw new InputException(in.source(), 0, "empty file: no sentence");
        }
        return sentences;
    }

    private static List<BreakSentence> readJsonl(TextLines in) {
        List<BreakSentence> sentences = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        String line;
        while ((line = in.next()) != null) {
            if (line.isBlank()) {
                continue;
            }
            String[] id = {null};
            List<List<String>> junctures = new ArrayList<>(1);
            JsonLine.parseObject(line, in, (name, value, p) -> {
                switch (name) {
                    case "id" -> id[0] = JsonLine.id(value, p, in);
                    case "junctures" -> {
                        if (value != JsonToken.START_ARRAY) {
                            throw in.error("\"junctures\" must be an array of labels");
                        }
                        List<String> labels = new ArrayList<>();
                        while (p.nextToken() != JsonToken.END_ARRAY) {
                            if (p.currentToken() != JsonToken.VALUE_STRING) {
                                throw in.error("juncture " + labels.size() + " must be a label string such as \"NB\", not " + p.getText());
                            }
                            labels.add(label(p.getText(), in));
                        }
                        junctures.add(labels);
                    }
                    default -> p.skipChildren();
                }
            });
            if (id[0] == null) {
                throw in.error("missing \"id\"");
            }
            if (junctures.isEmpty()) {
                throw in.error("missing \"junctures\"");
            }
            if (!seen.add(id[0])) {
                throw in.error("sentence '" + id[0] + "' appears a second time");
            }
            sentences.add(new BreakSentence(id[0], junctures.get(0), in.lineNumber()));
        }
        return sentences;
    }

    private static List<BreakSentence> readWords(TextLines in, boolean countFinal) {
        List<BreakSentence> sentences = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        long start = 0;
        String line;
        do {
            line = in.next();
            if (line == null || line.isBlank()) {
                if (!labels.isEmpty()) {
                    if (!countFinal) {
                        labels.remove(labels.size() - 1);
                    }
                    sentences.add(new BreakSentence("#" + (sentences.size() + 1), labels, start));
                    labels = new ArrayList<>();
                }
                continue;
            }
            String[] fields = line.trim().split("\\s+");
            if (fields.length != 2) {
                throw in.error("expected 'word LABEL' (two fields), found " + fields.length);
            }
            if (labels.isEmpty()) {
                start = in.lineNumber();
            }
            labels.add(label(fields[1], in));
        } while (line != null);
        return sentences;
    }

    private static String label(String label, TextLines in) {
        if (label.isBlank()) {
            throw in.error("empty juncture label: use NB for no break");
        }
        return label;
    }
}
