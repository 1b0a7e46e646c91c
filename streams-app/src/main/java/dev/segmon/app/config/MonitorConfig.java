package dev.segmon.app.config;

import dev.segmon.app.wire.DefaultTopics;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;

/**
 * Everything the streaming monitor needs, immutable. Build one with {@link #builder()} or resolve
 * one from flags, environment and a properties file with {@link #fromSources}.
 *
 * <p>Setting names (the same in every source): {@code bootstrap-servers}, {@code application-id},
 * {@code tolerance} (seconds), {@code metrics-port} (0 = ephemeral), {@code max-disorder} (seconds
 * of audio time), {@code reference-max-delay} (a duration: {@code 24h}, {@code 90s}, {@code 500ms},
 * {@code 2d}, ISO-8601 {@code PT1H}, or plain seconds), {@code expiry-interval},
 * {@code hypotheses-topic}, {@code references-topic}, {@code scores-topic},
 * {@code dead-letters-topic}, {@code metrics-topic}, {@code state-dir}, {@code create-topics},
 * {@code partitions}, {@code replication-factor}, {@code tiers} (comma-separated; empty = any),
 * {@code ignore-labels} (comma-separated reference labels left out of the transcript; default
 * {@code sil,sp,spn,<eps>}, empty = none; docs/contract.md 3.1). Environment variables are the upper-case names
 * with {@code SEGMON_} in front and {@code _} for {@code -} ({@code SEGMON_BOOTSTRAP_SERVERS}).
 * Kafka client settings pass through: {@code kafka.KEY=VALUE} in a flag map or properties file,
 * {@code KAFKA_SECURITY_PROTOCOL=SASL_SSL} in the environment (lower case, {@code _} -> {@code .};
 * {@code KAFKA_*_OPTS}, the Kafka scripts' JVM options, are ignored).
 * Precedence: flags, then environment, then the file, then the defaults.
 */
public final class MonitorConfig {
    public static final String DEFAULT_HYPOTHESES_TOPIC = DefaultTopics.HYPOTHESES;
    public static final String DEFAULT_REFERENCES_TOPIC = DefaultTopics.REFERENCES;
    public static final String DEFAULT_SCORES_TOPIC = DefaultTopics.SCORES;
    public static final String DEFAULT_DEAD_LETTERS_TOPIC = DefaultTopics.DEAD_LETTERS;
    public static final String DEFAULT_METRICS_TOPIC = DefaultTopics.METRICS;
    /** Every setting name (flags, properties file, and SEGMON_* environment variables). */
    public static final java.util.Set<String> SETTINGS = java.util.Set.of("bootstrap-servers", "application-id", "tolerance",
            "metrics-port", "max-disorder", "reference-max-delay", "expiry-interval", "hypotheses-topic", "references-topic",
            "scores-topic", "dead-letters-topic", "metrics-topic", "state-dir", "create-topics", "partitions",
            "replication-factor", "tiers", "ignore-labels");
    /** Reference labels that are not words (silence, noise, epsilon): left out of the transcript (docs/contract.md 3.1). */
    public static final java.util.Set<String> DEFAULT_IGNORE_LABELS = java.util.Set.of("sil", "sp", "spn", "<eps>");
    /** Prefix of pass-through Kafka settings in flag maps and properties files. */
    public static final String KAFKA_PREFIX = "kafka.";

    private final String bootstrapServers;
    private final String applicationId;
    private final double tolerance;
    private final int metricsPort;
    private final double maxDisorder;
    private final Duration referenceMaxDelay;
    private final Duration expiryInterval;
    private final String hypothesesTopic;
    private final String referencesTopic;
    private final String scoresTopic;
    private final String deadLettersTopic;
    private final String metricsTopic;
    private final Path stateDir;
    private final boolean createTopics;
    private final int partitions;
    private final short replicationFactor;
    private final Map<String, String> kafkaProperties;
    private final java.util.Set<String> tiers;
    private final java.util.Set<String> ignoreLabels;

