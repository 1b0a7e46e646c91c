package dev.segmon.app.config;

import dev.segmon.model.boundary.BoundaryScorer;
import dev.segmon.model.boundary.HitRule;
import dev.segmon.model.boundary.Tolerances;
import dev.segmon.model.boundary.Unreferenced;
import dev.segmon.model.detection.DetectorSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The monitor's settings, each declared once (docs/contract.md 3.0). The environment mapping,
 * the properties-file keys, the options of {@code segmon run}, its help and the builder's
 * defaults all come from this table.
 */
public final class Settings {
    private Settings() {
    }

    public static final Setting<String> BOOTSTRAP_SERVERS = text("bootstrap-servers", "HOST:PORT",
            "Kafka bootstrap servers (required in some source).", null, MonitorConfig.Builder::bootstrapServers);
    public static final Setting<String> APPLICATION_ID = text("application-id", "ID",
            "Kafka Streams application id.", "segmon", MonitorConfig.Builder::applicationId);
    public static final Setting<Tolerances> TOLERANCE = new Setting<>("tolerance", "SECONDS|TIER=SECONDS,...",
            "Hit tolerance: a hit needs |hyp - ref| <= tolerance; per tier as word=0.05,phone=0.02 (a tier not named: the bare value, else 0.02).",
            Tolerances.of(BoundaryScorer.DEFAULT_TOLERANCE_SECONDS), Tolerances::parse, Tolerances::toString,
            MonitorConfig.Builder::tolerances);
    public static final Setting<HitRule> HIT_RULE = new Setting<>("hit-rule", "time|label",
            "What makes a pair within the tolerance a hit: its times (time) or also the words on either side (label; docs/contract.md 2.1).",
            HitRule.TIME, HitRule::parse, HitRule::label, MonitorConfig.Builder::hitRule);
    public static final Setting<Integer> METRICS_PORT = new Setting<>("metrics-port", "PORT",
            "Port of /metrics, /health, /ready; 0 = any free port.", 9464, Integer::valueOf, String::valueOf,
            MonitorConfig.Builder::metricsPort);
    public static final Setting<ListenAddress> WEB_LISTEN_ADDRESS = new Setting<>("web-listen-address", "HOST:PORT",
            "The one address the metrics port listens on ([::1]:9464 for IPv6), in place of every interface on --metrics-port.",
            null, ListenAddress::parse, ListenAddress::toString, MonitorConfig.Builder::webListenAddress);
    public static final Setting<Path> WEB_CONFIG_FILE = new Setting<>("web-config-file", "FILE",
            "TLS and basic authentication of the metrics port, in the Prometheus exporter-toolkit's YAML, re-read when it changes (docs/security.md).",
            null, Path::of, Path::toString, MonitorConfig.Builder::webConfigFile);
    public static final Setting<Double> MAX_DISORDER = seconds("max-disorder",
            "How far, in audio seconds, boundaries of one side of an utterance may arrive out of order.", 5.0,
            MonitorConfig.Builder::maxDisorder);
    public static final Setting<Duration> REFERENCE_MAX_DELAY = duration("reference-max-delay",
            "How long (wall clock) a reference is kept after its last chunk, and a hypothesis waits for one.",
            Duration.ofHours(24), MonitorConfig.Builder::referenceMaxDelay);
    public static final Setting<Duration> MAX_WORD_DURATION = duration("max-word-duration",
            "A hypothesis word longer than this is counted as a long-word anomaly (docs/contract.md 3.6).",
            Duration.ofSeconds(2), MonitorConfig.Builder::maxWordDuration);
    public static final Setting<Duration> EXPIRY_INTERVAL = duration("expiry-interval",
            "How often (wall clock) expiry runs.", Duration.ofSeconds(10), MonitorConfig.Builder::expiryInterval);
    public static final Setting<String> HYPOTHESES_TOPIC = topic("hypotheses-topic", "Input topic of hypothesis alignments.", MonitorConfig.DEFAULT_HYPOTHESES_TOPIC,
            MonitorConfig.Builder::hypothesesTopic);
    public static final Setting<String> REFERENCES_TOPIC = topic("references-topic", "Input topic of reference alignments.", MonitorConfig.DEFAULT_REFERENCES_TOPIC,
            MonitorConfig.Builder::referencesTopic);
    public static final Setting<String> SCORES_TOPIC = topic("scores-topic", "Output topic of per-utterance scores.", MonitorConfig.DEFAULT_SCORES_TOPIC,
            MonitorConfig.Builder::scoresTopic);
    public static final Setting<String> DEAD_LETTERS_TOPIC = topic("dead-letters-topic", "Output topic of rejected records, with the reason.", MonitorConfig.DEFAULT_DEAD_LETTERS_TOPIC,
            MonitorConfig.Builder::deadLettersTopic);
    public static final Setting<String> DETECTION_TOPIC = topic("detection-topic",
            "Internal topic carrying each closed utterance's counts to its series' change detector (none = <application-id>"
                    + MonitorConfig.DETECTION_TOPIC_SUFFIX + "; docs/detection.md).",
            null, MonitorConfig.Builder::detectionTopic);
    public static final Setting<Duration> FALSE_ALARM_PERIOD = duration("false-alarm-period",
            "Mean time to a false change call per detected series and measure (docs/detection.md).",
            DetectorSettings.DEFAULTS.falseAlarmPeriod(), MonitorConfig.Builder::falseAlarmPeriod);
    public static final Setting<Integer> DETECTOR_LEARN = new Setting<>("detector-learn", "N",
            "Utterances a model's change detector learns its baseline from before it watches.",
            DetectorSettings.DEFAULTS.learnUtterances(), Integer::valueOf, String::valueOf, MonitorConfig.Builder::detectorLearn);
    public static final Setting<Integer> DETECTOR_PAIRED_LEARN = new Setting<>("detector-paired-learn", "N",
            "Utterances a comparison's change detector learns its variance from before it watches.",
            DetectorSettings.DEFAULTS.pairedLearnUtterances(), Integer::valueOf, String::valueOf, MonitorConfig.Builder::detectorPairedLearn);
    public static final Setting<Double> DETECTOR_MARGIN = new Setting<>("detector-margin", "X",
            "Smallest change worth calling, in the measure's units (0.01 = one point); 0 calls any change.",
            DetectorSettings.DEFAULTS.margin(), Double::valueOf, String::valueOf, MonitorConfig.Builder::detectorMargin);
    public static final Setting<String> METRICS_TOPIC = topic("metrics-topic", "Output topic of metric snapshots.", MonitorConfig.DEFAULT_METRICS_TOPIC,
            MonitorConfig.Builder::metricsTopic);
    public static final Setting<Path> STATE_DIR = new Setting<>("state-dir", "DIR",
            "Kafka Streams' state directory (none = Kafka Streams' default, under the OS temp directory).", null,
            Path::of, Path::toString, MonitorConfig.Builder::stateDir);
    public static final Setting<Boolean> CREATE_TOPICS = new Setting<>("create-topics", "true|false",
            "Create missing topics at start.", true, Parsers::bool, String::valueOf, MonitorConfig.Builder::createTopics);
    public static final Setting<Integer> PARTITIONS = new Setting<>("partitions", "N",
            "Partitions of the topics segmon creates; 0 = the broker's default.", 0, Integer::valueOf, String::valueOf,
            MonitorConfig.Builder::partitions);
    public static final Setting<Short> REPLICATION_FACTOR = new Setting<>("replication-factor", "N",
            "Replication factor of the topics segmon creates; 0 = the broker's default.", (short) 0, Short::valueOf,
            String::valueOf, MonitorConfig.Builder::replicationFactor);
    public static final Setting<List<String>> TIERS = new Setting<>("tiers", "A,B",
            "Accept only these tiers, comma-separated (empty = any); records of others are dead letters.", List.of(),
            Parsers::names, names -> names.isEmpty() ? "any" : String.join(",", names), (b, names) -> names.forEach(b::tier));

