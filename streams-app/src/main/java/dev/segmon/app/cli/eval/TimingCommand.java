package dev.segmon.app.cli.eval;

import dev.segmon.app.cli.support.AlignmentInputOptions;
import dev.segmon.app.cli.support.JsonOutput;
import dev.segmon.app.cli.support.SliceOptions;
import dev.segmon.app.cli.support.Table;
import dev.segmon.model.Micros;
import dev.segmon.model.io.IdFilteredReader;
import dev.segmon.model.io.UtteranceReader;
import dev.segmon.model.timing.Collar;
import dev.segmon.model.timing.OffsetSample;
import dev.segmon.model.timing.TimingCounts;
import dev.segmon.model.timing.TimingResult;
import dev.segmon.model.timing.TimingScores;
import dev.segmon.model.timing.WordTimingScorer;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Predicate;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code segmon eval timing}: how far off word times are, and which way (docs/contract.md 2.7). */
@Command(name = "timing",
        mixinStandardHelpOptions = true,
        description = {"Word timing: signed start and end offsets (hypothesis - reference) of the words the hypothesis "
                + "recognised correctly, as bias, mean and median absolute error, and share within 20, 50, 100 and 200 ms.",
                "Words are aligned as eval wer aligns them (unit costs); only matches count, so every offset figure is "
                + "conditional on recognition: read it beside the matched share (matched / reference words)."})
public final class TimingCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--ref", required = true, paramLabel = "R", description = "Reference word alignment.")
    Path reference;

    @Option(names = "--hyp", required = true, paramLabel = "H", description = "Hypothesis word alignment.")
    Path hypothesis;

    @Option(names = "--ignore-case", description = "Compare words case-insensitively.")
    boolean ignoreCase;

    @Option(names = "--json", description = "Print one JSON object (times in seconds).")
    boolean json;

    @Mixin
    AlignmentInputOptions input;

    @Mixin
    SliceOptions slices;

    @Override
    public Integer call() {
        WordTimingScorer scorer = new WordTimingScorer(input.ignoredLabels(), ignoreCase);
        TimingResult result = score(scorer, null);
        Map<String, Map<String, TimingResult>> bySlice = slices.active()
                ? slices.bySlice(slices.labels(hypothesis, reference, input.readOptions().format()), input.ids(hypothesis, reference),
                        in -> score(scorer, in))
                : Map.of();
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            Map<String, Object> o = toJson(result);
            if (slices.active()) {
                o.put("slices", SliceOptions.json(bySlice, TimingCommand::toJson));
            }
            JsonOutput.print(out, o);
        } else {
            table(result).print(out);
            SliceOptions.print(out, bySlice, TimingCommand::table);
        }
        return 0;
    }

    /** The utterances whose id passes {@code in} (null: every one), scored. */
    private TimingResult score(WordTimingScorer scorer, Predicate<String> in) {
        try (UtteranceReader ref = only(input.open(reference), in); UtteranceReader hyp = only(input.open(hypothesis), in)) {
            return scorer.score(ref, hyp);
        }
    }

    private static UtteranceReader only(UtteranceReader all, Predicate<String> in) {
        return in == null ? all : new IdFilteredReader(all, in);
    }

    /** The keys of docs/contract.md 2.7, in its order. */
    static Map<String, Object> toJson(TimingResult result) {
        TimingCounts c = result.counts();
        TimingScores s = result.scores();
        OffsetSample o = result.offsets();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("n_ref", c.referenceWords());
        out.put("n_hyp", c.hypothesisWords());
        out.put("matched", c.matched());
        out.put("matched_share", s.matchedShare());
        out.put("start", edge(s.startBias(), s.startMeanError(), o.startMedianError()));
        out.put("end", edge(s.endBias(), s.endMeanError(), o.endMedianError()));
        out.put("boundary", edge(s.boundaryBias(), s.boundaryMeanError(), o.boundaryMedianError()));
        Map<String, Object> within = new LinkedHashMap<>();
        for (Collar collar : Collar.values()) {
            Map<String, Object> w = new LinkedHashMap<>();
            w.put("start", s.startsWithin(collar));
            w.put("end", s.endsWithin(collar));
            w.put("both", s.wordsWithin(collar));
            w.put("recall", s.recallWithin(collar));
            w.put("precision", s.precisionWithin(collar));
            within.put(collar.key(), w);
        }
        out.put("within", within);
        out.put("utterances", result.utterances());
        out.put("unpaired", result.unpaired());
        return out;
    }

    private static Map<String, Object> edge(Double bias, Double meanAbs, Double medianAbs) {
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("bias", seconds(bias));
        e.put("mean_abs", seconds(meanAbs));
        e.put("median_abs", seconds(medianAbs));
        return e;
    }

    private static Double seconds(Double micros) {
        return micros == null ? null : micros / Micros.PER_SECOND;
    }

    private static Table table(TimingResult result) {
        TimingCounts c = result.counts();
        TimingScores s = result.scores();
        OffsetSample o = result.offsets();
        Table t = new Table()
                .count("reference words", c.referenceWords())
                .count("hypothesis words", c.hypothesisWords())
                .count("matched words", c.matched())
                .ratio("matched share (offsets below are over these only)", s.matchedShare())
                .text("start: bias / mean abs / median abs", millis(s.startBias(), s.startMeanError(), o.startMedianError()))
                .text("end: bias / mean abs / median abs", millis(s.endBias(), s.endMeanError(), o.endMedianError()))
                .text("boundary: bias / mean abs / median abs", millis(s.boundaryBias(), s.boundaryMeanError(), o.boundaryMedianError()));
        for (Collar collar : Collar.values()) {
            t.text("within " + collar.key() + ": start / end / both", shares(s.startsWithin(collar), s.endsWithin(collar), s.wordsWithin(collar)))
                    .text("within " + collar.key() + ": recall / precision", shares(s.recallWithin(collar), s.precisionWithin(collar)));
        }
        return t.count("utterances", result.utterances())
                .text("unpaired", TranscriptFiles.abbreviate(result.unpaired()));
    }

    /** Bias with its sign, then the two errors, in milliseconds. */
    private static String millis(Double bias, Double meanAbs, Double medianAbs) {
        return ms("%+.1f ms", bias) + " / " + ms("%.1f ms", meanAbs) + " / " + ms("%.1f ms", medianAbs);
    }

    private static String ms(String format, Double micros) {
        return micros == null ? "n/a" : String.format(Locale.ROOT, format, micros / 1000);
    }

    private static String shares(Double... values) {
        StringBuilder b = new StringBuilder();
        for (Double v : values) {
            b.append(b.length() == 0 ? "" : " / ").append(v == null ? "n/a" : String.format(Locale.ROOT, "%.4f", v));
        }
        return b.toString();
    }
}