    private MonitorConfig(Builder b) {
        this.bootstrapServers = b.bootstrapServers;
        this.applicationId = b.applicationId;
        this.tolerance = b.tolerance;
        this.metricsPort = b.metricsPort;
        this.maxDisorder = b.maxDisorder;
        this.referenceMaxDelay = b.referenceMaxDelay;
        this.expiryInterval = b.expiryInterval;
        this.hypothesesTopic = b.hypothesesTopic;
        this.referencesTopic = b.referencesTopic;
        this.scoresTopic = b.scoresTopic;
        this.deadLettersTopic = b.deadLettersTopic;
        this.metricsTopic = b.metricsTopic;
        this.stateDir = b.stateDir;
        this.createTopics = b.createTopics;
        this.partitions = b.partitions;
        this.replicationFactor = b.replicationFactor;
        this.kafkaProperties = Map.copyOf(b.kafkaProperties);
        this.tiers = java.util.Set.copyOf(b.tiers);
        this.ignoreLabels = java.util.Set.copyOf(b.ignoreLabels);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this configuration's values, to derive a variant. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.bootstrapServers = bootstrapServers;
        b.applicationId = applicationId;
        b.tolerance = tolerance;
        b.metricsPort = metricsPort;
        b.maxDisorder = maxDisorder;
        b.referenceMaxDelay = referenceMaxDelay;
        b.expiryInterval = expiryInterval;
        b.hypothesesTopic = hypothesesTopic;
        b.referencesTopic = referencesTopic;
        b.scoresTopic = scoresTopic;
        b.deadLettersTopic = deadLettersTopic;
        b.metricsTopic = metricsTopic;
        b.stateDir = stateDir;
        b.createTopics = createTopics;
        b.partitions = partitions;
        b.replicationFactor = replicationFactor;
        b.kafkaProperties.putAll(kafkaProperties);
        b.tiers.addAll(tiers);
        b.ignoreLabels = ignoreLabels;
        return b;
    }

    public String bootstrapServers() { return bootstrapServers; }
    public String applicationId() { return applicationId; }
    /** Hit tolerance in seconds ({@code |hyp - ref| <= tolerance}). */
    public double tolerance() { return tolerance; }
    /** The port of {@code /metrics}, {@code /health}, {@code /ready}; 0 asks for an ephemeral one. */
    public int metricsPort() { return metricsPort; }
    /** How far (seconds of audio time) boundaries of one side of one utterance may arrive out of order. */
    public double maxDisorder() { return maxDisorder; }
    /** How long (wall clock) a reference is kept after its last chunk, and a hypothesis waits for one. */
    public Duration referenceMaxDelay() { return referenceMaxDelay; }
    /** How often (wall clock) the expiry punctuation runs. */
    public Duration expiryInterval() { return expiryInterval; }
    public String hypothesesTopic() { return hypothesesTopic; }
    public String referencesTopic() { return referencesTopic; }
    public String scoresTopic() { return scoresTopic; }
    public String deadLettersTopic() { return deadLettersTopic; }
    public String metricsTopic() { return metricsTopic; }
    /** Kafka Streams' state directory; null = Kafka Streams' default. */
    public Path stateDir() { return stateDir; }
    /** Whether missing topics are created with the AdminClient at start. */
    public boolean createTopics() { return createTopics; }
    /** Partitions of topics the monitor creates; 0 = the broker's default. */
    public int partitions() { return partitions; }
    /** Replication factor of topics the monitor creates; 0 = the broker's default. */
    public short replicationFactor() { return replicationFactor; }
    /** The tiers accepted; empty = any tier. A record of another tier is a dead letter ({@code unknown_tier}). */
    public java.util.Set<String> tiers() { return tiers; }
    /** Reference labels left out of the transcript (not out of the boundaries); empty labels always are. */
    public java.util.Set<String> ignoreLabels() { return ignoreLabels; }
    /** Extra Kafka / Kafka Streams client settings, passed through unchanged (they win over segmon's defaults). */
    public Map<String, String> kafkaProperties() { return kafkaProperties; }

    /**
     * Resolves a configuration: {@code flags} (setting name -> value, as the command line gave them;
     * {@code kafka.X} entries pass through), then {@code env} ({@code SEGMON_*}, {@code KAFKA_*}),
     * then {@code propertiesFile} (may be null), then the defaults.
     *
     * @throws IllegalArgumentException naming the setting and its source when a value is malformed,
     *                                  a setting is unknown or the bootstrap servers are missing
     */
    public static MonitorConfig fromSources(Map<String, String> flags, Map<String, String> env, Path propertiesFile) {
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
        for (Map.Entry<String, String> e : env.entrySet()) {
            String name = e.getKey();
            String setting = name.startsWith("SEGMON_") ? name.substring(7).toLowerCase(Locale.ROOT).replace('_', '-') : "";
            if (SETTINGS.contains(setting)) {
                // Other SEGMON_* variables (SEGMON_DEBUG, SEGMON_JAVA_OPTS, other commands' settings) are not ours.
                put(settings, sourceOf, setting, e.getValue(), name);
            } else if (name.startsWith("KAFKA_") && !name.endsWith("_OPTS")) {
                put(settings, sourceOf, KAFKA_PREFIX + name.substring(6).toLowerCase(Locale.ROOT).replace('_', '.'), e.getValue(), name);
            }
        }
        for (Map.Entry<String, String> e : flags.entrySet()) {
            if (e.getValue() != null) {
                put(settings, sourceOf, e.getKey(), e.getValue(), "--" + (e.getKey().startsWith(KAFKA_PREFIX) ? "kafka" : e.getKey()));
            }
        }
        Builder b = builder();
        for (Map.Entry<String, String> e : settings.entrySet()) {
            String name = e.getKey();
            String value = e.getValue();
            try {
                apply(b, name, value);
            } catch (RuntimeException ex) {
                throw new IllegalArgumentException(sourceOf.get(name) + ": " + name + "=" + value + ": " + ex.getMessage());
            }
        }
        if (b.bootstrapServers == null || b.bootstrapServers.isBlank()) {
            throw new IllegalArgumentException("bootstrap servers missing: give --bootstrap-servers, SEGMON_BOOTSTRAP_SERVERS or bootstrap-servers= in --config");
        }
        return b.build();
    }

