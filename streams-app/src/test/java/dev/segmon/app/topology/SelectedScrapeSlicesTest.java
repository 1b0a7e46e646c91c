package dev.segmon.app.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.app.config.MonitorConfig;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** A {@code name[]} scrape of a monitor with slices gives exactly the full scrape's lines of that family, pooled and per slice. */
class SelectedScrapeSlicesTest {

    @Test
    void everyFamilySelectedAloneGivesTheFullScrapesLinesOfIt() throws Exception {
        try (SegmonDriver d = new SegmonDriver(MonitorConfig.builder().sliceKeys(List.of("lang")))) {
            // Two utterances of model m, one per language, each scored against the same reference.
            d.ref("u1", SlicesTopologyTest.ref("u1"), 0);
            d.hyp("u1", SlicesTopologyTest.hyp("u1", "m", "0.0,0.5,1.0", "\"lang\":\"de\"", true), 1);
            d.ref("u2", SlicesTopologyTest.ref("u2"), 2);
            d.hyp("u2", SlicesTopologyTest.hyp("u2", "m", "0.0,0.5", "\"lang\":\"en\"", true), 3);
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
