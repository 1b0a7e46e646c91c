package dev.segmon.app.cli;

import dev.segmon.app.cli.support.DurationConverter;
import dev.segmon.app.cli.support.UsageException;
import dev.segmon.app.broker.KafkaLogging;
import dev.segmon.app.cli.eval.EvalCommand;
import dev.segmon.model.io.InputException;
import java.io.PrintWriter;
import java.util.ServiceLoader;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code segmon} command line. Exit codes (docs/contract.md 1): 0 success, 2 bad usage or bad
 * input (one line on stderr naming file, line and problem; never a stack trace), 1 anything else.
 */
@Command(name = "segmon",
        mixinStandardHelpOptions = true,
        versionProvider = SegmonCommand.Version.class,
        description = "Live and offline scoring of word and phone segmentation.",
        subcommands = {EvalCommand.class, RunCommand.class, BrokerCommand.class, ReplayCommand.class, DemoCommand.class})
public final class SegmonCommand implements Runnable {
    public static final int EXIT_OK = 0;
    public static final int EXIT_FAILURE = 1;
    public static final int EXIT_BAD_INPUT = 2;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "name a command");
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs one command line and returns its exit code; the tests call this. */
    public static int execute(String... args) {
        return commandLine().execute(args);
    }

    /**
     * The command line with segmon's error handling, as {@link #main} runs it, and the commands of
     * every {@link SubcommandProvider} on the class path.
     */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new SegmonCommand());
        // Added before the converter and the handlers below, which picocli sets on the subcommands present.
        for (SubcommandProvider provider : ServiceLoader.load(SubcommandProvider.class)) {
            provider.subcommands().forEach(cl::addSubcommand);
        }
        cl.registerConverter(java.time.Duration.class, new DurationConverter());
        cl.setExecutionStrategy(SegmonCommand::executeLogged);
        cl.setExecutionExceptionHandler(SegmonCommand::handle);
        cl.setParameterExceptionHandler((ex, args) -> {
            PrintWriter err = ex.getCommandLine().getErr();
            err.println("segmon: " + ex.getMessage());
            err.println("Try '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help' for the options.");
            err.flush();
            return EXIT_BAD_INPUT;
        });
        return cl;
    }

    /** Sets Kafka's log levels (before any Kafka class logs), then runs the command. */
    private static int executeLogged(CommandLine.ParseResult parsed) {
        String level = System.getenv(KafkaLogging.ENV);
        for (CommandLine.ParseResult p = parsed; p != null; p = p.subcommand()) {
            if (p.hasMatchedOption(RunCommand.VERBOSE)) {
                level = "info";
            }
        }
        try {
            KafkaLogging.configure(level);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(parsed.commandSpec().commandLine(), e.getMessage());
        }
        return new CommandLine.RunLast().execute(parsed);
    }

    private static int handle(Exception ex, CommandLine cl, CommandLine.ParseResult parsed) {
        PrintWriter err = cl.getErr();
        if (ex instanceof InputException) {
            err.println(ex.getMessage());
            err.flush();
            return EXIT_BAD_INPUT;
        }
        if (ex instanceof UsageException) {
            err.println("segmon: " + ex.getMessage());
            err.flush();
            return EXIT_BAD_INPUT;
        }
        err.println("segmon: " + ex);
        if (System.getenv("SEGMON_DEBUG") != null) {
            ex.printStackTrace(err);
        } else {
            err.println("(set SEGMON_DEBUG=1 for the stack trace)");
        }
        err.flush();
        return EXIT_FAILURE;
    }

    /** The version from the jar manifest, or "dev" when run from classes. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = SegmonCommand.class.getPackage().getImplementationVersion();
            return new String[] {"segmon " + (v == null ? "dev" : v)};
        }
    }
}
