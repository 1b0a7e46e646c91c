package dev.segmon.app.cli.eval;

import dev.segmon.app.cli.support.UnreferencedOption;

import dev.segmon.app.cli.support.AlignmentInputOptions;
import dev.segmon.app.cli.support.JsonOutput;
import dev.segmon.app.cli.support.TolerancesConverter;
import dev.segmon.app.cli.support.SecondsConverter;
import dev.segmon.app.cli.support.SliceOptions;
import dev.segmon.app.cli.support.Table;
import dev.segmon.app.cli.support.UsageException;
import dev.segmon.model.boundary.BoundaryCounts;
import dev.segmon.model.boundary.BoundaryScorer;
import dev.segmon.model.boundary.BoundaryScores;
import dev.segmon.model.boundary.CorpusBoundaryResult;
import dev.segmon.model.boundary.HitOffsets;
import dev.segmon.model.boundary.HitRule;
import dev.segmon.model.boundary.Matching;
import dev.segmon.model.boundary.Tolerances;
import dev.segmon.model.interval.BoundaryIntervals;
import dev.segmon.model.io.IdFilteredReader;
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

/** {@code segmon eval boundaries}: boundary P/R/F1/HR/OS/R-value (docs/contract.md 2.1) and their intervals (2.1.1). */
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

    @Option(names = "--tolerance", paramLabel = "SECONDS|TIER=SECONDS,...", converter = TolerancesConverter.class,
            description = "A hit needs |hyp - ref| <= tolerance; per tier as words=0.2,phones=0.02, the --tier scored"
                    + " taking its own (a tier not named, or no --tier: the bare value, else 0.02; default: ${DEFAULT-VALUE}).")
    Tolerances tolerance = Tolerances.of(BoundaryScorer.DEFAULT_TOLERANCE_SECONDS);

    @Option(names = "--hit-rule", paramLabel = "RULE", defaultValue = "time",
            description = "time: a pair within the tolerance is a hit; label: only where the words on either side agree"
                    + " (one-to-one only; bare times carry no words, so no hit).")
    String hitRule;

    @Option(names = "--matching", paramLabel = "MODE", defaultValue = "one-to-one",
            description = "one-to-one (maximum matching, as mir_eval) or many-to-one (as UnsupSeg).")
    String matching;

    @Option(names = "--trim-edges", description = "Drop the first and last boundary of each utterance on both sides.")
    boolean trimEdges;

    @Mixin
    UnreferencedOption unreferenced;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Option(names = "--confidence", arity = "0..1", paramLabel = "LEVEL", fallbackValue = "0.95",
            description = "Add utterance-level (cluster-robust) intervals for P, R, F1 and OS at LEVEL (default 0.95).")
    Double confidence;

    @Mixin
    AlignmentInputOptions input;

    @Mixin
    SliceOptions slices;

    @Override
    public Integer call() {
        BoundaryScorer scorer = BoundaryScorer.builder()
                .tolerance(tolerance.seconds(input.readOptions().tier()))
                .hitRule(hitRule())
                .matching(matching())
                .trimEdges(trimEdges)
                .ignoreLabels(input.ignoredLabels())
                .unreferenced(unreferenced.value())
                .build();
        double level = checkedConfidence();
        BoundaryIntervals intervals = new BoundaryIntervals();
        CorpusBoundaryResult result;
        try (UtteranceReader ref = input.open(reference); UtteranceReader hyp = input.open(hypothesis)) {
            result = scorer.score(ref, hyp, intervals);
            AlignmentInputOptions.reportUntimed(ref, spec.commandLine().getErr());
            AlignmentInputOptions.reportUntimed(hyp, spec.commandLine().getErr());
        }
        Map<String, Map<String, CorpusBoundaryResult>> bySlice = slices.active()
                ? slices.bySlice(slices.labels(hypothesis, reference, input.readOptions().format()), input.ids(hypothesis, reference), in -> {
                    try (UtteranceReader ref = new IdFilteredReader(input.open(reference), in);
                         UtteranceReader hyp = new IdFilteredReader(input.open(hypothesis), in)) {
                        return scorer.score(ref, hyp, new BoundaryIntervals());
                    }
                })
                : Map.of();
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            Map<String, Object> o = toJson(result, scorer);
            if (slices.active()) {
                o.put("slices", SliceOptions.json(bySlice, r -> toJson(r, scorer)));
            }
            if (confidence != null) {
                Map<String, Object> iv = new LinkedHashMap<>();
                intervals.intervals(level, scorer.matching() == Matching.MANY_TO_ONE).forEach((m, i) -> iv.put(m.key(), i == null ? null : i.toArray()));
                o.put("intervals", iv);
                o.put("confidence", level);
            }
            JsonOutput.print(out, o);
        } else {
            Table t = table(result, scorer);
            if (confidence != null) {
                intervals.intervals(level, scorer.matching() == Matching.MANY_TO_ONE).forEach((m, i) -> t.text(m.key() + " " + percent(level) + " interval",
                        i == null ? "null" : String.format(Locale.ROOT, "[%.4f, %.4f]", i.lower(), i.upper())));
            }
            t.print(out);
            SliceOptions.print(out, bySlice, r -> table(r, scorer));
        }
        return 0;
    }

    private double checkedConfidence() {
        if (confidence == null) {
            return 0.95;
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new UsageException("--confidence must be a level between 0 and 1 (e.g. 0.95), not " + confidence);
        }
        return confidence;
    }

    private static String percent(double level) {
        return new java.math.BigDecimal(Double.toString(100 * level)).stripTrailingZeros().toPlainString() + "%";
    }


    private HitRule hitRule() {
        try {
            HitRule rule = HitRule.parse(hitRule);
            if (rule == HitRule.LABEL && matching() != Matching.ONE_TO_ONE) {
                throw new UsageException("--hit-rule label needs --matching one-to-one");
            }
            return rule;
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    private Matching matching() {
        return switch (matching.toLowerCase(Locale.ROOT)) {
            case "one-to-one" -> Matching.ONE_TO_ONE;
            case "many-to-one" -> Matching.MANY_TO_ONE;
            default -> throw new UsageException("unknown --matching '" + matching + "': use one-to-one or many-to-one");
        };
    }

    /** The keys of docs/contract.md 2.1, in its order. */
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
        if (scorer.hitRule() == HitRule.LABEL) {
            o.put("hit_rule", scorer.hitRule().label());
        }
        o.put("utterances", result.utterances());
        o.put("unpaired", result.unpaired());
        HitOffsets offsets = result.offsets();
        if (offsets != null) {
            o.put("offset_bias", offsets.meanSeconds());
            o.put("signed_offset_buckets", offsets.toleranceMicros() == 0 ? null : signedBuckets(offsets));
        }
        return o;
    }

    /**
     * The hits at or below each bound (cumulative, as the live histogram's {@code le}), keyed by the
     * bound as Prometheus writes it ({@code "-0.02"}, {@code "0.0"}, {@code "+Inf"}).
     */
    static Map<String, Long> signedBuckets(HitOffsets offsets) {
        double[] bounds = HitOffsets.boundsSeconds(offsets.toleranceMicros());
        long[] counts = offsets.cumulative();
        Map<String, Long> out = new LinkedHashMap<>();
        for (int i = 0; i < bounds.length; i++) {
            out.put(Double.isInfinite(bounds[i]) ? "+Inf" : Double.toString(bounds[i]), counts[i]);
        }
        return out;
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
                .text("tolerance", scorer.toleranceSeconds() + " s, " + (scorer.matching() == Matching.ONE_TO_ONE ? "one-to-one" : "many-to-one")
                        + (scorer.hitRule() == HitRule.LABEL ? ", label-aware hits" : ""))
                .count("utterances", result.utterances())
                .text("unpaired", result.unpaired().isEmpty() ? "none" : result.unpaired().size() + ": " + abbreviate(result.unpaired()));
        if (result.offsets() != null) {
            Double bias = result.offsets().meanSeconds();
            t.text("offset bias (hyp - ref)", bias == null ? "null" : String.format(Locale.ROOT, "%+.6f s", bias));
        }
        return t;
    }

    private static String abbreviate(java.util.List<String> ids) {
        return ids.size() <= 10 ? String.join(" ", ids) : String.join(" ", ids.subList(0, 10)) + " ...";
    }
}
