package dev.segmon.app.cli.eval;

import dev.segmon.app.cli.support.JsonOutput;
import dev.segmon.app.cli.support.Table;
import dev.segmon.app.cli.support.UsageException;
import dev.segmon.model.edit.EditCosts;
import dev.segmon.model.edit.EditCounts;
import dev.segmon.model.edit.EditScorer;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code segmon eval wer}: corpus word error rate (docs/contract.md 2.4). */
@Command(name = "wer",
        mixinStandardHelpOptions = true,
        description = "Word error rate pooled over the corpus, with substitutions, insertions and deletions.")
public final class WerCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    TranscriptFiles files;

    @Option(names = "--costs", paramLabel = "COSTS", defaultValue = "unit",
            description = "unit (Levenshtein, as jiwer and Kaldi) or sclite (insertion 3, deletion 3, substitution 4). Default: ${DEFAULT-VALUE}.")
    String costs;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Override
    public Integer call() {
        EditCosts weights = costs();
        files.read(spec.commandLine().getErr());
        EditScorer.WerResult result = EditScorer.wer(files.ref(), files.hyp(), weights);
        EditCounts c = result.counts();
        if (json) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("wer", c.wer());
            o.put("sub", c.substitutions());
            o.put("ins", c.insertions());
            o.put("del", c.deletions());
            o.put("n_ref", c.referenceTokens());
            o.put("utterances", result.utterances());
            o.put("unpaired", result.unpaired());
            JsonOutput.print(spec.commandLine().getOut(), o);
        } else {
            new Table()
                    .ratio("WER", c.wer())
                    .count("substitutions", c.substitutions())
                    .count("insertions", c.insertions())
                    .count("deletions", c.deletions())
                    .count("reference tokens", c.referenceTokens())
                    .text("costs", weights.name().toLowerCase(Locale.ROOT))
                    .count("utterances", result.utterances())
                    .text("unpaired", TranscriptFiles.abbreviate(result.unpaired()))
                    .print(spec.commandLine().getOut());
        }
        return 0;
    }

    private EditCosts costs() {
        try {
            return EditCosts.valueOf(costs.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new UsageException("unknown --costs '" + costs + "': use unit or sclite");
        }
    }
}
