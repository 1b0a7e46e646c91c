package dev.segmon.tools.cli;

import dev.segmon.app.cli.SubcommandProvider;
import java.util.List;

/** {@code segmon bench} and {@code segmon simulate}, registered with the monitor's command line through its {@link SubcommandProvider}. */
public final class ToolCommands implements SubcommandProvider {
    @Override
    public List<Class<?>> subcommands() {
        return List.of(BenchCommand.class, SimulateCommand.class);
    }
}