    private static void put(Map<String, String> settings, Map<String, String> sourceOf, String name, String value, String source) {
        settings.put(name, value);
        sourceOf.put(name, source);
    }

    private static void apply(Builder b, String name, String value) {
        if (name.startsWith(KAFKA_PREFIX)) {
            b.kafkaProperty(name.substring(KAFKA_PREFIX.length()), value);
            return;
        }
        switch (name) {
            case "bootstrap-servers" -> b.bootstrapServers(value);
            case "application-id" -> b.applicationId(value);
            case "tolerance" -> b.tolerance(Double.parseDouble(value));
            case "metrics-port" -> b.metricsPort(Integer.parseInt(value));
            case "max-disorder" -> b.maxDisorder(Double.parseDouble(value));
            case "reference-max-delay" -> b.referenceMaxDelay(parseDuration(value));
            case "expiry-interval" -> b.expiryInterval(parseDuration(value));
            case "hypotheses-topic" -> b.hypothesesTopic(value);
            case "references-topic" -> b.referencesTopic(value);
            case "scores-topic" -> b.scoresTopic(value);
            case "dead-letters-topic" -> b.deadLettersTopic(value);
            case "metrics-topic" -> b.metricsTopic(value);
            case "state-dir" -> b.stateDir(Path.of(value));
            case "create-topics" -> b.createTopics(parseBoolean(value));
            case "partitions" -> b.partitions(Integer.parseInt(value));
            case "replication-factor" -> b.replicationFactor(Short.parseShort(value));
            case "tiers" -> {
                for (String t : value.split(",")) {
                    if (!t.isBlank()) {
                        b.tier(t.trim());
                    }
                }
            }
            case "ignore-labels" -> {
                java.util.Set<String> labels = new java.util.LinkedHashSet<>();
                for (String l : value.split(",")) {
                    if (!l.isBlank()) {
                        labels.add(l.trim());
                    }
                }
                b.ignoreLabels(labels);
            }
            default -> throw new IllegalArgumentException("unknown setting (Kafka settings take the prefix kafka.)");
        }
    }

