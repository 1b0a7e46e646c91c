package dev.segmon.app.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.app.config.MonitorConfig;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * A {@code name[]} scrape of a monitor with slices gives exactly the full scrape's lines of that family,
 * pooled and per slice; {@code slice=pooled} gives its lines without the slice series.
 */
class SelectedScrapeSlicesTest {

    @Test
    void everyFamilySelectedAloneGivesTheFullScrapesLinesOfIt() throws Exception {
        try (SegmonDriver d = twoUtterancesOneLanguageEach()) {
            String full = d.scrape();
            Set<String> families = new TreeSet<>();
            for (String line : full.split("\n")) {
                if (line.startsWith("# TYPE segmon_")) {
                    families.add(line.split(" ")[2]);
                }
            }
            assertTrue(families.contains("segmon_utterances_total"), families.toString());
            assertTrue(full.contains("slice=\"lang\""), "slice series exported");
            for (String family : families) {
                // As /metrics?name[]=x_total selects it: the sample name and its family's (MetricsServer.names).
                Set<String> selected = new TreeSet<>(List.of(family, family.replaceAll("_total$", "")));
                assertEquals(lines(full, family), lines(d.scrape(selected), family), family);
            }
        }
    }

    @Test
    void aPooledScrapeGivesTheFullScrapesLinesWithoutTheSliceSeries() throws Exception {
        try (SegmonDriver d = twoUtterancesOneLanguageEach()) {
            String full = d.scrape();
            // Every sample line of a segmon_* family that carries no slice label: the pooled series.
            Set<String> pooled = new TreeSet<>();
            for (String line : full.split("\n")) {
                if (line.startsWith("segmon_") && !line.contains("slice=\"")) {
                    pooled.add(line);
                }
            }
            // scored, once per utterance of m: 2 utterances pooled (1 per language in the slice series, left out).
            assertTrue(pooled.contains("segmon_utterances_total{model=\"m\",outcome=\"scored\",tier=\"word\"} 2.0"), pooled.toString());
            Set<String> answered = new TreeSet<>();
            for (String line : d.scrapeQuery("slice=pooled").split("\n")) {
                if (line.startsWith("segmon_")) {
                    answered.add(line);
                }
            }
            assertEquals(pooled, answered);
            // Selected and pooled, as the bench's latency probe asks: that family's pooled lines alone.
            String one = d.scrapeQuery("name%5B%5D=segmon_utterances_total&slice=pooled");
            assertEquals(lines(String.join("\n", pooled), "segmon_utterances"), lines(one, "segmon_utterances"));
            assertTrue(!one.contains("slice=") && !one.contains("segmon_boundary_hits"), one);
        }
    }

    /** A monitor with slice key lang that has scored two utterances of model m, one per language, each against its reference. */
    private static SegmonDriver twoUtterancesOneLanguageEach() throws Exception {
        SegmonDriver d = new SegmonDriver(MonitorConfig.builder().sliceKeys(List.of("lang")));
        d.ref("u1", SlicesTopologyTest.ref("u1"), 0);
        d.hyp("u1", SlicesTopologyTest.hyp("u1", "m", "0.0,0.5,1.0", "\"lang\":\"de\"", true), 1);
        d.ref("u2", SlicesTopologyTest.ref("u2"), 2);
        d.hyp("u2", SlicesTopologyTest.hyp("u2", "m", "0.0,0.5", "\"lang\":\"en\"", true), 3);
        return d;
    }

    /** The sample lines of one family (its name, then a label set, a suffix such as _total or _bucket, or a space). */
    private static Set<String> lines(String text, String family) {
        Set<String> out = new TreeSet<>();
        for (String line : text.split("\n")) {
            if (line.startsWith(family) && !line.startsWith("#")) {
                String rest = line.substring(family.length());
                if (rest.startsWith("{") || rest.startsWith(" ") || rest.startsWith("_total") || rest.startsWith("_bucket")
                        || rest.startsWith("_count") || rest.startsWith("_sum") || rest.startsWith("_created")) {
                    out.add(line);
                }
            }
        }
        return out;
    }
}
