package dev.segmon.app.broker;

/**
 * Keeps the broker's and the clients' INFO chatter (hundreds of lines per start) off the
 * terminal of the commands that embed them. slf4j-simple reads its levels from system properties
 * when a logger is first created, so this must run before any Kafka class logs; a level set on the
 * command line ({@code -Dorg.slf4j.simpleLogger.log.kafka=info}) wins.
 */
public final class KafkaLogging {
    private static final String[] LOGGERS = {"kafka", "org.apache.kafka", "state.change.logger"};

    private KafkaLogging() {
    }

    public static void quiet() {
        for (String logger : LOGGERS) {
            String key = "org.slf4j.simpleLogger.log." + logger;
            if (System.getProperty(key) == null) {
                System.setProperty(key, "warn");
            }
        }
    }
}
