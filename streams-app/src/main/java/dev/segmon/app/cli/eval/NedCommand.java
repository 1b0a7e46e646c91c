package dev.segmon.app.cli.eval;

import dev.segmon.app.cli.support.JsonOutput;
import dev.segmon.app.cli.support.Table;
import dev.segmon.model.edit.EditScorer;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code segmon eval ned}: mean normalised edit distance over utterances (docs/contract.md 2.4). */
@Command(name = "ned",
        mixinStandardHelpOptions = true,
        description = "Normalised edit distance: Levenshtein / max(len(ref), len(hyp)) per utterance, averaged.")
public final class NedCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    TranscriptFiles files;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Override
    public Integer call() {
        files.read(spec.commandLine().getErr());
        EditScorer.NedResult result = EditScorer.ned(files.ref(), files.hyp());
        if (json) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("ned", result.counts().ned());
            o.put("utterances", result.counts().utterances());
            o.put("unpaired", result.unpaired());
            JsonOutput.print(spec.commandLine().getOut(), o);
        } else {
            new Table()
                    .ratio("NED", result.counts().ned())
                    .count("utterances", result.counts().utterances())
                    .text("unpaired", TranscriptFiles.abbreviate(result.unpaired()))
                    .print(spec.commandLine().getOut());
        }
        return 0;
    }
}
