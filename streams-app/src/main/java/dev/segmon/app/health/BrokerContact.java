package dev.segmon.app.health;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * When the cluster last answered this instance, and how long ago its stream threads last polled,
 * read from the Kafka clients' own metrics once every {@link #PERIOD_MS}.
 *
 * <p>Contact: a client's {@code response-total} (consumer, restore consumer, producer and admin
 * client) counts the responses it received from a broker, so it grows only while some broker
 * answers. It grows without traffic too: the main consumer's fetches come back after at most
 * {@code fetch.max.wait.ms} (500 ms) with or without records, and its heartbeats go every
 * {@code heartbeat.interval.ms} (3 s). A sample in which some client's count grew dates the
 * contact to that sample, so the age is late by at most one period. A client that appears (a
 * replaced stream thread) counts as contact only once it has a response of its own; one that
 * disappears takes nothing with it, as each client is compared with itself.
 *
 * <p>Before the first sample the last contact is the moment this object was made: the monitor makes
 * it right after the topic check, which the cluster answered.
 *
 * <p>Polls: the main consumers' {@code last-poll-seconds-ago}. A stream thread polls on every turn
 * of its loop, with or without records and with or without the broker (a poll returns after its
 * timeout when no broker answers), so an old poll means the thread is stuck in one turn.
 */
public final class BrokerContact implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(BrokerContact.class);
    /** How often the metrics are read. */
    public static final long PERIOD_MS = 1_000;
    private static final Set<String> CLIENT_GROUPS = Set.of("consumer-metrics", "producer-metrics", "admin-client-metrics");
    private static final String RESPONSES = "response-total";
    private static final String LAST_POLL = "last-poll-seconds-ago";

    private final Supplier<Map<MetricName, ? extends Metric>> metrics;
    private final Supplier<Set<String>> polling;
    private final LongSupplier clock;
    private final Map<String, Double> responses = new HashMap<>();
    private volatile long lastContactMs;
    private volatile double pollAgeSeconds = Double.NaN;
    private ScheduledExecutorService timer;

    BrokerContact(Supplier<Map<MetricName, ? extends Metric>> metrics, LongSupplier clock) {
        this(metrics, () -> null, clock);
    }

    BrokerContact(Supplier<Map<MetricName, ? extends Metric>> metrics, Supplier<Set<String>> polling, LongSupplier clock) {
        this.metrics = metrics;
        this.polling = polling;
        this.clock = clock;
        this.lastContactMs = clock.getAsLong();
    }

    /**
     * Samples {@code metrics} (a Kafka Streams client's {@code metrics()}) every {@link #PERIOD_MS}
     * until {@link #close}; the poll age counts only the main consumers named by {@code polling}
     * (null: all), those of the stream threads that are not shutting down: a thread being replaced
     * no longer polls, and while the broker is away its shutdown can take many minutes, each
     * store's flush waiting up to {@code max.block.ms} (docs/faults.md, scenario 8).
     */
    public static BrokerContact start(Supplier<Map<MetricName, ? extends Metric>> metrics, Supplier<Set<String>> polling) {
        BrokerContact contact = new BrokerContact(metrics, polling, System::currentTimeMillis);
        contact.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "segmon-broker-contact");
            t.setDaemon(true);
            return t;
        });
        contact.timer.scheduleAtFixedRate(contact::sampleQuietly, PERIOD_MS, PERIOD_MS, TimeUnit.MILLISECONDS);
        return contact;
    }

    private void sampleQuietly() {
        try {
            sample();
        } catch (RuntimeException e) {
            // A failed sample must not end the schedule: the age would stop growing as well.
            LOG.debug("segmon: cannot read the Kafka client metrics", e);
        }
    }

    /** Reads the metrics once. */
    synchronized void sample() {
        long now = clock.getAsLong();
        boolean answered = false;
        double oldestPoll = Double.NaN;
        Set<String> live = polling.get();
        for (Map.Entry<MetricName, ? extends Metric> e : metrics.get().entrySet()) {
            MetricName name = e.getKey();
            if (!CLIENT_GROUPS.contains(name.group())) {
                continue;
            }
            if (name.name().equals(RESPONSES)) {
                double count = value(e.getValue());
                Double before = responses.put(name.group() + "/" + name.tags().get("client-id"), count);
                answered |= count > (before == null ? 0 : before);
            } else if (name.name().equals(LAST_POLL) && isMainConsumer(name.tags().get("client-id"))
                    && (live == null || live.contains(name.tags().get("client-id")))) {
                double ago = value(e.getValue());
                // -1: not polled yet (a thread just started), which is no sign of being stuck.
                if (ago >= 0 && (Double.isNaN(oldestPoll) || ago > oldestPoll)) {
                    oldestPoll = ago;
                }
            }
        }
        if (answered) {
            lastContactMs = now;
        }
        pollAgeSeconds = oldestPoll;
    }

    /** A stream thread's consumer ({@code <client>-StreamThread-<n>-consumer}), not a restore or global one. */
    static boolean isMainConsumer(String clientId) {
        return clientId != null && clientId.endsWith("-consumer")
                && !clientId.endsWith("restore-consumer") && !clientId.endsWith("global-consumer");
    }

    private static double value(Metric m) {
        return m.metricValue() instanceof Number n ? n.doubleValue() : Double.NaN;
    }

    /** Epoch milliseconds of the last sample in which the cluster had answered. */
    public long lastContactMs() {
        return lastContactMs;
    }

    /** Seconds since the last contact at {@code nowMs}. */
    public double ageSeconds(long nowMs) {
        return Math.max(0, nowMs - lastContactMs) / 1000.0;
    }

    /** Seconds since the stream thread that polled least recently last polled (NaN: no stream thread has polled yet). */
    public double pollAgeSeconds() {
        return pollAgeSeconds;
    }

    @Override
    public void close() {
        if (timer != null) {
            timer.shutdownNow();
        }
    }
}
