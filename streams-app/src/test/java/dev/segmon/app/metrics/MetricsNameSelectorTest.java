package dev.segmon.app.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Set;
import org.junit.jupiter.api.Test;

class MetricsNameSelectorTest {

    @Test
    void noSelectorMeansEverything() {
        assertEquals(Set.of(), MetricsServer.names(null));
        assertEquals(Set.of(), MetricsServer.names(""));
        assertEquals(Set.of(), MetricsServer.names("other=1"));
    }

    @Test
    void encodedAndPlainSelectorsNameFamiliesAndTheirSamples() {
        // name%5B%5D is name[] URL-encoded (what curl -g and Prometheus' params send); a counter's
        // sample name segmon_utterances_total selects the family segmon_utterances too.
        assertEquals(Set.of("segmon_utterances_total", "segmon_utterances", "segmon_open_utterances"),
                MetricsServer.names("name%5B%5D=segmon_utterances_total&name[]=segmon_open_utterances"));
    }

    @Test
    void slicePooledAnywhereInTheQueryAsksForThePooledSeriesAlone() {
        assertEquals(false, MetricsServer.pooledOnly(null));
        assertEquals(false, MetricsServer.pooledOnly("name[]=segmon_utterances_total"));
        assertEquals(false, MetricsServer.pooledOnly("slice=all"));
        assertEquals(true, MetricsServer.pooledOnly("slice=pooled"));
        assertEquals(true, MetricsServer.pooledOnly("name%5B%5D=segmon_utterances_total&slice=pooled"));
    }
}
