package dev.segmon.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import picocli.CommandLine;

/**
 * One in-process run of the {@code segmon} command line with stdout and stderr captured, as
 * {@link SegmonCommand#main} would run it (same error handlers), for CLI tests.
 *
 * @param exit the exit code
 * @param out  everything printed on stdout
 * @param err  everything printed on stderr
 */
public record CliRun(int exit, String out, String err) {
    private static final ObjectMapper JSON = new ObjectMapper();

    public static CliRun of(String... args) {
        CommandLine cl = SegmonCommand.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int exit = cl.execute(args);
        return new CliRun(exit, out.toString(), err.toString());
    }

    /** stdout parsed as the one JSON object {@code --json} promises. */
    public JsonNode json() {
        try {
            return JSON.readTree(out);
        } catch (IOException e) {
            throw new UncheckedIOException("stdout is not one JSON object: " + out + "\nstderr: " + err, e);
        }
    }

    /** The lines of stderr. */
    public List<String> errLines() {
        return err.lines().toList();
    }
}
