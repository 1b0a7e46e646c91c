package dev.segmon.app.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.app.config.MonitorConfig;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.kafka.streams.TopologyDescription;
import org.apache.kafka.streams.state.StoreBuilder;
import org.junit.jupiter.api.Test;

/**
 * The stores the owners' specs add up to are the ones running deployments hold: the names and
 * changelogs of docs/contract.md appendix E, typed out here from that text.
 */
class StoreSpecsTopologyTest {
    /** Appendix E: "the stores utterance-heads, reference-parts, ..., detectors, slice-labels and slice-series", each segmon-prefixed. */
    private static final Set<String> CHANGELOGGED = new TreeSet<>(List.of("segmon-utterance-heads", "segmon-reference-parts",
            "segmon-hypothesis-parts", "segmon-series", "segmon-series-minutes", "segmon-dead-letter-counts", "segmon-reference-clock",
            "segmon-paired-pending", "segmon-estimate-ended", "segmon-detectors", "segmon-slice-labels", "segmon-slice-series"));
    /** docs/streaming.md, "Stores and their retention": no data and no changelog. */
    private static final Set<String> COMMIT_FLUSH = new TreeSet<>(List.of("segmon-commit-flush", "segmon-detector-commit-flush"));

    @Test
    void theTopologyConnectsExactlyTheContractsStoresToTheirProcessors() {
        TopologyDescription d = SegmonTopology.build(MonitorConfig.builder().bootstrapServers("unused:9092").build()).describe();
        Set<String> boundaries = storesOf(d, SegmonTopology.PROCESSOR);
        Set<String> detectors = storesOf(d, SegmonTopology.DETECTOR);
        assertEquals(Set.of("segmon-detectors", "segmon-detector-commit-flush"), detectors);
        Set<String> all = new TreeSet<>(boundaries);
        all.addAll(detectors);
        Set<String> expected = new TreeSet<>(CHANGELOGGED);
        expected.addAll(COMMIT_FLUSH);
        assertEquals(expected, all);
    }

    @Test
    void everyStoreButTheCommitFlushOnesHasAChangelog() {
        Set<String> logged = Stream.concat(SegmonTopology.stores(true).stream(), SegmonTopology.detectorStores(true).stream())
                .filter(StoreBuilder::loggingEnabled).map(StoreBuilder::name).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(CHANGELOGGED, logged);
    }

    private static Set<String> storesOf(TopologyDescription d, String processor) {
        return d.subtopologies().stream().flatMap(s -> s.nodes().stream())
                .filter(n -> n.name().equals(processor) && n instanceof TopologyDescription.Processor)
                .flatMap(n -> ((TopologyDescription.Processor) n).stores().stream()).collect(Collectors.toCollection(TreeSet::new));
    }
}
