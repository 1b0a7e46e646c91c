package dev.segmon.app.cli.eval;

import dev.segmon.app.cli.AlignmentInputOptions;
import dev.segmon.app.cli.JsonOutput;
import dev.segmon.app.cli.SecondsConverter;
import dev.segmon.app.cli.Table;
import dev.segmon.app.cli.UsageException;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.boundary.BoundaryScorer;
import dev.segmon.model.boundary.BoundaryScores;
import dev.segmon.model.boundary.CorpusBoundaryResult;
import dev.segmon.model.boundary.Matching;
import dev.segmon.model.io.UtteranceReader;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code segmon eval boundaries}: boundary P/R/F1/HR/OS/R-value (INTERFACE.md 2.1). */
@Command(name = "boundaries",
        mixinStandardHelpOptions = true,
        description = "Boundary precision, recall, F1, hit rate, over-segmentation and R-value.")
public final class BoundariesCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--ref", required = true, paramLabel = "R", description = "Reference alignment.")
    Path reference;

    @Option(names = "--hyp", required = true, paramLabel = "H", description = "Hypothesis alignment.")
    Path hypothesis;

    @Option(names = "--tolerance", paramLabel = "SECONDS", converter = SecondsConverter.class,
            description = "A hit needs |hyp - ref| <= tolerance (default: ${DEFAULT-VALUE}).")
    double tolerance = BoundaryScorer.DEFAULT_TOLERANCE_SECONDS;

    @Option(names = "--matching", paramLabel = "MODE", defaultValue = "one-to-one",
            description = "one-to-one (maximum matching, as mir_eval) or many-to-one (as UnsupSeg).")
    String matching;

    @Option(names = "--trim-edges", description = "Drop the first and last boundary of each utterance on both sides.")
    boolean trimEdges;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Mixin
    AlignmentInputOptions input;

    @Override
    public Integer call() {
        BoundaryScorer scorer = BoundaryScorer.builder()
                .tolerance(tolerance)
                .matching(matching())
                .trimEdges(trimEdges)
                .ignoreLabels(input.ignoredLabels())
                .build();
        CorpusBoundaryResult result;
        try (UtteranceReader ref = input.open(reference); UtteranceReader hyp = input.open(hypothesis)) {
            result = scorer.score(ref, hyp);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            JsonOutput.print(out, toJson(result, scorer));
        } else {
            table(result, scorer).print(out);
        }
        return 0;
    }

    private Matching matching() {
        return switch (matching.toLowerCase(Locale.ROOT)) {
            case "one-to-one" -> Matching.ONE_TO_ONE;
            case "many-to-one" -> Matching.MANY_TO_ONE;
            default -> throw new UsageException("unknown --matching '" + matching + "': use one-to-one or many-to-one");
        };
    }

    /** The keys of INTERFACE.md 2.1, in its order. */
    static Map<String, Object> toJson(CorpusBoundaryResult result, BoundaryScorer scorer) {
        BoundaryCounts c = result.counts();
        BoundaryScores s = result.scores();
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("n_ref", c.reference());
        o.put("n_hyp", c.hypothesis());
        if (scorer.matching() == Matching.ONE_TO_ONE) {
            o.put("hits", c.hits());
        } else {
            o.put("hits_hyp", c.hypothesisHits());
            o.put("hits_ref", c.referenceHits());
        }
        o.put("precision", s.precision());
        o.put("recall", s.recall());
        o.put("f1", s.f1());
        o.put("hr", s.hitRate());
        o.put("os", s.overSegmentation());
        o.put("r_value", s.rValue());
        o.put("tolerance", scorer.toleranceSeconds());
        o.put("matching", scorer.matching() == Matching.ONE_TO_ONE ? "one-to-one" : "many-to-one");
        o.put("utterances", result.utterances());
        o.put("unpaired", result.unpaired());
        return o;
    }

    private static Table table(CorpusBoundaryResult result, BoundaryScorer scorer) {
        BoundaryCounts c = result.counts();
        BoundaryScores s = result.scores();
        Table t = new Table()
                .count("reference boundaries", c.reference())
                .count("hypothesis boundaries", c.hypothesis());
        if (scorer.matching() == Matching.ONE_TO_ONE) {
            t.count("hits", c.hits());
        } else {
            t.count("hits (hypothesis)", c.hypothesisHits()).count("hits (reference)", c.referenceHits());
        }
        t.ratio("precision", s.precision())
                .ratio("recall (hit rate)", s.recall())
                .ratio("F1", s.f1())
                .ratio("over-segmentation", s.overSegmentation())
                .number("R-value", s.rValue())
                .text("tolerance", scorer.toleranceSeconds() + " s, " + (scorer.matching() == Matching.ONE_TO_ONE ? "one-to-one" : "many-to-one"))
                .count("utterances", result.utterances())
                .text("unpaired", result.unpaired().isEmpty() ? "none" : result.unpaired().size() + ": " + abbreviate(result.unpaired()));
        return t;
    }

    private static String abbreviate(java.util.List<String> ids) {
        return ids.size() <= 10 ? String.join(" ", ids) : String.join(" ", ids.subList(0, 10)) + " ...";
    }
}
