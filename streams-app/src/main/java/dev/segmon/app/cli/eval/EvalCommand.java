package dev.segmon.app.cli.eval;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code segmon eval <metric>}: offline scoring (docs/contract.md 2). */
@Command(name = "eval",
        mixinStandardHelpOptions = true,
        description = "Score files offline.",
        subcommands = {BoundariesCommand.class, TdeCommand.class,
                BreaksCommand.class, WerCommand.class, NedCommand.class, TextCommand.class, TimingCommand.class})
public final class EvalCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "name a metric: " + String.join(", ", spec.subcommands().keySet()));
    }
}
