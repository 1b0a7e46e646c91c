package dev.segmon.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Every command's {@code --help} renders as written: picocli formats descriptions, so a bare {@code %} breaks them. */
class HelpTextTest {

    @Test
    void everyCommandsHelpRendersWithoutAFormattingWarning() {
        PrintStream original = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> seen = new ArrayList<>();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            visit(SegmonCommand.commandLine(), seen);
        } finally {
            System.setErr(original);
        }
        assertTrue(seen.size() >= 13, "the commands: " + seen);
        assertEquals("", err.toString(StandardCharsets.UTF_8), "stderr while rendering " + seen);
    }

    private static void visit(CommandLine cl, List<String> seen) {
        String usage = cl.getUsageMessage(CommandLine.Help.Ansi.OFF);
        assertTrue(!usage.contains("%n"), cl.getCommandName() + ": an unformatted description in " + usage);
        seen.add(cl.getCommandName());
        cl.getSubcommands().values().forEach(sub -> visit(sub, seen));
    }
}
