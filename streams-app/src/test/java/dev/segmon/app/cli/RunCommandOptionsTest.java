package dev.segmon.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.app.config.Comparison;
import dev.segmon.app.config.MonitorConfig;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** What {@code segmon run}'s generated options make of a command line, before anything starts. */
class RunCommandOptionsTest {

    @Test
    void aListSettingMayBeRepeatedAndCommaSeparatedAlike() {
        MonitorConfig config = resolve("--bootstrap-servers", "h:1", "--compare", "a=base", "--compare", "b=base,c=base",
                "--tiers", "word", "--tiers", "phone");
        assertEquals(List.of(new Comparison("a", "base"), new Comparison("b", "base"), new Comparison("c", "base")), config.comparisons());
        assertEquals(Set.of("word", "phone"), config.tiers());
    }

    @Test
    void aSingleValuedSettingKeepsItsText() {
        MonitorConfig config = resolve("--bootstrap-servers", "h:1", "--tolerance", "0.05", "--reference-max-delay", "90s");
        assertEquals(0.05, config.tolerance());
        assertEquals(90, config.referenceMaxDelay().toSeconds());
    }

    @Test
    void toleranceTakesOneWindowPerTierAndHitRuleTakesLabel() {
        MonitorConfig config = resolve("--bootstrap-servers", "h:1", "--tolerance", "word=0.05,phone=0.02", "--hit-rule", "label");
        assertEquals(0.05, config.tolerances().seconds("word"));
        assertEquals(0.02, config.tolerances().seconds("phone"));
        assertEquals(dev.segmon.model.boundary.HitRule.LABEL, config.hitRule());
    }

    @Test
    void theListenAddressAndTheWebConfigurationAreSettingsOfTheTable() {
        MonitorConfig config = resolve("--bootstrap-servers", "h:1", "--web-listen-address", "127.0.0.1:9465", "--web-config-file", "web.yml");
        assertEquals(new dev.segmon.app.config.ListenAddress("127.0.0.1", 9465), config.webListenAddress());
        assertEquals(java.nio.file.Path.of("web.yml"), config.webConfigFile());
        MonitorConfig none = resolve("--bootstrap-servers", "h:1");
        assertEquals(null, none.webListenAddress());
        assertEquals(null, none.webConfigFile());
    }

    private static MonitorConfig resolve(String... args) {
        CommandLine cli = SegmonCommand.commandLine();
        CommandLine.ParseResult parsed = cli.parseArgs(prepend("run", args));
        RunCommand run = (RunCommand) parsed.subcommand().commandSpec().userObject();
        return run.resolve();
    }

    private static String[] prepend(String first, String[] rest) {
        String[] out = new String[rest.length + 1];
        out[0] = first;
        System.arraycopy(rest, 0, out, 1, rest.length);
        return out;
    }
}
