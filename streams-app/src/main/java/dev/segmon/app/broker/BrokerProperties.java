package dev.segmon.app.broker;

import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;

/**
 * The {@code server.properties} of the embedded broker: one KRaft node, broker and controller,
 * on 127.0.0.1, with a second listener ({@code DIRECT}) where clients are told another port.
 */
final class BrokerProperties {
    private BrokerProperties() {
    }

    /** The properties of a node on {@code dir}: its listeners on 127.0.0.1, one replica of everything, then {@code overrides}. */
    static Properties of(Path dir, int clientPort, int advertised, int direct, int controllerPort, Map<String, String> overrides) {
        Properties p = new Properties();
        p.setProperty("process.roles", "broker,controller");
        p.setProperty("node.id", "1");
        p.setProperty("controller.quorum.bootstrap.servers", "127.0.0.1:" + controllerPort);
        String controller = ",CONTROLLER://127.0.0.1:" + controllerPort;
        if (direct == 0) {
            p.setProperty("listeners", "PLAINTEXT://127.0.0.1:" + clientPort + controller);
            p.setProperty("advertised.listeners", "PLAINTEXT://127.0.0.1:" + clientPort + controller);
            p.setProperty("inter.broker.listener.name", "PLAINTEXT");
            p.setProperty("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        } else {
            // The broker's own traffic (e.g. transaction markers it writes to its partitions)
            // must not pass through the proxy of the advertised port.
            String directListener = ",DIRECT://127.0.0.1:" + direct;
            p.setProperty("listeners", "PLAINTEXT://127.0.0.1:" + clientPort + directListener + controller);
            p.setProperty("advertised.listeners", "PLAINTEXT://127.0.0.1:" + advertised + directListener + controller);
            p.setProperty("inter.broker.listener.name", "DIRECT");
            p.setProperty("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,DIRECT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        }
        p.setProperty("controller.listener.names", "CONTROLLER");
        p.setProperty("log.dirs", dir.resolve("logs").toString());
        // One node: every internal topic can have only one replica.
        p.setProperty("offsets.topic.replication.factor", "1");
        p.setProperty("transaction.state.log.replication.factor", "1");
        p.setProperty("transaction.state.log.min.isr", "1");
        p.setProperty("share.coordinator.state.topic.replication.factor", "1");
        p.setProperty("share.coordinator.state.topic.min.isr", "1");
        p.setProperty("default.replication.factor", "1");
        p.setProperty("min.insync.replicas", "1");
        // No point waiting for more group members on a single-machine broker (Kafka's default is
        // 3 s for classic groups and for KIP-1071 streams groups).
        p.setProperty("group.initial.rebalance.delay.ms", "0");
        p.setProperty("group.streams.initial.rebalance.delay.ms", "0");
        // Socket buffers sized by the operating system, as the monitor's consumers' are: Kafka's
        // fixed 100 KiB let the kernel drop produce requests it could not queue, and each came
        // again after Linux's retransmission timeout (docs/decisions/0041-os-socket-buffers-for-the-bench-and-the-embedded-broker.md).
        p.setProperty("socket.receive.buffer.bytes", "-1");
        p.setProperty("socket.send.buffer.bytes", "-1");
        overrides.forEach(p::setProperty);
        return p;
    }
}
