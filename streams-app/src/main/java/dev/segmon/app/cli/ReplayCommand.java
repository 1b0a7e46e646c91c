package dev.segmon.app.cli;

import dev.segmon.app.cli.support.JsonOutput;
import dev.segmon.app.cli.support.UsageException;
import dev.segmon.app.cli.support.AlignmentInputOptions;
import dev.segmon.app.cli.support.SliceOptions;
import dev.segmon.app.cli.support.UnreferencedOption;
import dev.segmon.app.broker.KafkaLogging;
import dev.segmon.app.replay.KafkaTrafficSink;
import dev.segmon.app.replay.RecordTimes;
import dev.segmon.app.replay.Replay;
import dev.segmon.app.topology.TopicAdmin;
import dev.segmon.app.replay.InputTopics;
import dev.segmon.model.io.UtteranceReader;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code segmon replay}: a corpus in any {@code eval boundaries} format onto the monitor's topics (docs/contract.md 3.0). */
@Command(name = "replay",
        mixinStandardHelpOptions = true,
        description = {
            "Sends a reference and one model's hypothesis (any format eval boundaries reads) to the monitor's input "
                + "topics: every hypothesis boundary, an 'end' per utterance and each reference as one message with "
                + "final: true. Returns when Kafka has acknowledged everything (acks=all, idempotent producer).",
            "Either side may be sent alone: --hyp without --ref (no reference is sent), or --ref without --hyp "
                + "(no hypothesis; --model is then not needed).",
            "--tier also names the messages' tier (default: word)."})
