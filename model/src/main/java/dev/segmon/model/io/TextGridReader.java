package dev.segmon.model.io;

import dev.segmon.model.alignment.Segment;
import dev.segmon.model.alignment.Utterance;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Praat TextGrids in the text formats (long and short; UTF-8 or UTF-16 with a BOM, any line
 * ending): one file, or a folder of {@code .TextGrid} files read one at a time in sorted name
 * order. Each file is one utterance, its id the file name without the extension. The chosen
 * interval tier's intervals with a non-blank label become segments; blank intervals are gaps
 * (silence, as Praat and MFA leave them). Point tiers (TextTier) are never chosen.
 *
 * <p>Tier choice (see {@link #select}): a name, {@code NAME#K} (the K-th tier of that name,
 * 1-based), {@code #K} (the K-th tier of the file); without one the file must have a single
 * interval tier. A file where the choice is ambiguous or impossible is bad input whose message
 * lists the tiers and how to name one.
 */
final class TextGridReader implements UtteranceReader {

    /** One tier as read: its 1-based position, class (interval or point tier), name and, for an interval tier, every interval. */
    record Tier(int position, boolean intervals, String name, List<Segment> segments) {
        String describe() {
            return "#" + position + " '" + name + "' (" + (intervals ? "IntervalTier" : "TextTier") + ")";
        }
    }

    private final String source;
    private final List<Path> files;
    private final String tier;
    private final Set<String> seen = new HashSet<>();
    private int index;
    /** The chosen tier's xmax of the file last read: where its last interval (blank or not) ends. */
    private OptionalDouble audioLength = OptionalDouble.empty();

    private TextGridReader(String source, List<Path> files, String tier) {
        this.source = source;
        this.files = files;
        this.tier = tier;
    }

    /** A reader of one TextGrid file, or of every {@code .TextGrid} file directly in a folder. */
    static UtteranceReader open(Path path, String tier) {
        if (!Files.exists(path)) {
            throw new InputException(path, 0, "cannot read: no such file or directory");
        }
        if (!Files.isDirectory(path)) {
            return new TextGridReader(path.toString(), List.of(path), tier);
        }
        List<Path> files = Folder.inputs(path, ".TextGrid");
        return new TextGridReader(path.toString(), files, tier);
    }

    @Override
    public String source() {
        return source;
    }

    @Override
    public OptionalDouble audioLength() {
        return audioLength;
    }

    @Override
    public boolean hasNext() {
        return index < files.size();
    }

    @Override
    public Utterance next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        Path file = files.get(index++);
        String id = Folder.utteranceId(file);
        if (!seen.add(id)) {
            throw new InputException(file, 0, "utterance '" + id + "' appears a second time (two files differ only in the extension's case)");
        }
        List<Tier> tiers = read(file);
        Tier chosen = select(tiers, tier, file.toString());
        // An interval tier tiles [xmin, xmax]: its last interval, blank or not, ends at the tier's
        // xmax, the length Praat records for the sound (a point tier has no such end).
        audioLength = chosen.intervals() ? chosen.segments().stream().mapToDouble(Segment::end).max() : OptionalDouble.empty();
        List<Segment> segments = chosen.segments().stream()
                .filter(s -> !s.label().isBlank())
                .collect(Collectors.toList());
        return new Utterance.Segmented(id, segments);
    }

    /** Every tier of one TextGrid file. */
    static List<Tier> read(Path file) {
        try (BufferedReader in = TextInput.open(file)) {
            return new Parser(new TextGridTokenizer(in, file.toString()), file.toString()).textGrid();
        } catch (IOException e) {
            throw new InputException(file, 0, "cannot read: " + TextInput.describe(e));
        }
    }

    /**
     * The interval tier {@code choice} names, by the rules of the class comment; the
     * {@link InputException} otherwise lists the file's tiers and how to choose.
     */
    static Tier select(List<Tier> tiers, String choice, String file) {
        List<Tier> intervalTiers = tiers.stream().filter(Tier::intervals).toList();
        if (choice == null || choice.isEmpty()) {
            if (intervalTiers.size() == 1) {
                return intervalTiers.get(0);
            }
            if (intervalTiers.isEmpty()) {
                throw new InputException(file, 0, "no interval tier (tiers: " + list(tiers) + ")");
            }
            throw new InputException(file, 0, intervalTiers.size() + " interval tiers, choose one with --tier: "
                    + list(tiers) + "; e.g. " + hint(tiers, intervalTiers.get(0)));
        }
        if (tiers.stream().anyMatch(t -> t.name().equals(choice))) {
            List<Tier> named = intervalTiers.stream().filter(t -> t.name().equals(choice)).toList();
            if (named.size() == 1) {
                return named.get(0);
            }
            if (named.isEmpty()) {
                throw new InputException(file, 0, "tier '" + choice + "' is a TextTier (points), not an interval tier (tiers: " + list(tiers) + ")");
            }
            throw new InputException(file, 0, named.size() + " interval tiers are named '" + choice + "': "
                    + list(tiers) + "; choose one with --tier '" + choice + "#K' (K-th of that name) or --tier '#K' (K-th of the file), e.g. "
                    + hint(tiers, named.get(1)));
        }
        int hash = choice.lastIndexOf('#');
        if (hash >= 0 && hash < choice.length() - 1 && choice.substring(hash + 1).chars().allMatch(Character::isDigit)) {
            String name = choice.substring(0, hash);
            int k = parsePosition(choice.substring(hash + 1));
            List<Tier> candidates = name.isEmpty() ? tiers : tiers.stream().filter(t -> t.name().equals(name)).toList();
            if (k < 1 || k > candidates.size()) {
                String what = name.isEmpty() ? "the file has " + tiers.size() + " tier" + (tiers.size() == 1 ? "" : "s")
                        : candidates.size() + " tier" + (candidates.size() == 1 ? " is" : "s are") + " named '" + name + "'";
                throw new InputException(file, 0, "no tier " + choice + ": " + what + " (tiers: " + list(tiers) + ")");
            }
            Tier t = candidates.get(k - 1);
            if (!t.intervals()) {
                throw new InputException(file, 0, "tier " + choice + " " + t.describe() + " is a TextTier (points), not an interval tier (tiers: " + list(tiers) + ")");
            }
            return t;
        }
        throw new InputException(file, 0, "no tier named '" + choice + "' (tiers: " + list(tiers) + ")");
    }

    private static int parsePosition(String digits) {
        try {
            return Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            return Integer.MAX_VALUE;
        }
    }

    private static String list(List<Tier> tiers) {
        return tiers.isEmpty() ? "none" : tiers.stream().map(Tier::describe).collect(Collectors.joining(", "));
    }

    /** {@code --tier 'NAME#K' or --tier '#P'} for tier {@code t}, or just the name when it is unique. */
    private static String hint(List<Tier> tiers, Tier t) {
        List<Tier> sameName = tiers.stream().filter(x -> x.name().equals(t.name())).toList();
        String byPosition = "--tier '#" + t.position() + "'";
        if (sameName.size() == 1 && !t.name().contains("#")) {
            return "--tier '" + t.name() + "' or " + byPosition;
        }
        return "--tier '" + t.name() + "#" + (sameName.indexOf(t) + 1) + "' or " + byPosition;
    }

    @Override
    public void close() {
        // each file is opened and closed in next()
    }

    /**
     * The TextGrid grammar over the tokens (praat/fon/TextGrid_def.h): file type and object class
     * strings, xmin, xmax, the tiers flag, the tier count, then per tier its class, name, xmin,
     * xmax, item count and items (xmin, xmax, text for intervals; time, mark for points).
     */
    private static final class Parser {
        private final TextGridTokenizer tokens;
        private final String file;
        private TextGridTokenizer.Token last;

        Parser(TextGridTokenizer tokens, String file) {
            this.tokens = tokens;
            this.file = file;
        }

        List<Tier> textGrid() {
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
            List<Tier> tiers = new ArrayList<>();
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

        private Tier tier(int position) {
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
            return new Tier(position, intervals, name, segments);
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
}
