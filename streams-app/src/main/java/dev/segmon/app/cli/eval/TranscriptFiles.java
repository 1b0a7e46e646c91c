package dev.segmon.app.cli.eval;

import dev.segmon.app.cli.support.AlignmentInputOptions;
import dev.segmon.app.cli.support.SliceOptions;
import dev.segmon.model.alignment.Utterance;
import dev.segmon.model.edit.KaldiTextReader;
import dev.segmon.model.edit.Transcript;
import dev.segmon.model.edit.Vocabulary;
import dev.segmon.model.io.AlignmentFormat;
import dev.segmon.model.io.InputException;
import dev.segmon.model.io.ReadOptions;
import dev.segmon.model.io.UtteranceLabels;
import dev.segmon.model.io.UtteranceReader;
import dev.segmon.model.io.UtteranceReaders;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;
import picocli.CommandLine.Option;

/**
 * The inputs WER and NED share (docs/contract.md 2.4): two Kaldi text files, or two alignments
 * of any format of 2.6 whose transcript is the word labels in time order; and case folding.
 * A file is read as an alignment when {@code --format} names one or its name says so
 * ({@code .json}, {@code .jsonl}, {@code .TextGrid}, {@code .ctm}, or a folder); every other
 * file is Kaldi text, as it always was.
 */
public final class TranscriptFiles {
    @Option(names = "--ref", required = true, paramLabel = "R", description = "Reference: Kaldi text (utt-id token token ...) or an alignment.")
    Path reference;

    @Option(names = "--hyp", required = true, paramLabel = "H", description = "Hypothesis: Kaldi text or an alignment.")
    Path hypothesis;

    @Option(names = "--ignore-case", description = "Compare tokens case-insensitively.")
    boolean ignoreCase;

    @Option(names = "--format", paramLabel = "FORMAT", completionCandidates = AlignmentInputOptions.FormatNames.class,
            description = "Read both files as alignments of this format (${COMPLETION-CANDIDATES}); default: Kaldi text,"
                    + " except .json, .jsonl, .TextGrid, .ctm files and folders, read as alignments by extension and content.")
    String format;

    @Option(names = "--tier", paramLabel = "NAME", description = "The tier or unit of an alignment (as eval boundaries --tier).")
    String tier;

    private List<Transcript> ref;
    private List<Transcript> hyp;

    /** Reads both files, tokens interned in one shared vocabulary; words without times are reported on {@code err}. */
    void read(PrintWriter err) {
        Vocabulary vocabulary = new Vocabulary(ignoreCase);
        ReadOptions options = new ReadOptions(AlignmentInputOptions.format(format), tier);
        ref = read(reference, options, vocabulary, err);
        hyp = read(hypothesis, options, vocabulary, err);
    }

    private static List<Transcript> read(Path path, ReadOptions options, Vocabulary vocabulary, PrintWriter err) {
        if (options.format() == null && !namesAnAlignment(path)) {
            return KaldiTextReader.read(path, vocabulary);
        }
        List<Transcript> out = new ArrayList<>();
        try (UtteranceReader r = UtteranceReaders.open(path, options)) {
            while (r.hasNext()) {
                Utterance u = r.next();
                out.add(new Transcript(u.id(), r.words(u).stream().mapToInt(vocabulary::intern).toArray(), 0));
            }
            AlignmentInputOptions.reportUntimed(r, err);
        }
        if (out.isEmpty()) {
            throw new InputException(path, 0, "empty input: no utterance");
        }
        return out;
    }

    /** Whether the name alone marks an alignment rather than Kaldi text (which has no customary extension). */
    static boolean namesAnAlignment(Path path) {
        if (Files.isDirectory(path)) {
            return true;
        }
        String name = path.getFileName() == null ? "" : path.getFileName().toString().toLowerCase(Locale.ROOT);
        return name.endsWith(".json") || name.endsWith(".jsonl") || name.endsWith(".textgrid") || name.endsWith(".ctm");
    }

    /** The labels {@code slices} reads: each side's JSONL lines' where it is read as an alignment, then its side file's. */
    UtteranceLabels labels(SliceOptions slices) {
        AlignmentFormat f = AlignmentInputOptions.format(format);
        return slices.labels(f != null || namesAnAlignment(hypothesis) ? hypothesis : null,
                f != null || namesAnAlignment(reference) ? reference : null, f);
    }

    /** The ids of both sides as read, hypothesis first. */
    Set<String> ids() {
        Set<String> ids = new LinkedHashSet<>();
        hyp.forEach(t -> ids.add(t.id()));
        ref.forEach(t -> ids.add(t.id()));
        return ids;
    }

    /** The transcripts of {@code all} whose id passes {@code in}. */
    static List<Transcript> only(List<Transcript> all, Predicate<String> in) {
        return all.stream().filter(t -> in.test(t.id())).toList();
    }

    List<Transcript> ref() {
        return ref;
    }

    List<Transcript> hyp() {
        return hyp;
    }

    static String abbreviate(List<String> ids) {
        if (ids.isEmpty()) {
            return "none";
        }
        return ids.size() + ": " + (ids.size() <= 10 ? String.join(" ", ids) : String.join(" ", ids.subList(0, 10)) + " ...");
    }
}