public final class ReplayCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--bootstrap-servers", required = true, paramLabel = "HOST:PORT", description = "Kafka bootstrap servers.")
    String bootstrapServers;

    @Option(names = "--ref", paramLabel = "R", description = "Reference alignment (at least one of --ref and --hyp).")
    Path reference;

    @Option(names = "--hyp", paramLabel = "H", description = "Hypothesis alignment (at least one of --ref and --hyp).")
    Path hypothesis;

    @Option(names = "--model", paramLabel = "NAME", description = "Model name put in every hypothesis message (required with --hyp).")
    String model;

    @Option(names = "--start-time", paramLabel = "TIME", converter = RecordTimeConverter.class,
            description = "Record timestamp of the first utterance's messages: epoch milliseconds or an ISO-8601 instant "
                    + "(e.g. 2026-11-27T08:00:00Z; default: the producer's clock at each send, or, with --utterance-spacing, the clock at start).")
    Long startTime;

    @Option(names = "--utterance-spacing", paramLabel = "SECONDS",
            description = "Record time between consecutive utterances' messages, the reference's included "
                    + "(default: 0 with --start-time; without either option the producer stamps each message at send).")
    Double utteranceSpacing;

    @Option(names = "--rate", paramLabel = "EVENTS_PER_S", defaultValue = "0",
            description = "Messages per second over both topics; 0 = as fast as Kafka takes them (default: ${DEFAULT-VALUE}).")
    double rate;

    @Option(names = "--reference-delay", paramLabel = "SECONDS", defaultValue = "0",
            description = "Send each reference this many wall-clock seconds after its utterance's hypothesis 'end' (default: ${DEFAULT-VALUE}).")
    double referenceDelay;

    @Option(names = "--shuffle-within", paramLabel = "SECONDS", defaultValue = "0",
            description = "Send each utterance's boundaries out of order, none after one more than SECONDS of audio later "
                    + "(keep it within the monitor's --max-disorder; default: ${DEFAULT-VALUE} = in time order).")
    double shuffleWithin;

    @Mixin
    UnreferencedOption unreferenced;

    @Option(names = "--declare", paramLabel = "expected|none|auto",
            description = "Declare on each end whether a reference will follow: expected, none, or auto (expected for the ids "
                    + "a reference is sent for, none for the rest; docs/contract.md 3.1). Default: nothing declared.")
    String declare;

    @Option(names = "--no-duration",
            description = "Send end messages without the audio's duration (default: the later of the reference's last segment end and the hypothesis' last boundary).")
    boolean noDuration;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed of --shuffle-within (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = {"--hypotheses-topic", "--topic-hypotheses"}, paramLabel = "TOPIC", defaultValue = dev.segmon.app.wire.DefaultTopics.HYPOTHESES,
            description = "Hypothesis topic (default: ${DEFAULT-VALUE}).")
    String hypothesesTopic;

    @Option(names = {"--references-topic", "--topic-references"}, paramLabel = "TOPIC", defaultValue = dev.segmon.app.wire.DefaultTopics.REFERENCES,
            description = "Reference topic (default: ${DEFAULT-VALUE}).")
    String referencesTopic;

    @Option(names = "--producer-property", paramLabel = "KEY=VALUE",
            description = "Extra Kafka producer setting, e.g. security.protocol=SSL (repeatable).")
    Map<String, String> producerProperties = new LinkedHashMap<>();

    @Option(names = "--json", description = "Print what was sent as one JSON object.")
    boolean json;

    @Mixin
    AlignmentInputOptions input;

    @Option(names = "--labels", paramLabel = "FILE",
            description = "Labels per utterance, tab-separated lines 'id key=value...', sent on each end beside a JSONL hypothesis' own labels (docs/slices.md).")
    Path labelsFile;

    @Option(names = "--reference-labels", paramLabel = "FILE",
            description = "Labels per utterance known on the reference side, same format, sent on each reference beside a JSONL reference's own labels (docs/slices.md).")
    Path referenceLabelsFile;

    @Override
    public Integer call() throws InterruptedException {
        Replay replay = replay();
        KafkaLogging.quiet();
        InputTopics topics = new InputTopics(hypothesesTopic, referencesTopic);
        Replay.Summary summary;
        try (UtteranceReader ref = reference == null ? null : input.open(reference);
             UtteranceReader hyp = hypothesis == null ? null : input.open(hypothesis);
             KafkaTrafficSink sink = new KafkaTrafficSink(bootstrapServers, topics, producerProperties)) {
            // Best effort: creating the input topics first avoids relying on auto-creation (off on
            // many clusters); both get the cluster's default partition count, which the monitor's
            // per-utterance join needs.
            java.util.Map<String, Object> admin = new java.util.HashMap<>(producerProperties);
            admin.put(org.apache.kafka.clients.admin.AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
            TopicAdmin.ensure(admin, java.util.List.of(topics.hypotheses(), topics.references()), TopicAdmin.Creation.DEFAULTS,
                    TopicAdmin.Mode.BEST_EFFORT);
            summary = hyp == null ? replay.referencesOnly(ref, sink) : ref == null ? replay.hypothesesOnly(hyp, sink) : replay.run(ref, hyp, sink);
            sink.flush();
            // A record's words carry times (docs/contract.md 3.1): untimed words cannot be sent.
            String fate = "not sent (a message's words need times), so not in the monitor's transcript";
            AlignmentInputOptions.reportUntimed(ref, spec.commandLine().getErr(), fate);
            AlignmentInputOptions.reportUntimed(hyp, spec.commandLine().getErr(), fate);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("utterances", summary.utterances());
            o.put("boundaries", summary.boundaries());
            o.put("words", summary.words());
            o.put("ends", summary.ends());
            o.put("references", summary.references());
            o.put("messages", summary.messages());
            JsonOutput.print(out, o);
        } else {
            out.printf("sent %d messages (%d boundaries, %d words, %d ends, %d references) for %d utterances%s%n",
                    summary.messages(), summary.boundaries(), summary.words(), summary.ends(), summary.references(), summary.utterances(),
                    hypothesis == null ? "" : " of model " + model);
        }
        out.flush();
        return SegmonCommand.EXIT_OK;
    }

    private Replay replay() {
        if (!(rate >= 0) || Double.isInfinite(rate)) {
            throw new UsageException("--rate must be a number of messages per second >= 0, not " + rate);
        }
        if (!(referenceDelay >= 0) || Double.isInfinite(referenceDelay)) {
            throw new UsageException("--reference-delay must be a number of seconds >= 0, not " + referenceDelay);
        }
        if (!(shuffleWithin >= 0) || Double.isInfinite(shuffleWithin)) {
            throw new UsageException("--shuffle-within must be a number of seconds >= 0, not " + shuffleWithin);
        }
        if (reference == null && hypothesis == null) {
            throw new UsageException("give --ref, --hyp or both");
        }
        if (hypothesis != null && (model == null || model.isBlank())) {
            throw new UsageException(model == null ? "--hyp needs --model" : "--model must not be empty");
        }
        if (utteranceSpacing != null && (!(utteranceSpacing >= 0) || Double.isInfinite(utteranceSpacing))) {
            throw new UsageException("--utterance-spacing must be a number of seconds >= 0, not " + utteranceSpacing);
        }
        return Replay.builder()
                .model(model)
                .tier(messageTier())
                .eventsPerSecond(rate)
                .referenceDelay(Duration.ofNanos(Math.round(referenceDelay * 1e9)))
                .shuffleWithin(shuffleWithin)
                .seed(seed)
                .ignoreLabels(input.ignoredLabels())
                .durations(!noDuration)
                .unreferenced(unreferenced.value())
                .declare(declare())
                .recordTimes(recordTimes())
                .labels(hypothesis == null ? new dev.segmon.model.io.UtteranceLabels()
                        : SliceOptions.labels(hypothesis, input.readOptions().format(), labelsFile))
                .referenceLabels(reference == null ? new dev.segmon.model.io.UtteranceLabels()
                        : SliceOptions.labels(reference, input.readOptions().format(), referenceLabelsFile))
                .build();
    }

    private Replay.Declare declare() {
        if (declare == null) {
            return Replay.Declare.NOTHING;
        }
        return switch (declare) {
            case "expected" -> Replay.Declare.EXPECTED;
            case "none" -> Replay.Declare.NONE;
            case "auto" -> Replay.Declare.AUTO;
            default -> throw new UsageException("--declare must be expected, none or auto, not " + declare);
        };
    }

    /** The record times asked for; null (the producer's clock at each send) when neither option is given. */
    private RecordTimes recordTimes() {
        if (startTime == null && utteranceSpacing == null) {
            return null;
        }
        return new RecordTimes(startTime == null ? System.currentTimeMillis() : startTime,
                utteranceSpacing == null ? 0 : utteranceSpacing);
    }

    /** {@code --start-time}: epoch milliseconds, or an ISO-8601 instant such as 2026-11-27T08:00:00Z. */
    static final class RecordTimeConverter implements CommandLine.ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            String v = value.strip();
            try {
                long millis = v.chars().allMatch(Character::isDigit) && !v.isEmpty()
                        ? Long.parseLong(v) : java.time.Instant.parse(v).toEpochMilli();
                if (millis >= 0) {
                    return millis;
                }
            } catch (NumberFormatException | java.time.format.DateTimeParseException | ArithmeticException e) {
                // reported below
            }
            throw new CommandLine.TypeConversionException(
                    "'" + value + "' is not a time: epoch milliseconds or an ISO-8601 instant (2026-11-27T08:00:00Z) at or after 1970");
        }
    }

    /**
     * The {@code tier} of the messages: the --tier name without a {@code #K} index (so {@code
     * --tier phones#2} reads the second "phones" tier and labels the messages "phones"), or
     * {@code word} when no name is given.
     */
    private String messageTier() {
        String t = input.readOptions().tier();
        if (t == null) {
            return "word";
        }
        int hash = t.lastIndexOf('#');
        String name = hash < 0 ? t : t.substring(0, hash);
        return name.isEmpty() ? "word" : name;
    }
}
