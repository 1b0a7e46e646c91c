package dev.segmon.app.topology;

import dev.segmon.app.Monitor;
import dev.segmon.app.config.MonitorConfig;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/** Not a test: end-to-end throughput of the monitor on a real broker (args: bootstrap, utterances, guarantee). */
public final class ThroughputProbe {
    public static void main(String[] args) throws Exception {
        String bootstrap = args[0];
        int utterances = Integer.parseInt(args[1]);
        String app = "bench" + System.currentTimeMillis();
        Properties p = new Properties();
        p.put("bootstrap.servers", bootstrap);
        p.put("linger.ms", "20");
        p.put("batch.size", "262144");
        p.put("compression.type", "lz4");
        long records = 0;
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(p, new StringSerializer(), new StringSerializer())) {
            for (int u = 0; u < utterances; u++) {
                String id = "u" + u;
                StringBuilder ref = new StringBuilder("{\"utterance\":\"" + id + "\",\"tier\":\"word\",\"segments\":[");
                for (int i = 0; i < 20; i++) {
                    ref.append(i == 0 ? "" : ",").append("{\"start\":").append(i * 0.3).append(",\"end\":").append(i * 0.3 + 0.3).append('}');
                }
                producer.send(new ProducerRecord<>(app + ".ref", id, ref.append("],\"final\":true}").toString()));
                records++;
                for (int i = 0; i < 20; i++) {
                    producer.send(new ProducerRecord<>(app + ".hyp", id, "{\"utterance\":\"" + id + "\",\"model\":\"m\",\"tier\":\"word\",\"time\":" + (i * 0.3 + 0.01) + "}"));
                    records++;
                }
                producer.send(new ProducerRecord<>(app + ".hyp", id, "{\"utterance\":\"" + id + "\",\"model\":\"m\",\"tier\":\"word\",\"end\":true}"));
                records++;
            }
        }
        MonitorConfig config = MonitorConfig.builder().bootstrapServers(bootstrap).applicationId(app).metricsPort(0)
                .stateDir(Files.createTempDirectory("bench")).hypothesesTopic(app + ".hyp").referencesTopic(app + ".ref")
                .scoresTopic(app + ".scores").deadLettersTopic(app + ".dead").metricsTopic(app + ".metrics")
                .kafkaProperty("processing.guarantee", args.length > 2 ? args[2] : "exactly_once_v2")
                .kafkaProperty("producer.linger.ms", "20").kafkaProperty("producer.compression.type", "lz4").build();
        // every utterance: 20 hits (each hypothesis 0.01 s after a reference boundary), 21 reference boundaries
        long expectedHits = 20L * utterances;
        Pattern hits = Pattern.compile("segmon_boundary_hits_total\\{[^}]*} ([0-9.E]+)");
        long t0 = System.nanoTime();
        try (Monitor m = Monitor.start(config)) {
            m.awaitRunning(Duration.ofSeconds(60));
            long running = System.nanoTime();
            long firstHit = 0;
            while (true) {
                Matcher x = hits.matcher(m.scrape());
                if (x.find() && firstHit == 0) {
                    firstHit = System.nanoTime();
                }
                if (x.find(0) && (long) Double.parseDouble(x.group(1)) == expectedHits) {
                    break;
                }
                Thread.sleep(100);
            }
            long done = System.nanoTime();
            double s = (done - running) / 1e9;
            System.out.printf("%d records (%d utterances): RUNNING after %.1f s, first hit after %.1f s more, all scored %.1f s after RUNNING: %.0f records/s%n",
                    records, utterances, (running - t0) / 1e9, (firstHit - running) / 1e9, s, records / s);
            m.awaitRunning(Duration.ofSeconds(1));
        }
    }
}
