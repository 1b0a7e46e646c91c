package dev.segmon.app.partitioning;

import dev.segmon.app.topology.TopicAdmin;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.streams.StreamsConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sets up the check that the input topics are partitioned by Kafka's default partitioner: reads
 * their partition counts from the cluster and adds {@link CoPartitionInterceptor} to the main
 * consumer's interceptors, after any the user configured.
 */
public final class InputPartitioning {
    private static final Logger LOG = LoggerFactory.getLogger(InputPartitioning.class);
    private static final long DESCRIBE_TIMEOUT_S = 30;
    private static final String MAIN = StreamsConfig.mainConsumerPrefix(ConsumerConfig.INTERCEPTOR_CLASSES_CONFIG);
    private static final String CONSUMERS = StreamsConfig.consumerPrefix(ConsumerConfig.INTERCEPTOR_CLASSES_CONFIG);

    private InputPartitioning() {
    }

    /**
     * The census of {@code inputTopics}, with the interceptor that fills it added to {@code props}
     * (Kafka Streams settings). A cluster that cannot describe the topics leaves them unchecked.
     */
    public static InputPartitionCensus install(Properties props, Collection<String> inputTopics) {
        InputPartitionCensus census = new InputPartitionCensus(inputTopics, partitionCounts(props, inputTopics));
        props.put(MAIN, String.join(",", withInterceptor(props)));
        props.put(StreamsConfig.mainConsumerPrefix(CoPartitionInterceptor.CENSUS_CONFIG), census);
        return census;
    }

    /**
     * The main consumer's interceptors as Kafka Streams would pick them (main.consumer. over
     * consumer. over the bare setting) with ours appended, so that a user's own still run.
     */
    static List<String> withInterceptor(Properties props) {
        Object given = props.get(MAIN);
        if (given == null) {
            given = props.get(CONSUMERS);
        }
        if (given == null) {
            given = props.get(ConsumerConfig.INTERCEPTOR_CLASSES_CONFIG);
        }
        List<String> names = new ArrayList<>();
        if (given instanceof Collection<?> list) {
            list.forEach(c -> names.add(className(c)));
        } else if (given != null) {
            for (String s : className(given).split(",")) {
                if (!s.isBlank()) {
                    names.add(s.trim());
                }
            }
        }
        if (!names.contains(CoPartitionInterceptor.class.getName())) {
            names.add(CoPartitionInterceptor.class.getName());
        }
        return names;
    }

    private static String className(Object c) {
        return c instanceof Class<?> k ? k.getName() : c.toString();
    }

    private static Map<String, Integer> partitionCounts(Properties props, Collection<String> topics) {
        Map<String, Integer> counts = new TreeMap<>();
        try (Admin admin = Admin.create(TopicAdmin.adminConfig(props))) {
            Map<String, TopicDescription> described = admin.describeTopics(topics).allTopicNames().get(DESCRIBE_TIMEOUT_S, TimeUnit.SECONDS);
            described.forEach((name, d) -> counts.put(name, d.partitions().size()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            LOG.warn("input partitioning not checked: cannot describe topics {}: {}", topics, e.getMessage());
        }
        return counts;
    }
}
