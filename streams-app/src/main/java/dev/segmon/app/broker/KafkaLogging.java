package dev.segmon.app.broker;

import java.util.List;
import java.util.Locale;

/**
 * How much of Kafka's own log (broker, clients, Kafka Streams) reaches the terminal. By default
 * WARN: the INFO chatter is hundreds of lines per start and drowns segmon's own lines.
 * {@code SEGMON_LOG_LEVEL=info} (or {@code debug}, {@code trace}, {@code error}, {@code off}) and
 * {@code segmon run --verbose} (= info) show more or less.
 *
 * <p>slf4j-simple reads a logger's level from system properties when the logger is created, so
 * this must run before any Kafka class logs; a level set on the java command line
 * ({@code -Dorg.slf4j.simpleLogger.log.kafka=info}) wins, and so does the first call here.
 */
public final class KafkaLogging {
    /** The environment variable naming the level. */
    public static final String ENV = "SEGMON_LOG_LEVEL";
    private static final List<String> LEVELS = List.of("trace", "debug", "info", "warn", "error", "off");
    private static final String[] KAFKA = {"kafka", "org.apache.kafka", "state.change.logger"};
    /*
     * WARNs that say nothing segmon's own lines do not say better, kept at ERROR unless a level is
     * asked for: NetworkClient repeats "Connection to node -1 ... could not be established" every
     * reconnect backoff while a broker is unreachable (the command then reports it in one line),
     * and the embedded broker's controller-channel client logs "already closed" at every shutdown;
     * QuorumController warns that the metadata log is empty on the first start of every fresh
     * KRaft broker, which is each start of the demo's.
     */
    private static final String[] NOISY = {"org.apache.kafka.clients.NetworkClient", "org.apache.kafka.controller.QuorumController"};

    private KafkaLogging() {
    }

    /** The default levels (WARN, the noisy loggers ERROR) unless already set. */
    public static void quiet() {
        configure(null);
    }

    /**
     * Sets Kafka's loggers to {@code level} (null or blank = the defaults of {@link #quiet}),
     * except those already set.
     *
     * @throws IllegalArgumentException when {@code level} is none of trace, debug, info, warn, error, off
     */
    public static void configure(String level) {
        String l = level == null || level.isBlank() ? null : level.trim().toLowerCase(Locale.ROOT);
        if (l != null && !LEVELS.contains(l)) {
            throw new IllegalArgumentException(ENV + " must be one of " + String.join(", ", LEVELS) + ", not '" + level + "'");
        }
        for (String logger : KAFKA) {
            setIfAbsent(logger, l == null ? "warn" : l);
        }
        for (String logger : NOISY) {
            setIfAbsent(logger, l == null ? "error" : l);
        }
    }

    private static void setIfAbsent(String logger, String level) {
        String key = "org.slf4j.simpleLogger.log." + logger;
        if (System.getProperty(key) == null) {
            System.setProperty(key, level);
        }
    }
}
