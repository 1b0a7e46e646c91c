package dev.segmon.app.cli.support;

import dev.segmon.model.io.AlignmentFormat;
import dev.segmon.model.io.IdFilteredReader;
import dev.segmon.model.io.UtteranceLabels;
import dev.segmon.model.io.UtteranceReader;
import dev.segmon.model.io.UtteranceReaders;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Predicate;
import picocli.CommandLine.Option;

/**
 * {@code --slice-by KEY}, {@code --labels FILE} and {@code --reference-labels FILE}: scores per
 * slice, as the monitor books them with {@code run --slice-keys} (docs/slices.md). An utterance's
 * labels are its hypothesis line's {@code "labels"} (JSONL), then the side file's for the keys the
 * hypothesis did not set; a key still without a value takes the reference side's, read alike (its
 * line's, then {@code --reference-labels}); an utterance without a label for the key is in the
 * slice {@code none}.
 */
public final class SliceOptions {
    /** The slice of an utterance without a label for the key, as the monitor names it. */
    public static final String UNLABELLED = dev.segmon.app.state.Slice.UNLABELLED;

    @Option(names = "--slice-by", split = ",", paramLabel = "KEY",
            description = "Also score each value of these label keys on its own (the labels of the hypothesis' JSONL lines and --labels).")
    List<String> keys = List.of();

    @Option(names = "--labels", paramLabel = "FILE",
            description = "Labels per utterance: tab-separated lines 'id key=value...' (for keys the hypothesis did not set).")
    Path sideFile;

    @Option(names = "--reference-labels", paramLabel = "FILE",
            description = "Labels per utterance known on the reference side, same format: for keys neither the hypothesis nor --labels set.")
    Path referenceSideFile;

    public List<String> keys() {
        return keys;
    }

    public boolean active() {
        return !keys.isEmpty();
    }

    /**
     * The labels of the utterances (files read as {@code format}, null: detected; a null file: none
     * of its lines' labels): the hypothesis side's, each key they lack taken from the reference side's.
     */
    public UtteranceLabels labels(Path hypothesis, Path reference, AlignmentFormat format) {
        return labels(hypothesis, format, sideFile).filledFrom(labels(reference, format, referenceSideFile));
    }

    /** The labels of a JSONL {@code hypothesis}'s lines (null: a file that is no alignment), then a side file's (null: none). */
    public static UtteranceLabels labels(Path hypothesis, AlignmentFormat format, Path sideFile) {
        UtteranceLabels out = new UtteranceLabels();
        AlignmentFormat f = hypothesis == null ? null : format != null ? format : UtteranceReaders.detect(hypothesis);
        if (f == AlignmentFormat.JSONL && hypothesis.toFile().isFile()) {
            out.addJsonl(hypothesis);
        }
        if (sideFile != null) {
            out.addSideFile(sideFile);
        }
        return out;
    }

    /** The values of {@code key} the labels name, and {@link #UNLABELLED}, sorted. */
    public static SortedSet<String> values(UtteranceLabels labels, String key, Iterable<String> ids) {
        SortedSet<String> out = new TreeSet<>();
        for (String id : ids) {
            out.add(valueOf(labels, key, id));
        }
        return out;
    }

    public static String valueOf(UtteranceLabels labels, String key, String id) {
        String v = labels.value(id, key);
        return v == null ? UNLABELLED : v;
    }

    /** The utterances of {@code in} in the slice {@code key=value}. */
    public static UtteranceReader slice(UtteranceReader in, UtteranceLabels labels, String key, String value) {
        return new IdFilteredReader(in, id -> valueOf(labels, key, id).equals(value));
    }

    /**
     * Each key's slices, in the order given, and each slice's result: {@code score} is handed the
     * test of whether an utterance id is in the slice, for every value {@link #values} finds among
     * {@code ids} (empty without {@code --slice-by}).
     */
    public <R> Map<String, Map<String, R>> bySlice(UtteranceLabels labels, Iterable<String> ids, Function<Predicate<String>, R> score) {
        Map<String, Map<String, R>> out = new LinkedHashMap<>();
        for (String key : keys) {
            Map<String, R> results = new LinkedHashMap<>();
            for (String value : values(labels, key, ids)) {
                results.put(value, score.apply(id -> valueOf(labels, key, id).equals(value)));
            }
            out.put(key, results);
        }
        return out;
    }

    /** The JSON output's {@code "slices"}: {KEY: {VALUE: the slice's result as {@code json} writes it}}. */
    public static <R> Map<String, Object> json(Map<String, Map<String, R>> bySlice, Function<R, Object> json) {
        Map<String, Object> out = new LinkedHashMap<>();
        bySlice.forEach((key, values) -> {
            Map<String, Object> v = new LinkedHashMap<>();
            values.forEach((value, r) -> v.put(value, json.apply(r)));
            out.put(key, v);
        });
        return out;
    }

    /** The table output's sections, one per slice, headed {@code slice KEY=VALUE}. */
    public static <R> void print(PrintWriter out, Map<String, Map<String, R>> bySlice, Function<R, Table> table) {
        bySlice.forEach((key, values) -> values.forEach((value, r) -> {
            out.println();
            out.println("slice " + key + "=" + value);
            table.apply(r).print(out);
        }));
    }
}
