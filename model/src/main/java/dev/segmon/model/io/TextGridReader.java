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
 * <p>Tier choice (see {@link TierChoice}): a name, {@code NAME#K} (the K-th tier of that name,
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
        Tier chosen = TierChoice.of(tiers, tier, file.toString());
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
            return new TextGridParser(new TextGridTokenizer(in, file.toString()), file.toString()).textGrid();
        } catch (IOException e) {
            throw new InputException(file, 0, "cannot read: " + TextInput.describe(e));
        }
    }

    @Override
    public void close() {
        // each file is opened and closed in next()
    }
}
