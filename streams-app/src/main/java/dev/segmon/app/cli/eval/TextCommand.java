package dev.segmon.app.cli.eval;

import dev.segmon.app.cli.support.JsonOutput;
import dev.segmon.app.cli.support.Table;
import dev.segmon.app.cli.support.UsageException;
import dev.segmon.model.textseg.TextDocument;
import dev.segmon.model.textseg.TextSegReader;
import dev.segmon.model.textseg.TextSegScorer;
import dev.segmon.model.textseg.WindowRule;
import dev.segmon.model.textseg.WindowSize;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code segmon eval text}: Pk and WindowDiff of text segmentation (docs/contract.md 2.5). */
@Command(name = "text",
        mixinStandardHelpOptions = true,
        description = "Pk and WindowDiff of linear (text) segmentation, per document and averaged.")
public final class TextCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--ref", required = true, paramLabel = "R", description = "Reference documents (JSONL).")
    Path reference;

    @Option(names = "--hyp", required = true, paramLabel = "H", description = "Hypothesis documents (JSONL).")
    Path hypothesis;

    @Option(names = "--k", paramLabel = "N", description = "Window size in units, the same for every document.")
    Integer k;

    @Option(names = "--k-rule", paramLabel = "RULE",
            description = "Default window of a tool: nltk, segeval (the default: half the mean reference segment length, halves to even, at least 2) or choi.")
    String kRule;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Override
    public Integer call() {
        WindowSize window = window();
        List<TextDocument> ref = TextSegReader.read(reference);
        List<TextDocument> hyp = TextSegReader.read(hypothesis);
        TextSegScorer.Result result = TextSegScorer.score(reference.toString(), ref, hypothesis.toString(), hyp, window);
        if (json) {
            JsonOutput.print(spec.commandLine().getOut(), toJson(result));
        } else {
            table(result).print(spec.commandLine().getOut());
        }
        return 0;
    }

    private WindowSize window() {
        if (k != null && kRule != null) {
            throw new UsageException("give --k or --k-rule, not both");
        }
        if (k != null) {
            if (k < 1) {
                throw new UsageException("--k must be at least 1, not " + k);
            }
            return WindowSize.fixed(k);
        }
        if (kRule == null) {
            return WindowRule.SEGEVAL;
        }
        try {
            return WindowRule.parse(kRule);
        } catch (IllegalArgumentException e) {
            throw new UsageException("unknown --k-rule '" + kRule + "': use nltk, segeval or choi");
        }
    }

    static Map<String, Object> toJson(TextSegScorer.Result result) {
        List<Map<String, Object>> documents = new ArrayList<>(result.documents().size());
        for (TextSegScorer.DocumentScore d : result.documents()) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("id", d.id());
            o.put("pk", d.counts().pk());
            o.put("windowdiff", d.counts().windowDiff());
            o.put("k", d.k());
            documents.add(o);
        }
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("documents", documents);
        o.put("pk", result.pk());
        o.put("windowdiff", result.windowDiff());
        o.put("k", result.commonK());
        return o;
    }

    private static Table table(TextSegScorer.Result result) {
        Integer k = result.commonK();
        return new Table()
                .number("Pk (mean)", result.pk())
                .number("WindowDiff (mean)", result.windowDiff())
                .text("k", k == null ? "differs by document" : Integer.toString(k))
                .count("documents", result.documents().size());
    }
}
