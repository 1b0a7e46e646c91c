package dev.segmon.app.config;

import dev.segmon.model.boundary.Unreferenced;
import dev.segmon.app.wire.DefaultTopics;
import dev.segmon.model.Seconds;
import dev.segmon.model.boundary.HitRule;
import dev.segmon.model.boundary.Tolerances;
import dev.segmon.model.detection.DetectorSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Everything the streaming monitor needs, immutable. Build one with {@link #builder()} or resolve
 * one from flags, environment and a properties file with {@link #fromSources}.
 *
 * <p>The settings, their names in every source and their defaults are the table {@link Settings}
 * (docs/contract.md 3.0). Kafka client settings pass through: {@code kafka.KEY=VALUE} in a flag map
 * or properties file, {@code KAFKA_SECURITY_PROTOCOL=SASL_SSL} in the environment (lower case,
 * {@code _} -> {@code .}; {@code KAFKA_*_OPTS}, the Kafka scripts' JVM options, are ignored).
 * Precedence: flags, then environment, then the file, then the defaults.
 */
public final class MonitorConfig {
    public static final String DEFAULT_HYPOTHESES_TOPIC = DefaultTopics.HYPOTHESES;
    public static final String DEFAULT_REFERENCES_TOPIC = DefaultTopics.REFERENCES;
    public static final String DEFAULT_SCORES_TOPIC = DefaultTopics.SCORES;
    public static final String DEFAULT_DEAD_LETTERS_TOPIC = DefaultTopics.DEAD_LETTERS;
    public static final String DEFAULT_METRICS_TOPIC = DefaultTopics.METRICS;
    /**
     * The detection topic's name after the application id when none is set: internal to one
     * monitor, like Kafka Streams' own internal topics, so that two monitors on one cluster never
     * feed each other's detectors.
     */
    public static final String DETECTION_TOPIC_SUFFIX = "-segmon-detection";
    /** Every setting name (flags, properties file, and SEGMON_* environment variables): {@link Settings#ALL}'s. */
    public static final java.util.Set<String> SETTINGS = Settings.ALL.stream().map(Setting::name)
            .collect(java.util.stream.Collectors.toUnmodifiableSet());
    /** Prefix of pass-through Kafka settings in flag maps and properties files. */
    public static final String KAFKA_PREFIX = "kafka.";

    /** The values, a private copy of the builder's (so each setting is one builder field, not two). */
    private final Builder v;

    private MonitorConfig(Builder b) {
        this.v = b.copy();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this configuration's values, to derive a variant. */
    public Builder toBuilder() {
        return v.copy();
    }

    public String bootstrapServers() { return v.bootstrapServers; }
    public String applicationId() { return v.applicationId; }
    /** Hit tolerance in seconds ({@code |hyp - ref| <= tolerance}) of every tier not given its own. */
    public double tolerance() { return v.tolerances.fallback(); }
    /** Each tier's hit tolerance. */
    public Tolerances tolerances() { return v.tolerances; }
    /** What makes a pair within the tolerance a hit. */
    public HitRule hitRule() { return v.hitRule; }
    /** The port of {@code /metrics}, {@code /health}, {@code /ready}; 0 asks for an ephemeral one. */
    public int metricsPort() { return v.metricsPort; }
    /** The one address of the metrics port, in place of every interface on {@link #metricsPort}; null = none given. */
    public ListenAddress webListenAddress() { return v.webListenAddress; }
    /** The exporter-toolkit web configuration of the metrics port (TLS, basic authentication); null = plain HTTP, open. */
    public Path webConfigFile() { return v.webConfigFile; }
    /** How far (seconds of audio time) boundaries of one side of one utterance may arrive out of order. */
    public double maxDisorder() { return v.maxDisorder; }
    /** How long (wall clock) a reference is kept after its last chunk, and a hypothesis waits for one. */
    public Duration referenceMaxDelay() { return v.referenceMaxDelay; }
    /** How often (wall clock) the expiry punctuation runs. */
    public Duration expiryInterval() { return v.expiryInterval; }
    /** A hypothesis word longer than this is a long-word anomaly. */
    public Duration maxWordDuration() { return v.maxWordDuration; }
    public String hypothesesTopic() { return v.hypothesesTopic; }
    public String referencesTopic() { return v.referencesTopic; }
    public String scoresTopic() { return v.scoresTopic; }
    public String deadLettersTopic() { return v.deadLettersTopic; }
    public String metricsTopic() { return v.metricsTopic; }
    /** The internal topic that carries closed utterances, keyed by series, to the change detectors. */
    public String detectionTopic() { return v.detectionTopic != null ? v.detectionTopic : v.applicationId + DETECTION_TOPIC_SUFFIX; }
    /** How the change detectors are set (docs/detection.md). */
    public DetectorSettings detector() { return v.detector; }
    /** Kafka Streams' state directory; null = Kafka Streams' default. */
    public Path stateDir() { return v.stateDir; }
    /** Whether missing topics are created with the AdminClient at start. */
    public boolean createTopics() { return v.createTopics; }
    /** Partitions of topics the monitor creates; 0 = the broker's default. */
    public int partitions() { return v.partitions; }
    /** Replication factor of topics the monitor creates; 0 = the broker's default. */
    public short replicationFactor() { return v.replicationFactor; }
    /** The tiers accepted; empty = any tier. A record of another tier is a dead letter ({@code unknown_tier}). */
    public java.util.Set<String> tiers() { return java.util.Collections.unmodifiableSet(v.tiers); }
    /** The paired comparisons booked (docs/intervals.md, "Paired comparison"); empty = none. */
    public java.util.List<Comparison> comparisons() { return java.util.Collections.unmodifiableList(v.comparisons); }
    /** Reference labels left out of the transcript (not out of the boundaries); empty labels always are. */
    public java.util.Set<String> ignoreLabels() { return v.ignoreLabels; }
    /** Whether an utterance closed {@code unreferenced} is left out of the scores (the default) or scored against an empty reference. */
    public Unreferenced unreferenced() { return v.unreferenced; }
    /** Which labels become dimensions of every series ({@link SliceRule#NONE}: none; docs/slices.md). */
    public SliceRule slices() { return new SliceRule(v.sliceKeys, v.sliceCap, v.sliceValues); }
    /** Extra Kafka / Kafka Streams client settings, passed through unchanged (they win over segmon's defaults). */
    public Map<String, String> kafkaProperties() { return java.util.Collections.unmodifiableMap(v.kafkaProperties); }

    /**
     * Resolves a configuration: {@code flags} (setting name -> value, as the command line gave them;
     * {@code kafka.X} entries pass through), then {@code env} ({@code SEGMON_*}, {@code KAFKA_*}),
     * then {@code propertiesFile} (may be null), then the defaults ({@link ConfigSources}).
     *
     * @throws IllegalArgumentException naming the setting and its source when a value is malformed,
     *                                  a setting is unknown or the bootstrap servers are missing
     */
    public static MonitorConfig fromSources(Map<String, String> flags, Map<String, String> env, Path propertiesFile) {
        return ConfigSources.resolve(flags, env, propertiesFile);
    }

    /** {@code 24h}, {@code 90s}, {@code 500ms}, {@code 15m}, {@code 2d}, ISO-8601 ({@code PT1H}) or plain seconds. */
    public static Duration parseDuration(String text) {
        return Parsers.duration(text);
    }

    @Override
    public String toString() {
        return "MonitorConfig[bootstrapServers=" + v.bootstrapServers + ", applicationId=" + v.applicationId
                + ", tolerance=" + v.tolerances + ", hitRule=" + v.hitRule.label() + ", metricsPort=" + v.metricsPort + ", maxDisorder=" + v.maxDisorder
                + ", referenceMaxDelay=" + v.referenceMaxDelay + ", topics=" + v.hypothesesTopic + "," + v.referencesTopic
                + "," + v.scoresTopic + "," + v.deadLettersTopic + "," + v.metricsTopic + ", kafka=" + v.kafkaProperties.keySet() + "]";
    }

    /** Fluent builder; it starts from {@link Settings}' defaults and every setter validates. */
    public static final class Builder implements Cloneable {
        private String bootstrapServers;
        private String applicationId;
        private Tolerances tolerances;
        private HitRule hitRule;
        private int metricsPort;
        private ListenAddress webListenAddress;
        private Path webConfigFile;
        private double maxDisorder;
        private Duration referenceMaxDelay;
        private Duration expiryInterval;
        private Duration maxWordDuration;
        private String hypothesesTopic;
        private String referencesTopic;
        private String scoresTopic;
        private String deadLettersTopic;
        private String metricsTopic;
        private String detectionTopic;
        private DetectorSettings detector = DetectorSettings.DEFAULTS;
        private Path stateDir;
        private boolean createTopics;
        private int partitions;
        private short replicationFactor;
        private Map<String, String> kafkaProperties = new LinkedHashMap<>();
        private java.util.Set<String> tiers = new java.util.LinkedHashSet<>();
        private java.util.List<Comparison> comparisons = new java.util.ArrayList<>();
        private java.util.Set<String> ignoreLabels = java.util.Set.of();
        private Unreferenced unreferenced;
        private java.util.List<String> sliceKeys = java.util.List.of();
        private int sliceCap = SliceRule.DEFAULT_CAP;
        private Map<String, java.util.Set<String>> sliceValues = Map.of();

        private Builder() {
            Settings.ALL.forEach(s -> s.applyDefault(this));
        }

        /** A copy: the fields are immutable values but for the two collections, copied here. */
        private Builder copy() {
            try {
                Builder c = (Builder) super.clone();
                c.kafkaProperties = new LinkedHashMap<>(kafkaProperties);
                c.tiers = new java.util.LinkedHashSet<>(tiers);
                c.comparisons = new java.util.ArrayList<>(comparisons);
                return c;
            } catch (CloneNotSupportedException e) {
                throw new AssertionError(e);
            }
        }

        public Builder bootstrapServers(String v) { this.bootstrapServers = Objects.requireNonNull(v); return this; }
        public Builder applicationId(String v) { this.applicationId = nonBlank(v, "application id"); return this; }

        /** One tolerance for every tier. */
        public Builder tolerance(double seconds) {
            this.tolerances = Tolerances.of(seconds);
            return this;
        }

        public Builder tolerances(Tolerances t) {
            this.tolerances = Objects.requireNonNull(t);
            return this;
        }

        public Builder hitRule(HitRule rule) {
            this.hitRule = Objects.requireNonNull(rule);
            return this;
        }

        public Builder metricsPort(int port) {
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("metrics port must be 0..65535");
            }
            this.metricsPort = port;
            return this;
        }

        public Builder webListenAddress(ListenAddress address) { this.webListenAddress = address; return this; }

        /** The web configuration file; an empty path is none. */
        public Builder webConfigFile(Path file) { this.webConfigFile = file == null || file.toString().isEmpty() ? null : file; return this; }

        public Builder maxDisorder(double seconds) {
            this.maxDisorder = Seconds.nonNegative(seconds, "max disorder");
            return this;
        }

        public Builder referenceMaxDelay(Duration d) { this.referenceMaxDelay = nonNegative(d); return this; }
        public Builder maxWordDuration(Duration d) { this.maxWordDuration = nonNegative(d); return this; }

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
        public Builder detectionTopic(String v) { this.detectionTopic = nonBlank(v, "topic"); return this; }
        public Builder detector(DetectorSettings d) { this.detector = Objects.requireNonNull(d); return this; }
        public Builder falseAlarmPeriod(Duration d) { this.detector = detector.withFalseAlarmPeriod(d); return this; }
        public Builder detectorLearn(int n) { this.detector = detector.withLearnUtterances(n); return this; }
        public Builder detectorPairedLearn(int n) { this.detector = detector.withPairedLearnUtterances(n); return this; }
        public Builder detectorMargin(double m) { this.detector = detector.withMargin(m); return this; }
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

        /** Book candidate minus baseline (repeatable; a comparison given twice is booked once). */
        public Builder compare(Comparison c) {
            if (!comparisons.contains(c)) {
                comparisons.add(c);
            }
            return this;
        }

        /** The reference labels left out of the transcript (replaces the default set). */
        public Builder ignoreLabels(java.util.Set<String> labels) {
            this.ignoreLabels = java.util.Set.copyOf(labels);
            return this;
        }

        public Builder unreferenced(Unreferenced u) { this.unreferenced = Objects.requireNonNull(u); return this; }

        public Builder sliceKeys(java.util.List<String> keys) { this.sliceKeys = java.util.List.copyOf(keys); return this; }

        public Builder sliceCap(int cap) { this.sliceCap = cap; return this; }

        public Builder sliceValues(Map<String, java.util.Set<String>> values) { this.sliceValues = Map.copyOf(values); return this; }

        /** One pass-through Kafka / Kafka Streams client setting ({@code security.protocol}, ...). */
        public Builder kafkaProperty(String key, String value) {
            kafkaProperties.put(nonBlank(key, "kafka setting"), Objects.requireNonNull(value));
            return this;
        }

        public Builder kafkaProperties(Map<String, String> props) {
            props.forEach(this::kafkaProperty);
            return this;
        }

        boolean hasBootstrapServers() {
            return bootstrapServers != null && !bootstrapServers.isBlank();
        }

        public MonitorConfig build() {
            if (bootstrapServers == null) {
                throw new IllegalStateException("bootstrapServers is required");
            }
            new SliceRule(sliceKeys, sliceCap, sliceValues); // refuses a rule that cannot hold
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
