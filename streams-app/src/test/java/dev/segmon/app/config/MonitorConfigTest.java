package dev.segmon.app.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MonitorConfigTest {
    @TempDir
    Path tmp;

    @Test
    void defaultsAreTheInterfaceOnes() {
        MonitorConfig c = MonitorConfig.builder().bootstrapServers("h:1").build();
        // docs/contract.md 3.0 / 3.1 defaults.
        assertEquals(0.02, c.tolerance());
        assertEquals(9464, c.metricsPort());
        assertEquals("segmon", c.applicationId());
        assertEquals(5.0, c.maxDisorder());
        assertEquals(Duration.ofHours(24), c.referenceMaxDelay());
        assertEquals("segmon.hypotheses", c.hypothesesTopic());
        assertEquals("segmon.references", c.referencesTopic());
        assertEquals("segmon.scores", c.scoresTopic());
        assertEquals("segmon.dead-letters", c.deadLettersTopic());
        assertEquals("segmon.metrics", c.metricsTopic());
    }

    @Test
    void flagsBeatEnvironmentWhichBeatsTheFile() throws Exception {
        Path file = tmp.resolve("segmon.properties");
        Files.writeString(file, "bootstrap-servers=file:1\ntolerance=0.05\nmax-disorder=2\n"
                + "kafka.security.protocol=SSL\nkafka.sasl.mechanism=PLAIN\n");
        Map<String, String> env = Map.of("SEGMON_TOLERANCE", "0.03", "SEGMON_REFERENCE_MAX_DELAY", "90m",
                "KAFKA_SECURITY_PROTOCOL", "SASL_SSL", "KAFKA_HEAP_OPTS", "-Xmx1g", "SEGMON_DEBUG", "1", "SEGMON_BROKER_PORT", "9092");
        Map<String, String> flags = new LinkedHashMap<>();
        flags.put("tolerance", "0.01");
        flags.put("metrics-port", null); // not given on the command line
        flags.put("kafka.sasl.mechanism", "SCRAM-SHA-512");
        MonitorConfig c = MonitorConfig.fromSources(flags, env, file);
        assertEquals("file:1", c.bootstrapServers());
        assertEquals(0.01, c.tolerance());
        assertEquals(2.0, c.maxDisorder());
        assertEquals(9464, c.metricsPort());
        assertEquals(Duration.ofMinutes(90), c.referenceMaxDelay());
        assertEquals(Map.of("security.protocol", "SASL_SSL", "sasl.mechanism", "SCRAM-SHA-512"), c.kafkaProperties());
    }

    @Test
    void perTierTolerancesAndTheHitRuleReadFromTheEnvironmentAndTheFileAlike() throws Exception {
        Path file = tmp.resolve("segmon.properties");
        Files.writeString(file, "bootstrap-servers=file:1\ntolerance=word=0.2,phone=0.01\nhit-rule=label\n");
        MonitorConfig fromFile = MonitorConfig.fromSources(Map.of(), Map.of(), file);
        assertEquals(0.2, fromFile.tolerances().seconds("word"));
        assertEquals(0.01, fromFile.tolerances().seconds("phone"));
        assertEquals(0.02, fromFile.tolerances().seconds("syllable"));
        assertEquals(dev.segmon.model.boundary.HitRule.LABEL, fromFile.hitRule());
        MonitorConfig fromEnv = MonitorConfig.fromSources(Map.of(), Map.of("SEGMON_TOLERANCE", "0.03,word=0.05"), file);
        assertEquals(0.05, fromEnv.tolerances().seconds("word"));
        assertEquals(0.03, fromEnv.tolerance());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MonitorConfig.fromSources(Map.of("bootstrap-servers", "h:1"), Map.of("SEGMON_TOLERANCE", "word=0.1,word=0.2"), null));
        assertTrue(e.getMessage().startsWith("SEGMON_TOLERANCE: tolerance=word=0.1,word=0.2"), e.getMessage());
    }

    @Test
    void malformedOrUnknownSettingsNameTheirSource() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MonitorConfig.fromSources(Map.of("bootstrap-servers", "h:1"), Map.of("SEGMON_TOLERANCE", "abc"), null));
        assertTrue(e.getMessage().startsWith("SEGMON_TOLERANCE: tolerance=abc"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> MonitorConfig.fromSources(Map.of("bootstrap-servers", "h:1", "colour", "red"), Map.of(), null));
        assertTrue(e.getMessage().contains("unknown setting"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> MonitorConfig.fromSources(Map.of(), Map.of(), null));
        assertTrue(e.getMessage().startsWith("bootstrap servers missing"), e.getMessage());
    }

    @Test
    void durationsReadCommonSpellings() {
        assertEquals(Duration.ofHours(24), MonitorConfig.parseDuration("24h"));
        assertEquals(Duration.ofMillis(500), MonitorConfig.parseDuration("500ms"));
        assertEquals(Duration.ofSeconds(90), MonitorConfig.parseDuration("90"));
        assertEquals(Duration.ofDays(2), MonitorConfig.parseDuration("2d"));
        assertEquals(Duration.ofMinutes(15), MonitorConfig.parseDuration("PT15M"));
    }
}
