package dev.segmon.app.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code compare} setting: run --compare (repeatable, joined with commas), SEGMON_COMPARE, compare= in a file. */
class CompareSettingTest {
    @TempDir
    Path tmp;

    @Test
    void flagsEnvironmentAndFileGiveComparisons() throws Exception {
        assertEquals(List.of(), MonitorConfig.builder().bootstrapServers("h:1").build().comparisons());
        MonitorConfig flags = MonitorConfig.fromSources(Map.of("bootstrap-servers", "h:1",
                "compare", "regressing=healthy,healthy-b=healthy,regressing=healthy"), Map.of(), null);
        assertEquals(List.of(new Comparison("regressing", "healthy"), new Comparison("healthy-b", "healthy")), flags.comparisons());
        MonitorConfig env = MonitorConfig.fromSources(Map.of("bootstrap-servers", "h:1"), Map.of("SEGMON_COMPARE", "c = b"), null);
        assertEquals(List.of(new Comparison("c", "b")), env.comparisons());
        Path file = tmp.resolve("segmon.properties");
        Files.writeString(file, "bootstrap-servers=h:1\ncompare=x=y\n");
        assertEquals(List.of(new Comparison("x", "y")), MonitorConfig.fromSources(Map.of(), Map.of(), file).comparisons());
        assertEquals(env.comparisons(), env.toBuilder().build().comparisons());
    }

    @Test
    void malformedComparisonsNameTheirSource() {
        for (String bad : new String[] {"healthy", "=healthy", "a=", "a=a"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> MonitorConfig.fromSources(Map.of("bootstrap-servers", "h:1", "compare", bad), Map.of(), null));
            assertTrue(e.getMessage().startsWith("--compare: compare=" + bad + ": "), e.getMessage());
        }
    }
}