    private static boolean parseBoolean(String value) {
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "true", "yes", "1" -> true;
            case "false", "no", "0" -> false;
            default -> throw new IllegalArgumentException("not a boolean");
        };
    }

    /** {@code 24h}, {@code 90s}, {@code 500ms}, {@code 15m}, {@code 2d}, ISO-8601 ({@code PT1H}) or plain seconds. */
    public static Duration parseDuration(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.startsWith("p")) {
            return Duration.parse(text.trim().toUpperCase(Locale.ROOT));
        }
        String[][] units = {{"ms", "1"}, {"s", "1000"}, {"m", "60000"}, {"h", "3600000"}, {"d", "86400000"}};
        for (String[] u : units) {
            if (t.endsWith(u[0]) && !(u[0].equals("s") && t.endsWith("ms"))) {
                double n = Double.parseDouble(t.substring(0, t.length() - u[0].length()).trim());
                return checkedDuration(n * Long.parseLong(u[1]));
            }
        }
        return checkedDuration(Double.parseDouble(t) * 1000);
    }

    private static Duration checkedDuration(double millis) {
        if (!(millis >= 0) || Double.isInfinite(millis)) {
            throw new IllegalArgumentException("not a duration >= 0");
        }
        return Duration.ofMillis(Math.round(millis));
    }

    @Override
    public String toString() {
        return "MonitorConfig[bootstrapServers=" + bootstrapServers + ", applicationId=" + applicationId
                + ", tolerance=" + tolerance + ", metricsPort=" + metricsPort + ", maxDisorder=" + maxDisorder
                + ", referenceMaxDelay=" + referenceMaxDelay + ", topics=" + hypothesesTopic + "," + referencesTopic
                + "," + scoresTopic + "," + deadLettersTopic + "," + metricsTopic + ", kafka=" + kafkaProperties.keySet() + "]";
    }

    /** Fluent builder; defaults are docs/contract.md 3.0's. */
    public static final class Builder {
        private String bootstrapServers;
        private String applicationId = "segmon";
        private double tolerance = 0.02;
        private int metricsPort = 9464;
        private double maxDisorder = 5;
        private Duration referenceMaxDelay = Duration.ofHours(24);
        private Duration expiryInterval = Duration.ofSeconds(10);
        private String hypothesesTopic = DEFAULT_HYPOTHESES_TOPIC;
        private String referencesTopic = DEFAULT_REFERENCES_TOPIC;
        private String scoresTopic = DEFAULT_SCORES_TOPIC;
        private String deadLettersTopic = DEFAULT_DEAD_LETTERS_TOPIC;
        private String metricsTopic = DEFAULT_METRICS_TOPIC;
        private Path stateDir;
        private boolean createTopics = true;
        private int partitions;
        private short replicationFactor;
        private final Map<String, String> kafkaProperties = new LinkedHashMap<>();
        private final java.util.Set<String> tiers = new java.util.LinkedHashSet<>();
        private java.util.Set<String> ignoreLabels = DEFAULT_IGNORE_LABELS;

        private Builder() {
        }

        public Builder bootstrapServers(String v) { this.bootstrapServers = Objects.requireNonNull(v); return this; }
        public Builder applicationId(String v) { this.applicationId = nonBlank(v, "application id"); return this; }

        public Builder tolerance(double seconds) {
            if (!(seconds >= 0) || Double.isInfinite(seconds)) {
                throw new IllegalArgumentException("tolerance must be a finite number of seconds >= 0");
            }
            this.tolerance = seconds;
            return this;
        }

        public Builder metricsPort(int port) {
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("metrics port must be 0..65535");
            }
            this.metricsPort = port;
            return this;
        }

        public Builder maxDisorder(double seconds) {
            if (!(seconds >= 0) || Double.isInfinite(seconds)) {
                throw new IllegalArgumentException("max disorder must be a finite number of seconds >= 0");
            }
            this.maxDisorder = seconds;
            return this;
        }

        public Builder referenceMaxDelay(Duration d) { this.referenceMaxDelay = nonNegative(d); return this; }

        public Builder expiryInterval(Duration d) {
            if (d.isZero() || d.isNegative()) {
                throw new IllegalArgumentException("expiry interval must be positive");
            }
            this.expiryInterval = d;
            return this;
        }

        public Builder hypothesesTopic(String v) { this.hypothesesTopic = nonBlank(v, "topic"); return this; }
        public Builder referencesTopic(String v) { this.referencesTopic = nonBlank(v, "topic"); return this; }
        public Builder scoresTopic(String v) { this.scoresTopic = nonBlank(v, "topic"); return this; }
        public Builder deadLettersTopic(String v) { this.deadLettersTopic = nonBlank(v, "topic"); return this; }
        public Builder metricsTopic(String v) { this.metricsTopic = nonBlank(v, "topic"); return this; }
        public Builder stateDir(Path dir) { this.stateDir = dir; return this; }
        public Builder createTopics(boolean create) { this.createTopics = create; return this; }

        public Builder partitions(int n) {
            if (n < 0) {
                throw new IllegalArgumentException("partitions must be >= 0");
            }
            this.partitions = n;
            return this;
        }

        public Builder replicationFactor(short n) {
            if (n < 0) {
                throw new IllegalArgumentException("replication factor must be >= 0");
            }
            this.replicationFactor = n;
            return this;
        }

        /** Accept this tier (repeatable); with none given every tier is accepted. */
        public Builder tier(String name) {
            tiers.add(nonBlank(name, "tier"));
            return this;
        }

        /** The reference labels left out of the transcript (replaces the default set). */
        public Builder ignoreLabels(java.util.Set<String> labels) {
            this.ignoreLabels = java.util.Set.copyOf(labels);
            return this;
        }

        /** One pass-through Kafka / Kafka Streams client setting ({@code security.protocol}, ...). */
        public Builder kafkaProperty(String key, String value) {
            kafkaProperties.put(nonBlank(key, "kafka setting"), Objects.requireNonNull(value));
            return this;
        }

        public Builder kafkaProperties(Map<String, String> props) {
            props.forEach(this::kafkaProperty);
            return this;
        }

        public MonitorConfig build() {
            if (bootstrapServers == null) {
                throw new IllegalStateException("bootstrapServers is required");
            }
            return new MonitorConfig(this);
        }

        private static String nonBlank(String v, String what) {
            if (v == null || v.isBlank()) {
                throw new IllegalArgumentException(what + " must not be blank");
            }
            return v;
        }

        private static Duration nonNegative(Duration d) {
            if (d.isNegative()) {
                throw new IllegalArgumentException("duration must be >= 0");
            }
            return d;
        }
    }
}
