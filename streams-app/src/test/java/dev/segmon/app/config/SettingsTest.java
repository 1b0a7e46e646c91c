package dev.segmon.app.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.app.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The settings table: one name per setting in every source, and a help that shows them all. */
class SettingsTest {
    @TempDir
    Path tmp;

    /** A value per setting, other than its default, with what the accessor must return (by hand). */
    private record Sample(String text, Object expected, Function<MonitorConfig, Object> accessor) {
    }

    private static final Map<String, Sample> SAMPLES = new LinkedHashMap<>();

    static {
        SAMPLES.put("bootstrap-servers", new Sample("k1:9092,k2:9092", "k1:9092,k2:9092", MonitorConfig::bootstrapServers));
        SAMPLES.put("application-id", new Sample("mon-b", "mon-b", MonitorConfig::applicationId));
        SAMPLES.put("tolerance", new Sample("0.05", 0.05, MonitorConfig::tolerance));
        SAMPLES.put("hit-rule", new Sample("label", dev.segmon.model.boundary.HitRule.LABEL, MonitorConfig::hitRule));
        SAMPLES.put("metrics-port", new Sample("9999", 9999, MonitorConfig::metricsPort));
        SAMPLES.put("web-listen-address", new Sample("[::1]:9465", new ListenAddress("::1", 9465), MonitorConfig::webListenAddress));
        SAMPLES.put("web-config-file", new Sample("/etc/segmon/web.yml", Path.of("/etc/segmon/web.yml"), MonitorConfig::webConfigFile));
        SAMPLES.put("max-disorder", new Sample("2.5", 2.5, MonitorConfig::maxDisorder));
        SAMPLES.put("reference-max-delay", new Sample("90m", Duration.ofMinutes(90), MonitorConfig::referenceMaxDelay));
        SAMPLES.put("unreferenced", new Sample("score-empty", dev.segmon.model.boundary.Unreferenced.SCORE_EMPTY, MonitorConfig::unreferenced));
        SAMPLES.put("expiry-interval", new Sample("500ms", Duration.ofMillis(500), MonitorConfig::expiryInterval));
        SAMPLES.put("hypotheses-topic", new Sample("h", "h", MonitorConfig::hypothesesTopic));
        SAMPLES.put("references-topic", new Sample("r", "r", MonitorConfig::referencesTopic));
        SAMPLES.put("scores-topic", new Sample("s", "s", MonitorConfig::scoresTopic));
        SAMPLES.put("dead-letters-topic", new Sample("d", "d", MonitorConfig::deadLettersTopic));
        SAMPLES.put("metrics-topic", new Sample("m", "m", MonitorConfig::metricsTopic));
        SAMPLES.put("state-dir", new Sample("/var/lib/segmon", Path.of("/var/lib/segmon"), MonitorConfig::stateDir));
        SAMPLES.put("create-topics", new Sample("no", false, MonitorConfig::createTopics));
        SAMPLES.put("partitions", new Sample("6", 6, MonitorConfig::partitions));
        SAMPLES.put("replication-factor", new Sample("3", (short) 3, MonitorConfig::replicationFactor));
        SAMPLES.put("tiers", new Sample("words, phones", Set.of("words", "phones"), MonitorConfig::tiers));
        SAMPLES.put("compare", new Sample("b=a, c=a", java.util.List.of(new Comparison("b", "a"), new Comparison("c", "a")),
                MonitorConfig::comparisons));
        SAMPLES.put("ignore-labels", new Sample("sil, noise", Set.of("sil", "noise"), MonitorConfig::ignoreLabels));
        SAMPLES.put("detection-topic", new Sample("t", "t", MonitorConfig::detectionTopic));
        SAMPLES.put("false-alarm-period", new Sample("30d", Duration.ofDays(30), c -> c.detector().falseAlarmPeriod()));
        SAMPLES.put("detector-learn", new Sample("500", 500, c -> c.detector().learnUtterances()));
        SAMPLES.put("detector-paired-learn", new Sample("100", 100, c -> c.detector().pairedLearnUtterances()));
        SAMPLES.put("detector-margin", new Sample("0.01", 0.01, c -> c.detector().margin()));
        SAMPLES.put("slice-keys", new Sample("lang, domain", java.util.List.of("lang", "domain"), c -> c.slices().keys()));
        SAMPLES.put("slice-cap", new Sample("5", 5, c -> c.slices().cap()));
        SAMPLES.put("slice-values", new Sample("lang=de, en; domain=call", Map.of("lang", Set.of("de", "en"), "domain", Set.of("call")),
                c -> c.slices().allowed()));
        SAMPLES.put("max-word-duration", new Sample("1500ms", Duration.ofMillis(1500), MonitorConfig::maxWordDuration));
    }

    @Test
    void theSamplesCoverEverySetting() {
        assertEquals(SAMPLES.keySet(), MonitorConfig.SETTINGS);
        assertEquals(Settings.ALL.size(), MonitorConfig.SETTINGS.size(), "two settings share a name");
    }

