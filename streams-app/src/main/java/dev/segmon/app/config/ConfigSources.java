package dev.segmon.app.config;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * Where a {@link MonitorConfig}'s values come from: flags, then the environment, then a properties
 * file, then {@link Settings}' defaults (docs/contract.md 3.0).
 */
final class ConfigSources {
    private ConfigSources() {
    }

    /** {@link MonitorConfig#fromSources}: the four sources in order of precedence, each value named by its source when it is refused. */
    static MonitorConfig resolve(Map<String, String> flags, Map<String, String> env, Path propertiesFile) {
        Map<String, String> settings = new LinkedHashMap<>();
        Map<String, String> sourceOf = new LinkedHashMap<>();
        if (propertiesFile != null) {
            Properties p = new Properties();
            try (Reader r = Files.newBufferedReader(propertiesFile)) {
                p.load(r);
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot read " + propertiesFile + ": " + e.getMessage());
            }
            for (String name : p.stringPropertyNames()) {
                put(settings, sourceOf, name.trim(), p.getProperty(name).trim(), propertiesFile.toString());
            }
        }
        // Other SEGMON_* variables (SEGMON_DEBUG, SEGMON_JAVA_OPTS, other commands' settings) are not ours.
        for (Setting<?> s : Settings.ALL) {
            if (env.get(s.envName()) != null) {
                put(settings, sourceOf, s.name(), env.get(s.envName()), s.envName());
            }
        }
        for (Map.Entry<String, String> e : env.entrySet()) {
            String name = e.getKey();
            if (name.startsWith("KAFKA_") && !name.endsWith("_OPTS")) {
                put(settings, sourceOf, MonitorConfig.KAFKA_PREFIX + name.substring(6).toLowerCase(Locale.ROOT).replace('_', '.'), e.getValue(), name);
            }
        }
        for (Map.Entry<String, String> e : flags.entrySet()) {
            if (e.getValue() != null) {
                put(settings, sourceOf, e.getKey(), e.getValue(), "--" + (e.getKey().startsWith(MonitorConfig.KAFKA_PREFIX) ? "kafka" : e.getKey()));
            }
        }
        MonitorConfig.Builder b = MonitorConfig.builder();
        for (Map.Entry<String, String> e : settings.entrySet()) {
            String name = e.getKey();
            String value = e.getValue();
            try {
                apply(b, name, value);
            } catch (RuntimeException ex) {
                throw new IllegalArgumentException(sourceOf.get(name) + ": " + name + "=" + value + ": " + ex.getMessage());
            }
        }
        if (!b.hasBootstrapServers()) {
            Setting<?> s = Settings.BOOTSTRAP_SERVERS;
            throw new IllegalArgumentException("bootstrap servers missing: give " + s.flag() + ", " + s.envName() + " or "
                    + s.name() + "= in --config");
        }
        return b.build();
    }

    private static void put(Map<String, String> settings, Map<String, String> sourceOf, String name, String value, String source) {
        settings.put(name, value);
        sourceOf.put(name, source);
    }

    private static void apply(MonitorConfig.Builder b, String name, String value) {
        if (name.startsWith(MonitorConfig.KAFKA_PREFIX)) {
            b.kafkaProperty(name.substring(MonitorConfig.KAFKA_PREFIX.length()), value);
            return;
        }
        Setting<?> setting = Settings.named(name);
        if (setting == null) {
            throw new IllegalArgumentException("unknown setting (Kafka settings take the prefix kafka.)");
        }
        setting.apply(b, value);
    }
}
