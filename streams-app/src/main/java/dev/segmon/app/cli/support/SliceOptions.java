package dev.segmon.app.cli.support;

import dev.segmon.model.io.AlignmentFormat;
import dev.segmon.model.io.IdFilteredReader;
import dev.segmon.model.io.UtteranceLabels;
import dev.segmon.model.io.UtteranceReader;
import dev.segmon.model.io.UtteranceReaders;
import java.nio.file.Path;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import picocli.CommandLine.Option;

/**
 * {@code --slice-by KEY} and {@code --labels FILE}: scores per slice, as the monitor books them with
 * {@code run --slice-keys} (docs/slices.md). An utterance's labels are its hypothesis line's
 * {@code "labels"} (JSONL), then the side file's for the keys the hypothesis did not set; an
 * utterance without a label for the key is in the slice {@code none}.
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

    public List<String> keys() {
        return keys;
    }

    public boolean active() {
        return !keys.isEmpty();
    }

    /** The labels of the utterances of {@code hypothesis} (read as {@code format}, null: detected). */
    public UtteranceLabels labels(Path hypothesis, AlignmentFormat format) {
        return labels(hypothesis, format, sideFile);
    }

    /** The labels of a JSONL {@code hypothesis}'s lines, then a side file's (null: none). */
    public static UtteranceLabels labels(Path hypothesis, AlignmentFormat format, Path sideFile) {
        UtteranceLabels out = new UtteranceLabels();
        AlignmentFormat f = format != null ? format : UtteranceReaders.detect(hypothesis);
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
}
