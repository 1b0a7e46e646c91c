package dev.segmon.app.broker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedBrokerTest {

    @Test
    void ephemeralBrokerTakesAWriteServesItBackAndDeletesItsDataOnStop() throws Exception {
        Path dataDir;
        try (EmbeddedBroker broker = EmbeddedBroker.builder().port(0).start()) {
            dataDir = broker.dataDir();
            assertTrue(broker.port() > 0, "port 0 resolves to the real port");
            assertEquals("127.0.0.1:" + broker.port(), broker.bootstrapServers());

            KafkaTestClients.produce(broker.bootstrapServers(), "t", "u1", "{\"x\":1}");
            List<ConsumerRecord<String, String>> read = KafkaTestClients.consume(broker.bootstrapServers(), "t", 1);
            assertEquals(1, read.size());
            assertEquals("u1", read.get(0).key());
            assertEquals("{\"x\":1}", read.get(0).value());
        }
        assertFalse(Files.exists(dataDir), "a temporary data directory is removed on stop");
    }

    @Test
    void namedDataDirectoryKeepsRecordsAcrossRestarts(@TempDir Path dir) throws Exception {
        try (EmbeddedBroker broker = EmbeddedBroker.builder().dataDir(dir).start()) {
            KafkaTestClients.produce(broker.bootstrapServers(), "kept", "k", "v");
        }
        assertTrue(Files.exists(dir.resolve("segmon-broker.properties")));
        // A new client port on restart; the controller port and cluster id come from the state file.
        try (EmbeddedBroker broker = EmbeddedBroker.builder().dataDir(dir).start()) {
            List<ConsumerRecord<String, String>> read = KafkaTestClients.consume(broker.bootstrapServers(), "kept", 1);
            assertEquals(1, read.size());
            assertEquals("v", read.get(0).value());
        }
        assertTrue(Files.exists(dir), "a named data directory is kept");
    }

    @Test
    void anAdvertisedPortIsWhatClientsAreToldWhileTheDirectListenerServesWithoutIt() throws Exception {
        int advertised;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            advertised = free.getLocalPort();
        }
        // Nothing listens on the advertised port: the start and the direct listener must not need it.
        try (EmbeddedBroker broker = EmbeddedBroker.builder().advertisedPort(advertised).start()) {
            assertEquals("127.0.0.1:" + advertised, broker.bootstrapServers());
            String direct = broker.directBootstrapServers();
            assertFalse(direct.equals(broker.bootstrapServers()) || direct.equals("127.0.0.1:" + broker.port()), direct);
            KafkaTestClients.produce(direct, "d", "k", "v");
            List<ConsumerRecord<String, String>> read = KafkaTestClients.consume(direct, "d", 1);
            assertEquals("v", read.get(0).value());
        }
    }

    /** The broker's settings as the running broker reports them (Admin's describeConfigs of node 1). */
    private static Config brokerConfig(EmbeddedBroker broker) throws Exception {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()))) {
            ConfigResource node = new ConfigResource(ConfigResource.Type.BROKER, "1");
            return admin.describeConfigs(List.of(node)).all().get().get(node);
        }
    }

    @Test
    void socketBuffersAreSizedByTheOperatingSystem() throws Exception {
        // -1 is Kafka's "the OS default": Linux then sizes each socket to its traffic.
        try (EmbeddedBroker broker = EmbeddedBroker.builder().port(0).start()) {
            Config config = brokerConfig(broker);
            assertEquals("-1", config.get("socket.receive.buffer.bytes").value());
            assertEquals("-1", config.get("socket.send.buffer.bytes").value());
        }
    }

    @Test
    void anOverrideReplacesTheSocketBuffer() throws Exception {
        try (EmbeddedBroker broker = EmbeddedBroker.builder().port(0).config("socket.receive.buffer.bytes", "102400").start()) {
            Config config = brokerConfig(broker);
            assertEquals("102400", config.get("socket.receive.buffer.bytes").value());
            assertEquals("-1", config.get("socket.send.buffer.bytes").value());
        }
    }

    @Test
    void takenPortIsRefusedBeforeKafkaStarts() throws Exception {
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            EmbeddedBroker.PortInUseException e = org.junit.jupiter.api.Assertions.assertThrows(
                    EmbeddedBroker.PortInUseException.class,
                    () -> EmbeddedBroker.builder().port(taken.getLocalPort()).start());
            assertEquals("127.0.0.1:" + taken.getLocalPort() + " is already in use", e.getMessage());
        }
    }
}
