package dev.segmon.app.cli.eval;

import dev.segmon.app.cli.support.JsonOutput;
import dev.segmon.app.cli.support.Table;
import dev.segmon.app.cli.support.UsageException;
import dev.segmon.model.io.ClassFileReader;
import dev.segmon.model.io.InputException;
import dev.segmon.model.tde.Fold;
import dev.segmon.model.tde.GoldAlignment;
import dev.segmon.model.tde.Retrieval;
import dev.segmon.model.tde.SpeakerRule;
import dev.segmon.model.tde.Summary;
import dev.segmon.model.tde.TdeEvaluation;
import dev.segmon.model.tde.TdeResult;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.PatternSyntaxException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code segmon eval tde}: the ZeroSpeech term-discovery measures (docs/contract.md 2.2, docs/tde.md). */
@Command(name = "tde",
        mixinStandardHelpOptions = true,
        description = "ZeroSpeech term-discovery measures (token, type, boundary, grouping, NED, coverage), "
                + "tdev2's conventions with exact half-phone snapping and file-aware tokens.")
public final class TdeCommand implements Callable<Integer> {
    private static final String[] RETRIEVALS = {"token", "type", "boundary", "grouping"};
    private static final String[] RATIOS = {"precision", "recall", "fscore"};

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--phn", required = true, paramLabel = "P", description = "Gold phones: 'file onset offset phone' lines.")
    Path phones;

    @Option(names = "--wrd", required = true, paramLabel = "W", description = "Gold words: 'file onset offset word' lines (SIL skipped).")
    Path words;

    @Option(names = "--classes", required = true, paramLabel = "C", description = "Discovered classes: 'Class N' blocks of 'file onset offset' lines.")
    Path classes;

    @Option(names = "--folds", paramLabel = "FILE",
            description = "Interval lists ('file onset offset'), folds separated by blank lines: adds mean/std/min/max over folds.")
    Path folds;

    @Option(names = "--within-talker", description = "One fold per speaker (see --speaker-regex).")
    boolean withinTalker;

    @Option(names = "--speaker-regex", paramLabel = "REGEX",
            description = "Speaker = first group (or whole match) of REGEX in the file name "
                    + "(default: the name up to the first '_', the whole name without one).")
    String speakerRegex;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Override
    public Integer call() {
        if (folds != null && withinTalker) {
            throw new UsageException("--folds and --within-talker are exclusive: give one way of cutting folds");
        }
        if (speakerRegex != null && !withinTalker) {
            throw new UsageException("--speaker-regex only applies with --within-talker");
        }
        SpeakerRule speakers = speakerRule();
        GoldAlignment gold = GoldAlignment.read(phones, words);
        TdeEvaluation evaluation = new TdeEvaluation(gold, classes.toString(), ClassFileReader.readClasses(classes));
        TdeResult whole = evaluation.result();
        List<Fold> foldList = folds != null
                ? ClassFileReader.readFolds(folds).stream().map(Fold::of).toList()
                : withinTalker ? speakers.folds(gold.fileNames()) : List.of();
        if (folds != null && foldList.isEmpty()) {
            throw new InputException(folds, 0, "no fold: expected 'file onset offset' lines, folds separated by blank lines");
        }
        List<TdeResult> perFold = new ArrayList<>();
        for (Fold f : foldList) {
            perFold.add(evaluation.result(f));
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            Map<String, Object> o = toJson(whole);
            if (!foldList.isEmpty()) {
                o.put("folds", foldsJson(foldList, perFold));
            }
            JsonOutput.print(out, o);
        } else {
            table(whole, foldList, perFold).print(out);
        }
        return 0;
    }

    private SpeakerRule speakerRule() {
        if (speakerRegex == null) {
            return SpeakerRule.untilUnderscore();
        }
        try {
            return SpeakerRule.regex(speakerRegex);
        } catch (PatternSyntaxException e) {
            throw new UsageException("--speaker-regex is not a regular expression: " + e.getDescription());
        }
    }