    @Test
    void everySettingIsReachedFromFlagsEnvironmentAndFileUnderOneName() throws Exception {
        for (Setting<?> s : Settings.ALL) {
            Sample sample = SAMPLES.get(s.name());
            // bootstrap-servers is required: every source but the one under test gives it in the flags.
            Map<String, String> base = s == Settings.BOOTSTRAP_SERVERS ? Map.of() : Map.of("bootstrap-servers", "b:1");
            Map<String, String> flags = new LinkedHashMap<>(base);
            flags.put(s.name(), sample.text());
            Path file = tmp.resolve(s.name() + ".properties");
            Files.writeString(file, s.name() + "=" + sample.text() + "\n");
            assertEquals("SEGMON_" + s.name().toUpperCase().replace('-', '_'), s.envName());
            assertEquals("--" + s.name(), s.flag());
            for (MonitorConfig c : List.of(MonitorConfig.fromSources(flags, Map.of(), null),
                    MonitorConfig.fromSources(base, Map.of(s.envName(), sample.text()), null),
                    MonitorConfig.fromSources(base, Map.of(), file))) {
                assertEquals(sample.expected(), sample.accessor().apply(c), s.name());
            }
        }
    }

    @Test
    void runHelpListsEverySettingWithItsDefaultAndVariable() {
        // Wide enough that picocli breaks no default (it wraps after a '.' too: "segmon.<newline>metrics").
        System.setProperty("picocli.usage.width", "1000");
        CliRun help;
        try {
            help = CliRun.of("run", "--help");
        } finally {
            System.clearProperty("picocli.usage.width");
        }
        assertEquals(0, help.exit());
        String text = help.out().replaceAll("\\s+", " ");
        // The defaults of docs/contract.md 3.0, written out by hand.
        Map<String, String> defaults = new LinkedHashMap<>();
        defaults.put("bootstrap-servers", "none");
        defaults.put("application-id", "segmon");
        defaults.put("tolerance", "0.02");
        defaults.put("hit-rule", "time");
        defaults.put("metrics-port", "9464");
        defaults.put("web-listen-address", "none");
        defaults.put("web-config-file", "none");
        defaults.put("max-disorder", "5.0");
        defaults.put("reference-max-delay", "24h");
        defaults.put("unreferenced", "skip");
        defaults.put("expiry-interval", "10s");
        defaults.put("hypotheses-topic", "segmon.hypotheses");
        defaults.put("references-topic", "segmon.references");
        defaults.put("scores-topic", "segmon.scores");
        defaults.put("dead-letters-topic", "segmon.dead-letters");
        defaults.put("metrics-topic", "segmon.metrics");
        defaults.put("state-dir", "none");
        defaults.put("create-topics", "true");
        defaults.put("partitions", "0");
        defaults.put("replication-factor", "0");
        defaults.put("tiers", "any");
        defaults.put("compare", "none");
        defaults.put("ignore-labels", "sil,sp,spn,<eps>");
        defaults.put("detection-topic", "none");
        defaults.put("false-alarm-period", "2400h");
        defaults.put("detector-learn", "2000");
        defaults.put("detector-paired-learn", "200");
        defaults.put("detector-margin", "0.0");
        defaults.put("slice-keys", "none");
        defaults.put("slice-cap", "20");
        defaults.put("slice-values", "none");
        defaults.put("max-word-duration", "2s");
        assertEquals(MonitorConfig.SETTINGS, defaults.keySet());
        for (Map.Entry<String, String> d : defaults.entrySet()) {
            Setting<?> s = Settings.named(d.getKey());
            assertTrue(text.contains(" --" + d.getKey() + "="), d.getKey() + " has no option");
            assertTrue(text.contains("Default: " + d.getValue() + "; env " + s.envName() + "."), d.getKey() + " in " + text);
        }
    }

    @Test
    void aFlagOfTheTableIsParsedAndWins() {
        // Generated options still lose nothing: a malformed flag names itself (exit 2).
        CliRun bad = CliRun.of("run", "--bootstrap-servers", "h:1", "--tolerance", "-1");
        assertEquals(2, bad.exit());
        assertEquals(List.of("segmon: --tolerance: tolerance=-1: tolerance '-1' is not a finite number of seconds >= 0"), bad.errLines());
    }

    @Test
    void durationsAreShownAsTheyAreRead() {
        for (String text : List.of("24h", "10s", "500ms", "1500ms", "90m", "0s")) {
            assertEquals(text, Parsers.durationText(Parsers.duration(text)));
        }
        assertEquals("48h", Parsers.durationText(Parsers.duration("2d")));
        assertThrows(IllegalArgumentException.class, () -> Parsers.duration("-5s"));
        assertThrows(IllegalArgumentException.class, () -> Parsers.duration("PT-5S"));
        assertThrows(IllegalArgumentException.class, () -> Parsers.seconds("NaN"));
        assertThrows(IllegalArgumentException.class, () -> Parsers.seconds("Infinity"));
    }
}
