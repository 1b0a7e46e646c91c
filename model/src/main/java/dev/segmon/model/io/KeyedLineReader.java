package dev.segmon.model.io;

import dev.segmon.model.alignment.Segment;
import dev.segmon.model.alignment.Utterance;
import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The line formats where every line carries its utterance id and one segment (CTM, {@code file
 * onset offset symbol} alignments). An utterance is the run of consecutive lines with one id, so
 * only that run is in memory; an id that comes back after another id is bad input (the reader
 * could not know the utterance was complete), reported with the hint to sort the file stably by
 * its first column, which keeps each utterance's lines in their order.
 */
final class KeyedLineReader extends LookaheadUtteranceReader {
    private static final Pattern FIELDS = Pattern.compile("\\s+");

    /** One parsed data line. */
    record Line(String id, Segment segment) {
    }

    /** Parses one data line (already known not to be blank or a comment) into an id and a segment. */
    interface LineParser {
        Line parse(String[] fields, String file, long line);
    }

    private final BufferedReader in;
    private final LineParser parser;
    private final String commentPrefix;
    private final Set<String> done = new HashSet<>();
    private long lineNumber;
    private boolean sawData;
    private Line pending;
    private boolean exhausted;

    /**
     * @param commentPrefix lines starting with it are skipped ({@code ;;} in CTM), or {@code null}
     */
    KeyedLineReader(String source, BufferedReader in, LineParser parser, String commentPrefix) {
        super(source);
        this.in = in;
        this.parser = parser;
        this.commentPrefix = commentPrefix;
    }

    @Override
    Utterance readNext() {
        Line first = pending != null ? pending : readLine();
        pending = null;
        if (first == null) {
            return null;
        }
        String id = first.id();
        if (!done.add(id)) {
            throw new InputException(source(), lineNumber, "utterance '" + id
                    + "' appears again after other utterances: an utterance's lines must be together"
                    + " (sort the file stably by its first column: sort -s -k1,1)");
        }
        List<Segment> segments = new ArrayList<>();
        segments.add(first.segment());
        Line line;
        while ((line = readLine()) != null) {
            if (!line.id().equals(id)) {
                pending = line;
                break;
            }
            segments.add(line.segment());
        }
        return new Utterance.Segmented(id, segments);
    }

    private Line readLine() {
        if (exhausted) {
            return null;
        }
        try {
            String text;
            while ((text = in.readLine()) != null) {
                lineNumber++;
                String trimmed = TextInput.checkDecoded(text, source(), lineNumber).strip();
                if (trimmed.isEmpty() || (commentPrefix != null && trimmed.startsWith(commentPrefix))) {
                    continue;
                }
                sawData = true;
                return parser.parse(FIELDS.split(trimmed), source(), lineNumber);
            }
        } catch (IOException e) {
            throw new InputException(source(), lineNumber + 1, "cannot read: " + TextInput.describe(e));
        }
        exhausted = true;
        if (!sawData) {
            throw new InputException(source(), 0, lineNumber == 0 ? "empty file: no utterance" : "empty file: no data line, only blank or comment lines");
        }
        return null;
    }

    @Override
    public void close() {
        close(in);
    }
}