    public static final Setting<List<Comparison>> COMPARE = new Setting<>("compare", "CANDIDATE=BASELINE",
            "Book candidate minus baseline on the utterances scored for both (repeatable or comma-separated; docs/intervals.md).",
            List.of(), Comparison::parseList, list -> list.isEmpty() ? "none" : list.stream().map(Comparison::toString)
                    .collect(Collectors.joining(",")), (b, list) -> list.forEach(b::compare));

    public static final Setting<List<String>> IGNORE_LABELS = new Setting<>("ignore-labels", "A,B",
            "Reference labels left out of the transcript for word error rate, comma-separated (empty = none; docs/contract.md 3.1).",
            List.of("sil", "sp", "spn", "<eps>"), Parsers::names,
            labels -> labels.isEmpty() ? "none" : String.join(",", labels), (b, labels) -> b.ignoreLabels(new java.util.LinkedHashSet<>(labels)));

    public static final Setting<Unreferenced> UNREFERENCED = new Setting<>("unreferenced", "skip|score-empty",
            "An utterance whose hypothesis got no reference: left out of the scores (skip) or scored against an empty reference.",
            Unreferenced.SKIP, Unreferenced::parse, Unreferenced::label, MonitorConfig.Builder::unreferenced);

    public static final Setting<List<String>> SLICE_KEYS = new Setting<>("slice-keys", "A,B",
            "Label keys whose values become a dimension of every series, comma-separated (empty = none; docs/slices.md).",
            List.of(), Parsers::names, keys -> keys.isEmpty() ? "none" : String.join(",", keys), MonitorConfig.Builder::sliceKeys);
    public static final Setting<Integer> SLICE_CAP = new Setting<>("slice-cap", "N",
            "Most distinct values per slice key; a value beyond them is booked as other (docs/slices.md).",
            SliceRule.DEFAULT_CAP, Integer::valueOf, String::valueOf, MonitorConfig.Builder::sliceCap);
    public static final Setting<Map<String, java.util.Set<String>>> SLICE_VALUES = new Setting<>("slice-values", "KEY=V1,V2;...",
            "The values admitted per slice key, the rest booked as other: exact across instances (empty = the first slice-cap values seen).",
            Map.of(), SliceRule::parseValues, SliceRule::valuesText, MonitorConfig.Builder::sliceValues);

