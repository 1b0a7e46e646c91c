package dev.segmon.app.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.segmon.app.broker.KafkaTestClients;
import dev.segmon.app.replay.InputTopics;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/** The demo's wiring (broker, traffic, reports, shutdown) with a stand-in for the monitor. */
class DemoTest {

    static final class StubMonitor implements DemoMonitor {
        final Path stateDir;
        boolean closed;

        StubMonitor(Path stateDir) {
            this.stateDir = stateDir;
        }

        @Override
        public boolean awaitRunning(Duration timeout) {
            return true;
        }

        @Override
        public int metricsPort() {
            return 12345;
        }

        @Override
        public dev.segmon.app.view.MonitorView state() {
            return new FixedState().total("healthy", 10, 10, 9, 0);
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    @Test
    void sendsBothModelsAndTheReferencesToTheBrokerAndCleansUp() throws Exception {
        StringWriter text = new StringWriter();
        PrintWriter out = new PrintWriter(text);
        AtomicReference<StubMonitor> monitor = new AtomicReference<>();
        SimulatedModel healthy = SimulatedModel.healthy("healthy", 0.008, 0.01, 0.01);
        Demo.Options options = new Demo.Options(null, 20, 1,
                List.of(healthy, healthy.named("regressing").regressing(Duration.ZERO, Duration.ZERO, 0.5)),
                Duration.ofMillis(300), DemoReport.CUMULATIVE);
        Path stateDir;
        List<ConsumerRecord<String, String>> references;
        List<ConsumerRecord<String, String>> hypotheses;
        try (Demo demo = Demo.start(options, (bootstrap, dir) -> {
            monitor.set(new StubMonitor(dir));
            return monitor.get();
        }, out)) {
            stateDir = monitor.get().stateDir;
            demo.printReports(Duration.ofMillis(1000));
            assertTrue(demo.utterancesSent() >= 5, "20 utterances/s for about a second: " + demo.utterancesSent());
            references = KafkaTestClients.consume(demo.bootstrapServers(), dev.segmon.app.wire.DefaultTopics.REFERENCES, 5);
            hypotheses = KafkaTestClients.consume(demo.bootstrapServers(), dev.segmon.app.wire.DefaultTopics.HYPOTHESES, 50);
        }
        assertTrue(monitor.get().closed, "the monitor is closed with the demo");
        assertFalse(Files.exists(stateDir), "temporary data is removed");

        ObjectMapper json = new ObjectMapper();
        JsonNode firstReference = json.readTree(references.get(0).value());
        assertEquals("r1-A08_0001", firstReference.get("utterance").asText());
        assertEquals(17, firstReference.get("segments").size(), "A08_0001 has 17 words");
        long healthyEnds = hypotheses.stream().filter(r -> r.value().contains("\"model\":\"healthy\"") && r.value().contains("\"end\":true")).count();
        long regressingEnds = hypotheses.stream().filter(r -> r.value().contains("\"model\":\"regressing\"") && r.value().contains("\"end\":true")).count();
        assertTrue(healthyEnds >= 1 && regressingEnds >= 1, healthyEnds + " / " + regressingEnds);

        String printed = text.toString();
        assertTrue(printed.contains("metrics: http://127.0.0.1:12345/metrics"), printed);
        assertTrue(printed.contains("healthy word P=0.90 R=0.90 F1=0.90 OS=+0.00 R-val=0.91 utts=0 window=cumulative"), printed);
        assertTrue(printed.contains("regressing word P=- R=- F1=- OS=- R-val=- utts=0 window=cumulative"), printed);
    }
}
