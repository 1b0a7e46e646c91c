package dev.segmon.app.health;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;

/**
 * What {@code /health} and {@code /ready} judge, at one moment: the Kafka Streams client's state,
 * whether this process asked it to stop, when the cluster last answered and how long ago the stream
 * thread that polled least recently last polled.
 *
 * <p>Liveness ({@link #liveness}) fails only for what a restart of the process can cure: a client
 * that stopped for good (ERROR, PENDING_ERROR; PENDING_SHUTDOWN or NOT_RUNNING that nobody asked
 * for) or a wedged one. Never while starting, rebalancing or restoring, and never because the
 * broker is away: a restarted monitor would not reach it either, and would lose its warm stores.
 *
 * <p>Wedged: RUNNING while some stream thread has not polled for {@code wedgedAfter}, set by the
 * monitor to three times the main consumer's {@code max.poll.interval.ms} (15 min by default).
 * The consumer itself gives up on a thread after one such interval (it leaves the group); a broker
 * outage holds a thread's turn at most for a few blocking calls of {@code max.block.ms} or
 * {@code default.api.timeout.ms} (60 s each) before the call fails and the thread is replaced
 * (docs/faults.md); a thread that has not polled for three intervals is stuck in its own code.
 *
 * <p>Readiness ({@link #readiness}) holds while the client is RUNNING (and not wedged), also with
 * the broker away: the page and the API go on serving what the instance holds, and the answer says
 * how old that is.
 *
 * @param state          the client's state; null before the client is made (topic check)
 * @param closing        this process asked the client to stop
 * @param nowMs          the moment judged, epoch ms
 * @param lastContactMs  when the cluster last answered ({@link BrokerContact})
 * @param pollAgeSeconds seconds since the least recent poll of a stream thread; NaN when none polled yet
 * @param wedgedAfter    how long a RUNNING client's thread may go without polling
 */
public record ClientHealth(KafkaStreams.State state, boolean closing, long nowMs, long lastContactMs, double pollAgeSeconds,
                           Duration wedgedAfter) {
    /** Beyond this age of the last contact the figures are called stale (the page's banner). */
    public static final double STALE_AFTER_SECONDS = 15;

    /** One probe's answer: whether it passes, and why, in a few words. */
    public record Verdict(boolean ok, String reason, ClientHealth health) {
    }

    /** How many {@code max.poll.interval.ms} a RUNNING client's thread may go without polling. */
    static final int WEDGED_AFTER_POLL_INTERVALS = 3;

    /** The wedged limit for a client of these Kafka Streams properties: {@link #WEDGED_AFTER_POLL_INTERVALS} main-consumer poll intervals. */
    public static Duration wedgedAfter(Properties streamsProperties) {
        Map<String, Object> consumer = new StreamsConfig(streamsProperties).getMainConsumerConfigs("health", "health", 0);
        Object interval = consumer.get(ConsumerConfig.MAX_POLL_INTERVAL_MS_CONFIG);
        long ms = interval == null ? DEFAULT_MAX_POLL_INTERVAL_MS : Long.parseLong(interval.toString());
        return Duration.ofMillis(WEDGED_AFTER_POLL_INTERVALS * ms);
    }

    /** The consumer's default {@code max.poll.interval.ms}, which Kafka Streams leaves as it is. */
    private static final long DEFAULT_MAX_POLL_INTERVAL_MS = 300_000;

    /** The state's name, {@code STARTING} before the client exists. */
    public String stateName() {
        return state == null ? "STARTING" : state.name();
    }

    public double contactAgeSeconds() {
        return Math.max(0, nowMs - lastContactMs) / 1000.0;
    }

    /** No answer from the cluster for longer than {@link #STALE_AFTER_SECONDS}. */
    public boolean stale() {
        return contactAgeSeconds() > STALE_AFTER_SECONDS;
    }

    public boolean wedged() {
        return state == KafkaStreams.State.RUNNING && pollAgeSeconds * 1000 > wedgedAfter.toMillis();
    }

    public Verdict liveness() {
        if (state == null) {
            return new Verdict(true, "starting", this);
        }
        return switch (state) {
            case CREATED -> new Verdict(true, "starting", this);
            case REBALANCING -> new Verdict(true, "rebalancing or restoring state", this);
            case RUNNING -> wedged() ? new Verdict(false, wedgedReason(), this) : new Verdict(true, "processing", this);
            case PENDING_SHUTDOWN, NOT_RUNNING -> closing ? new Verdict(true, "shutting down as asked", this)
                    : new Verdict(false, "the client shut down without being asked", this);
            case PENDING_ERROR, ERROR -> new Verdict(false, "the client failed and stopped for good", this);
        };
    }

    public Verdict readiness() {
        Verdict live = liveness();
        if (state == KafkaStreams.State.RUNNING && live.ok()) {
            return live;
        }
        return new Verdict(false, live.reason(), this);
    }

    private String wedgedReason() {
        return String.format(Locale.ROOT, "wedged: a stream thread has not polled for %.0f s (limit %d s)",
                pollAgeSeconds, wedgedAfter.toSeconds());
    }
}
