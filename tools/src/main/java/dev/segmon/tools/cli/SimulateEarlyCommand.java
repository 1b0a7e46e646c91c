package dev.segmon.tools.cli;

import dev.segmon.app.cli.SegmonCommand;
import dev.segmon.app.cli.support.Table;
import dev.segmon.app.demo.SimulatedModel;
import dev.segmon.tools.simulate.EarlyBacktest;
import dev.segmon.tools.simulate.PauseCuts;
import dev.segmon.model.boundary.BoundaryScorer;
import dev.segmon.model.io.ReadOptions;
import dev.segmon.model.io.UtteranceReader;
import dev.segmon.model.io.UtteranceReaders;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code segmon simulate early}: the early over-segmentation estimate's error against the
 * realised over-segmentation on a real reference alignment (docs/operations.md,
 * SegmonOverSegmentationEstimatedOutOfBand, "How good the estimate is"). Each file of the
 * reference is a long recording, cut into utterances at its pauses ({@link PauseCuts}); a
 * simulated model decodes them ({@link SimulatedModel}); {@link EarlyBacktest} compares, block by
 * block, the estimate with what the references give. Seeded.
 */
@Command(name = "early",
        mixinStandardHelpOptions = true,
        description = {
            "Cuts a real reference alignment into utterances at its pauses, lets a simulated model with the given",
            "insertion, deletion and jitter decode them, learns rho from the first utterances' references and prints,",
            "over each following block of utterances, the early over-segmentation estimate (the monitor's formula and",
            "interval) against the realised n_hyp/n_ref - 1: mean and max |error| and the 95 %% interval's coverage."})
public final class SimulateEarlyCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "REFERENCE", defaultValue = "examples/mandarin/gold.wrd",
            description = "Reference alignment, any format `eval` reads (default ${DEFAULT-VALUE}, from the repository root).")
    Path reference;

    @Option(names = "--pause", paramLabel = "S", defaultValue = "0.15",
            description = "Cut at silences of at least S seconds between two segments (default ${DEFAULT-VALUE}).")
    double pause;

    @Option(names = "--pad", paramLabel = "S", defaultValue = "0",
            description = "Audio after each file's last segment, counted in its last utterance (default ${DEFAULT-VALUE}).")
    double pad;

    @Option(names = "--learn", paramLabel = "N", defaultValue = "100", description = "Utterances rho is learnt from (default ${DEFAULT-VALUE}).")
    int learn;

    @Option(names = "--block", paramLabel = "N", defaultValue = "100", description = "Utterances per compared block (default ${DEFAULT-VALUE}).")
    int block;

    @Option(names = "--insertion", paramLabel = "X", defaultValue = "0.3",
            description = "Mean inserted boundaries per reference boundary (default ${DEFAULT-VALUE}).")
    double insertion;

    @Option(names = "--deletion", paramLabel = "P", defaultValue = "0.05", description = "Probability a reference boundary is dropped (default ${DEFAULT-VALUE}).")
    double deletion;

    @Option(names = "--jitter", paramLabel = "S", defaultValue = "0.01", description = "Standard deviation of kept boundaries' shift (default ${DEFAULT-VALUE}).")
    double jitter;

    @Mixin
    SimulationReport report;

    @Override
    public Integer call() {
        if (learn < 1 || block < 2 || !(pause > 0) || !(pad >= 0) || !(insertion >= 0) || !(jitter >= 0)
                || !(deletion >= 0 && deletion <= 1)) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--learn >= 1, --block >= 2, --pause > 0, --pad, --insertion, --jitter >= 0, --deletion in [0, 1]");
        }
        List<PauseCuts.Cut> utterances = new ArrayList<>();
        int files = 0;
        try (UtteranceReader r = UtteranceReaders.open(reference, ReadOptions.DEFAULT)) {
            while (r.hasNext()) {
                utterances.addAll(PauseCuts.of(r.next(), pause, pad));
                files++;
            }
        }
        SimulatedModel model = SimulatedModel.healthy("simulated", jitter, deletion, insertion);
        EarlyBacktest.Result result = EarlyBacktest.run(utterances, model, learn, block, BoundaryScorer.builder().build(), report.seed);

        Map<String, Object> out = new LinkedHashMap<>();
        out.put("reference", reference.toString());
        out.put("files", files);
        out.put("utterances", utterances.size());
        out.put("learn", learn);
        out.put("rho", result.rho().rate());
        out.put("block", block);
        out.put("blocks", result.blocks().size());
        out.put("mean_error", nan(result.meanError()));
        out.put("mean_abs_error", nan(result.meanAbsoluteError()));
        out.put("max_abs_error", nan(result.maxAbsoluteError()));
        out.put("coverage", nan(result.coverage()));
        List<Map<String, Object>> rows = new ArrayList<>();
        for (EarlyBacktest.Block b : result.blocks()) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("first_utterance", b.firstUtterance());
            row.put("estimated", b.estimate().value());
            row.put("lower", b.estimate().interval() == null ? null : b.estimate().interval().lower());
            row.put("upper", b.estimate().interval() == null ? null : b.estimate().interval().upper());
            row.put("realised", b.realised());
            rows.add(row);
        }
        out.put("per_block", rows);
        String cuts = reference + ": " + files + " files cut at pauses >= " + pause + " s into " + utterances.size() + " utterances";
        report.print(spec.commandLine().getOut(), out, null, t -> {
            t.text("reference", cuts);
            t.text("rho", String.format(Locale.ROOT, "%.4f boundaries/s from the first %d utterances", result.rho().rate(), learn));
            for (EarlyBacktest.Block b : result.blocks()) {
                t.text("  utterances " + b.firstUtterance() + "..", String.format(Locale.ROOT, "estimated %+.4f [%s]   realised %+.4f",
                        b.estimate().value(), b.estimate().interval() == null ? "n/a"
                                : String.format(Locale.ROOT, "%+.4f, %+.4f", b.estimate().interval().lower(), b.estimate().interval().upper()),
                        b.realised()));
            }
            t.text("blocks of " + block, String.format(Locale.ROOT, "%d;  mean error %+.4f;  mean |error| %.4f;  max |error| %.4f;  coverage %.0f %%",
                    result.blocks().size(), result.meanError(), result.meanAbsoluteError(), result.maxAbsoluteError(), 100 * result.coverage()));
        });
        return SegmonCommand.EXIT_OK;
    }

    private static Double nan(double x) {
        return Double.isNaN(x) ? null : x;
    }
}
