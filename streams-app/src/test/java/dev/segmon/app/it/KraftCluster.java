package dev.segmon.app.it;

import java.util.Map;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;

/** One in-process KRaft node (broker and controller) set up for a single-broker cluster, started. */
final class KraftCluster {
    private KraftCluster() {
    }

    /** {@code extra}: broker settings beside the single-node ones. */
    static KafkaClusterTestKit start(Map<String, String> extra) throws Exception {
        KafkaClusterTestKit.Builder b = new KafkaClusterTestKit.Builder(new TestKitNodes.Builder().setCombined(true)
                .setNumBrokerNodes(1).setNumControllerNodes(1).build())
                .setConfigProp("offsets.topic.replication.factor", "1")
                .setConfigProp("transaction.state.log.replication.factor", "1")
                .setConfigProp("transaction.state.log.min.isr", "1")
                .setConfigProp("share.coordinator.state.topic.replication.factor", "1")
                .setConfigProp("group.initial.rebalance.delay.ms", "0");
        extra.forEach(b::setConfigProp);
        KafkaClusterTestKit cluster = b.build();
        cluster.format();
        cluster.startup();
        cluster.waitForReadyBrokers();
        return cluster;
    }
}