    /** The keys of docs/contract.md 2.2, in its order. */
    static Map<String, Object> toJson(TdeResult r) {
        Map<String, Object> o = new LinkedHashMap<>();
        Retrieval[] retrievals = retrievals(r);
        for (int k = 0; k < RETRIEVALS.length; k++) {
            Map<String, Object> m = new LinkedHashMap<>();
            Double[] v = ratios(retrievals[k]);
            for (int j = 0; j < RATIOS.length; j++) {
                m.put(RATIOS[j], v[j]);
            }
            o.put(RETRIEVALS[k], m);
        }
        o.put("ned", r.ned());
        o.put("coverage", r.coverage());
        o.put("pairs", r.pairs());
        return o;
    }

    /** Per measure {mean, std, min, max} over folds, plus the fold count and names. */
    static Map<String, Object> foldsJson(List<Fold> folds, List<TdeResult> results) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("count", folds.size());
        o.put("names", folds.stream().map(Fold::name).toList());
        for (int k = 0; k < RETRIEVALS.length; k++) {
            Map<String, Object> m = new LinkedHashMap<>();
            for (int j = 0; j < RATIOS.length; j++) {
                int kk = k;
                int jj = j;
                m.put(RATIOS[j], summaryJson(Summary.of(results.stream().map(r -> ratios(retrievals(r)[kk])[jj]).toList())));
            }
            o.put(RETRIEVALS[k], m);
        }
        o.put("ned", summaryJson(Summary.of(results.stream().map(TdeResult::ned).toList())));
        o.put("coverage", summaryJson(Summary.of(results.stream().map(TdeResult::coverage).toList())));
        o.put("pairs", summaryJson(Summary.of(results.stream().map(TdeResult::pairs).toList())));
        return o;
    }

    private static Map<String, Object> summaryJson(Summary s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("mean", s.mean());
        m.put("std", s.std());
        m.put("min", s.min());
        m.put("max", s.max());
        return m;
    }

    private static Retrieval[] retrievals(TdeResult r) {
        return new Retrieval[] {r.token(), r.type(), r.boundary(), r.grouping()};
    }

    private static Double[] ratios(Retrieval r) {
        return new Double[] {r.precision(), r.recall(), r.fscore()};
    }

    private static Table table(TdeResult r, List<Fold> folds, List<TdeResult> perFold) {
        Table t = new Table();
        Retrieval[] retrievals = retrievals(r);
        for (int k = 0; k < RETRIEVALS.length; k++) {
            Double[] v = ratios(retrievals[k]);
            for (int j = 0; j < RATIOS.length; j++) {
                t.ratio(RETRIEVALS[k] + " " + RATIOS[j], v[j]);
            }
        }
        t.number("NED", r.ned()).ratio("coverage", r.coverage()).count("pairs", r.pairs());
        if (!folds.isEmpty()) {
            t.text("folds", folds.size() + " (mean / std / min / max)");
            for (int k = 0; k < RETRIEVALS.length; k++) {
                for (int j = 0; j < RATIOS.length; j++) {
                    int kk = k;
                    int jj = j;
                    t.text("  " + RETRIEVALS[k] + " " + RATIOS[j],
                            format(Summary.of(perFold.stream().map(x -> ratios(retrievals(x)[kk])[jj]).toList())));
                }
            }
            t.text("  NED", format(Summary.of(perFold.stream().map(TdeResult::ned).toList())));
            t.text("  coverage", format(Summary.of(perFold.stream().map(TdeResult::coverage).toList())));
            t.text("  pairs", format(Summary.of(perFold.stream().map(TdeResult::pairs).toList())));
        }
        return t;
    }

    private static String format(Summary s) {
        return s.mean() == null ? "n/a"
                : String.format(java.util.Locale.ROOT, "%.4f / %.4f / %.4f / %.4f", s.mean(), s.std(), s.min(), s.max());
    }
}
