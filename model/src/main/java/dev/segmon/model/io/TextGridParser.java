package dev.segmon.model.io;

import dev.segmon.model.alignment.Segment;
import java.util.ArrayList;
import java.util.List;

/**
 * The TextGrid grammar over the tokens (praat/fon/TextGrid_def.h): file type and object class
 * strings, xmin, xmax, the tiers flag, the tier count, then per tier its class, name, xmin,
 * xmax, item count and items (xmin, xmax, text for intervals; time, mark for points).
 */
final class TextGridParser {
    private final TextGridTokenizer tokens;
    private final String file;
    private TextGridTokenizer.Token last;

    TextGridParser(TextGridTokenizer tokens, String file) {
        this.tokens = tokens;
        this.file = file;
    }

    List<TextGridReader.Tier> textGrid() {
        TextGridTokenizer.Token first = tokens.next();
        if (first.kind() == TextGridTokenizer.Kind.END && !tokens.sawText()) {
            throw new InputException(file, 0, "empty file: no TextGrid");
        }
        if (first.kind() != TextGridTokenizer.Kind.STRING || !first.text().startsWith("ooTextFile")) {
            throw new InputException(file, first.line(), "not a Praat text TextGrid: expected File type = \"ooTextFile\""
                    + (first.text().contains("ooBinaryFile") ? " (binary TextGrids are not read: save as text file in Praat)" : ""));
        }
        String objectClass = string("the object class");
        if (!objectClass.startsWith("TextGrid")) {
            throw new InputException(file, last.line(), "not a TextGrid: the object class is '" + objectClass + "'");
        }
        time("xmin");
        time("xmax");
        TextGridTokenizer.Token flag = expect(TextGridTokenizer.Kind.FLAG, "<exists> or <absent>");
        List<TextGridReader.Tier> tiers = new ArrayList<>();
        if (flag.text().equals("<absent>")) {
            return tiers;
        }
        int n = count("tier count");
        for (int i = 1; i <= n; i++) {
            tiers.add(tier(i));
        }
        TextGridTokenizer.Token extra = tokens.next();
        if (extra.kind() != TextGridTokenizer.Kind.END) {
            throw new InputException(file, extra.line(), "text after the last of the " + n + " tiers the header announces");
        }
        return tiers;
    }

    private TextGridReader.Tier tier(int position) {
        String tierClass = string("tier " + position + "'s class");
        long line = last.line();
        boolean intervals = tierClass.equals("IntervalTier");
        if (!intervals && !tierClass.equals("TextTier")) {
            throw new InputException(file, line, "tier " + position + " has class '" + tierClass + "', not IntervalTier or TextTier");
        }
        String name = string("tier " + position + "'s name");
        time("tier xmin");
        time("tier xmax");
        int n = count(intervals ? "interval count" : "point count");
        List<Segment> segments = new ArrayList<>(intervals ? n : 0);
        for (int i = 0; i < n; i++) {
            if (intervals) {
                double start = time("interval xmin");
                long startLine = last.line();
                double end = time("interval xmax");
                if (end < start) {
                    throw new InputException(file, startLine, "interval " + (i + 1) + " of tier '" + name
                            + "' ends before it starts (" + start + " > " + end + ")");
                }
                segments.add(new Segment(start, end, string("interval text")));
            } else {
                time("point time");
                string("point mark");
            }
        }
        return new TextGridReader.Tier(position, intervals, name, segments);
    }

    private TextGridTokenizer.Token expect(TextGridTokenizer.Kind kind, String what) {
        TextGridTokenizer.Token t = tokens.next();
        if (t.kind() == TextGridTokenizer.Kind.END) {
            throw new InputException(file, t.line(), "truncated file: expected " + what + ", found the end of the file");
        }
        if (t.kind() != kind) {
            throw new InputException(file, t.line(), "expected " + what + ", found "
                    + (t.kind() == TextGridTokenizer.Kind.STRING ? "\"" + t.text() + "\"" : t.text()));
        }
        last = t;
        return t;
    }

    private String string(String what) {
        return expect(TextGridTokenizer.Kind.STRING, what + " (a quoted string)").text();
    }

    private double time(String what) {
        TextGridTokenizer.Token t = expect(TextGridTokenizer.Kind.NUMBER, what + " (a number)");
        return Times.parse(t.text(), what, file, t.line());
    }

    private int count(String what) {
        TextGridTokenizer.Token t = expect(TextGridTokenizer.Kind.NUMBER, what + " (a number)");
        try {
            int n = Integer.parseInt(t.text());
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new InputException(file, t.line(), what + " is not a whole number >= 0: '" + t.text() + "'");
    }
}
