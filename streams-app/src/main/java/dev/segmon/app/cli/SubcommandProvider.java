package dev.segmon.app.cli;

import java.util.List;

/**
 * Commands another module adds under {@code segmon}, found with {@link java.util.ServiceLoader}
 * (a {@code META-INF/services/dev.segmon.app.cli.SubcommandProvider} file in its jar): the lab's
 * tools register {@code bench} and {@code simulate} this way, so that the monitor's module names
 * none of them and its jar holds none of their classes.
 */
public interface SubcommandProvider {

    /** {@code @Command}-annotated classes, added in this order after segmon's own commands. */
    List<Class<?>> subcommands();
}