    /** Every setting, in the order of the help. */
    public static final List<Setting<?>> ALL = List.of(BOOTSTRAP_SERVERS, APPLICATION_ID, TOLERANCE, HIT_RULE, METRICS_PORT,
            WEB_LISTEN_ADDRESS, WEB_CONFIG_FILE, MAX_DISORDER, REFERENCE_MAX_DELAY, UNREFERENCED, EXPIRY_INTERVAL, HYPOTHESES_TOPIC, REFERENCES_TOPIC, SCORES_TOPIC,
            DEAD_LETTERS_TOPIC, METRICS_TOPIC, DETECTION_TOPIC, STATE_DIR, CREATE_TOPICS, PARTITIONS, REPLICATION_FACTOR, TIERS, COMPARE,
            IGNORE_LABELS, FALSE_ALARM_PERIOD, DETECTOR_LEARN, DETECTOR_PAIRED_LEARN, DETECTOR_MARGIN, SLICE_KEYS, SLICE_CAP, SLICE_VALUES,
            MAX_WORD_DURATION);

    private static final Map<String, Setting<?>> BY_NAME = ALL.stream()
            .collect(Collectors.toUnmodifiableMap(Setting::name, Function.identity()));

    /** The setting of this name, or null. */
    public static Setting<?> named(String name) {
        return BY_NAME.get(name);
    }

    private static Setting<String> text(String name, String label, String help, String dflt,
                                        java.util.function.BiConsumer<MonitorConfig.Builder, String> setter) {
        return new Setting<>(name, label, help, dflt, Function.identity(), Function.identity(), setter);
    }

    private static Setting<String> topic(String name, String help, String dflt,
                                         java.util.function.BiConsumer<MonitorConfig.Builder, String> setter) {
        return text(name, "TOPIC", help, dflt, setter);
    }

    private static Setting<Double> seconds(String name, String help, double dflt,
                                           java.util.function.BiConsumer<MonitorConfig.Builder, Double> setter) {
        return new Setting<>(name, "SECONDS", help, dflt, Parsers::seconds, String::valueOf, setter);
    }

    private static Setting<Duration> duration(String name, String help, Duration dflt,
                                              java.util.function.BiConsumer<MonitorConfig.Builder, Duration> setter) {
        return new Setting<>(name, "DURATION", help + " 24h, 90s, 500ms, PT1H or plain seconds.", dflt, Parsers::duration,
                Parsers::durationText, setter);
    }
}
