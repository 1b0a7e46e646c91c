package dev.segmon.app.cli.eval;

import dev.segmon.app.cli.support.JsonOutput;
import dev.segmon.app.cli.support.Table;
import dev.segmon.app.cli.support.UsageException;
import dev.segmon.model.breaks.BreakCounts;
import dev.segmon.model.breaks.BreakFormat;
import dev.segmon.model.breaks.BreakReader;
import dev.segmon.model.breaks.BreakScorer;
import dev.segmon.model.breaks.BreakScores;
import dev.segmon.model.breaks.BreakSentence;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code segmon eval breaks}: phrase-break assignment scores of Taylor and Black 1998 (docs/contract.md 2.3). */
@Command(name = "breaks",
        mixinStandardHelpOptions = true,
        description = "Phrase-break assignment: breaks-, non-breaks- and junctures-correct, insertions (Taylor & Black 1998).")
public final class BreaksCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--ref", required = true, paramLabel = "R", description = "Reference juncture labels.")
    Path reference;

    @Option(names = "--hyp", required = true, paramLabel = "H", description = "Predicted juncture labels.")
    Path hypothesis;

    @Option(names = "--format", paramLabel = "FORMAT",
            description = "jsonl or words (default: jsonl for .jsonl files, words otherwise).")
    String format;

    @Option(names = "--count-final",
            description = "Word-per-line input: also score the juncture after each sentence's last word.")
    boolean countFinal;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Override
    public Integer call() {
        BreakFormat refFormat = format(reference);
        BreakFormat hypFormat = format(hypothesis);
        List<BreakSentence> ref = BreakReader.read(reference, refFormat, countFinal);
        List<BreakSentence> hyp = BreakReader.read(hypothesis, hypFormat, countFinal);
        boolean byId = refFormat == BreakFormat.JSONL && hypFormat == BreakFormat.JSONL;
        BreakCounts counts = BreakScorer.score(reference.toString(), ref, hypothesis.toString(), hyp, byId);
        if (json) {
            JsonOutput.print(spec.commandLine().getOut(), toJson(counts, ref.size()));
        } else {
            table(counts, ref.size()).print(spec.commandLine().getOut());
        }
        return 0;
    }

    private BreakFormat format(Path path) {
        if (format == null) {
            return BreakFormat.detect(path);
        }
        try {
            return BreakFormat.parse(format);
        } catch (IllegalArgumentException e) {
            throw new UsageException("unknown --format '" + format + "': use jsonl or words");
        }
    }

    /** The keys of docs/contract.md 2.3, in its order, then the number of sentences. */
    static Map<String, Object> toJson(BreakCounts c, long sentences) {
        BreakScores s = c.scores();
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("N", c.junctures());
        o.put("B", c.breaks());
        o.put("D", c.deletions());
        o.put("I", c.insertions());
        o.put("S", c.substitutions());
        o.put("breaks_correct", s.breaksCorrect());
        o.put("non_breaks_correct", s.nonBreaksCorrect());
        o.put("junctures_correct", s.juncturesCorrect());
        o.put("false_insertions_junctures", s.falseInsertionsJunctures());
        o.put("false_insertions_breaks", s.falseInsertionsBreaks());
        o.put("non_breaks_correct_per_non_break", s.nonBreaksCorrectPerNonBreak());
        o.put("sentences", sentences);
        return o;
    }

    private static Table table(BreakCounts c, long sentences) {
        BreakScores s = c.scores();
        return new Table()
                .count("junctures (N)", c.junctures())
                .count("reference breaks (B)", c.breaks())
                .count("deletions (D)", c.deletions())
                .count("insertions (I)", c.insertions())
                .count("substitutions (S)", c.substitutions())
                .ratio("breaks correct", s.breaksCorrect())
                .ratio("non-breaks correct (N-I-S)/N", s.nonBreaksCorrect())
                .ratio("junctures correct", s.juncturesCorrect())
                .ratio("insertions per juncture", s.falseInsertionsJunctures())
                .ratio("insertions per break", s.falseInsertionsBreaks())
                .ratio("non-breaks correct per non-break", s.nonBreaksCorrectPerNonBreak())
                .count("sentences", sentences);
    }
}
