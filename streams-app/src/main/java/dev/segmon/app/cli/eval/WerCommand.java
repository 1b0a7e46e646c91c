package dev.segmon.app.cli.eval;

import dev.segmon.app.cli.support.JsonOutput;
import dev.segmon.app.cli.support.SliceOptions;
import dev.segmon.app.cli.support.Table;
import dev.segmon.app.cli.support.UsageException;
import dev.segmon.model.edit.EditCosts;
import dev.segmon.model.edit.EditCounts;
import dev.segmon.model.edit.EditScorer;
import java.io.PrintWriter;
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

    @Mixin
    SliceOptions slices;

    @Override
    public Integer call() {
        EditCosts weights = costs();
        files.read(spec.commandLine().getErr());
        EditScorer.WerResult result = EditScorer.wer(files.ref(), files.hyp(), weights);
        Map<String, Map<String, EditScorer.WerResult>> bySlice = slices.active()
                ? slices.bySlice(files.labels(slices), files.ids(),
                        in -> EditScorer.wer(TranscriptFiles.only(files.ref(), in), TranscriptFiles.only(files.hyp(), in), weights))
                : Map.of();
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            Map<String, Object> o = toJson(result);
            if (slices.active()) {
                o.put("slices", SliceOptions.json(bySlice, WerCommand::toJson));
            }
            JsonOutput.print(out, o);
        } else {
            table(result, weights).print(out);
            SliceOptions.print(out, bySlice, r -> table(r, weights));
        }
        return 0;
    }

    /** The keys of docs/contract.md 2.4, in its order. */
    static Map<String, Object> toJson(EditScorer.WerResult result) {
        EditCounts c = result.counts();
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("wer", c.wer());
        o.put("sub", c.substitutions());
        o.put("ins", c.insertions());
        o.put("del", c.deletions());
        o.put("n_ref", c.referenceTokens());
        o.put("utterances", result.utterances());
        o.put("unpaired", result.unpaired());
        return o;
    }

    private static Table table(EditScorer.WerResult result, EditCosts weights) {
        EditCounts c = result.counts();
        return new Table()
                .ratio("WER", c.wer())
                .count("substitutions", c.substitutions())
                .count("insertions", c.insertions())
                .count("deletions", c.deletions())
                .count("reference tokens", c.referenceTokens())
                .text("costs", weights.name().toLowerCase(Locale.ROOT))
                .count("utterances", result.utterances())
                .text("unpaired", TranscriptFiles.abbreviate(result.unpaired()));
    }

    private EditCosts costs() {
        try {
            return EditCosts.valueOf(costs.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new UsageException("unknown --costs '" + costs + "': use unit or sclite");
        }
    }
}
