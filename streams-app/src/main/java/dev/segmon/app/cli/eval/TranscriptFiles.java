package dev.segmon.app.cli.eval;

import dev.segmon.model.edit.KaldiTextReader;
import dev.segmon.model.edit.Transcript;
import dev.segmon.model.edit.Vocabulary;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/** The inputs WER and NED share: two Kaldi text files and case folding (docs/contract.md 2.4). */
public final class TranscriptFiles {
    @Option(names = "--ref", required = true, paramLabel = "R", description = "Reference Kaldi text: utt-id token token ...")
    Path reference;

    @Option(names = "--hyp", required = true, paramLabel = "H", description = "Hypothesis Kaldi text.")
    Path hypothesis;

    @Option(names = "--ignore-case", description = "Compare tokens case-insensitively.")
    boolean ignoreCase;

    private List<Transcript> ref;
    private List<Transcript> hyp;

    /** Reads both files, tokens interned in one shared vocabulary. */
    void read() {
        Vocabulary vocabulary = new Vocabulary(ignoreCase);
        ref = KaldiTextReader.read(reference, vocabulary);
        hyp = KaldiTextReader.read(hypothesis, vocabulary);
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
