package dev.segmon.model.textseg;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.segmon.model.io.InputException;
import dev.segmon.model.io.JsonLine;
import dev.segmon.model.io.TextLines;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads the JSONL documents of docs/contract.md 2.5, one per line, in one of three forms:
 * {@code {"id": "d1", "masses": [6, 3, 4]}}, {@code {"id": "d1", "boundaries": "0000010001"}} or
 * {@code {"id": "d1", "length": 12, "segments": [[0, 3], [3, 5], [8, 10]]}}. Blank lines are
 * skipped, unknown fields ignored; every problem is an {@link InputException} at its line.
 */
public final class TextSegReader {
    private TextSegReader() {
    }

    public static List<TextDocument> read(Path path) {
        try (TextLines in = TextLines.open(path)) {
            return read(in);
        }
    }

    public static List<TextDocument> read(TextLines in) {
        List<TextDocument> documents = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        String line;
        while ((line = in.next()) != null) {
            if (line.isBlank()) {
                continue;
            }
            TextDocument d = parse(line, in);
            if (!seen.add(d.id())) {
                throw in.error("document '" + d.id() + "' appears a second time");
            }
            documents.add(d);
        }
        if (documents.isEmpty()) {
            throw new InputException(in.source(), 0, "empty file: no document");
        }
        return documents;
    }

    /** The fields of one line as read, before they are checked against each other. */
    private static final class Fields {
        String id;
        int[] masses;
        String boundaries;
        Integer length;
        int[][] segments;
    }

    private static TextDocument parse(String line, TextLines in) {
        Fields f = new Fields();
        JsonLine.parseObject(line, in, (name, value, p) -> {
            switch (name) {
                case "id" -> f.id = JsonLine.id(value, p, in);
                case "masses" -> f.masses = masses(value, p, in);
                case "boundaries" -> {
                    if (value != JsonToken.VALUE_STRING) {
                        throw in.error("\"boundaries\" must be a string of '0' and '1', one per gap between units");
                    }
                    f.boundaries = p.getText();
                }
                case "length" -> f.length = JsonLine.nonNegativeInt(value, p, in, "\"length\"");
                case "segments" -> f.segments = ranges(value, p, in);
                default -> p.skipChildren();
            }
        });
        if (f.id == null) {
            throw in.error("missing \"id\"");
        }
        int forms = (f.masses != null ? 1 : 0) + (f.boundaries != null ? 1 : 0)
                + (f.length != null || f.segments != null ? 1 : 0);
        if (forms != 1) {
            throw in.error(forms == 0
                    ? "missing \"masses\", \"boundaries\" or \"length\" with \"segments\""
                    : "give one of \"masses\", \"boundaries\" or \"length\" with \"segments\", not several");
        }
        try {
            Segmentation s;
            if (f.masses != null) {
                s = Segmentation.ofMasses(f.masses);
            } else if (f.boundaries != null) {
                s = Segmentation.ofBoundaryString(f.boundaries);
            } else {
                if (f.length == null || f.segments == null) {
                    throw in.error("a partial segmentation needs both \"length\" and \"segments\"");
                }
                s = Segmentation.ofPartial(f.length, f.segments);
            }
            return new TextDocument(f.id, s, in.lineNumber());
        } catch (IllegalArgumentException e) {
            throw in.error(e.getMessage());
        }
    }

    private static int[] masses(JsonToken value, JsonParser p, TextLines in) throws IOException {
        if (value != JsonToken.START_ARRAY) {
            throw in.error("\"masses\" must be an array of segment lengths");
        }
        int[] masses = new int[16];
        int n = 0;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (n == masses.length) {
                masses = Arrays.copyOf(masses, 2 * n);
            }
            masses[n] = JsonLine.nonNegativeInt(p.currentToken(), p, in, "mass " + n);
            n++;
        }
        return Arrays.copyOf(masses, n);
    }

    private static int[][] ranges(JsonToken value, JsonParser p, TextLines in) throws IOException {
        if (value != JsonToken.START_ARRAY) {
            throw in.error("\"segments\" must be an array of [start, end] pairs");
        }
        List<int[]> ranges = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
            String what = "segment " + ranges.size();
            if (p.currentToken() != JsonToken.START_ARRAY) {
                throw in.error(what + " must be a [start, end] pair");
            }
            int start = JsonLine.nonNegativeInt(p.nextToken(), p, in, what + " start");
            int end = JsonLine.nonNegativeInt(p.nextToken(), p, in, what + " end");
            if (p.nextToken() != JsonToken.END_ARRAY) {
                throw in.error(what + " must be a [start, end] pair, with nothing more");
            }
            ranges.add(new int[] {start, end});
        }
        return ranges.toArray(new int[0][]);
    }
}
