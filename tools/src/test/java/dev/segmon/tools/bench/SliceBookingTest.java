package dev.segmon.tools.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.app.metrics.PrometheusText;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SliceBookingTest {
    /**
     * Per model 42 pooled hits: lang de 21 + en 21 = 42, domain call 42; 2 utterances scored pooled,
     * and once more in each key's slices.
     */
    private static final String SCRAPE = """
            segmon_boundary_hits_total{model="bench-a",tier="word"} 42
            segmon_boundary_hits_total{model="bench-a",tier="word",lang="de",slice="lang"} 21
            segmon_boundary_hits_total{model="bench-a",tier="word",lang="en",slice="lang"} 21
            segmon_boundary_hits_total{model="bench-a",tier="word",domain="call",slice="domain"} 42
            segmon_boundary_hits_total{model="bench-b",tier="word"} 42
            segmon_boundary_hits_total{model="bench-b",tier="word",lang="de",slice="lang"} 21
            segmon_boundary_hits_total{model="bench-b",tier="word",lang="en",slice="lang"} 21
            segmon_boundary_hits_total{model="bench-b",tier="word",domain="call",slice="domain"} 42
            segmon_slice_values_capped_total{key="lang"} 0
            segmon_slice_values_capped_total{key="domain"} 0
            segmon_utterances_total{model="bench-a",tier="word",outcome="scored"} 2
            segmon_utterances_total{model="bench-a",tier="word",outcome="scored",lang="de",slice="lang"} 1
            segmon_utterances_total{model="bench-a",tier="word",outcome="scored",lang="en",slice="lang"} 1
            segmon_utterances_total{model="bench-a",tier="word",outcome="scored",domain="call",slice="domain"} 2
            segmon_utterances_total{model="bench-b",tier="word",outcome="scored"} 2
            """;

    @Test
    void slicesWhoseHitsSumToThePooledHitsAreBookedWithTheirValuesCounted() {
        SliceBooking b = SliceBooking.of(PrometheusText.parse(SCRAPE), List.of("lang", "domain"));
        assertEquals(List.of("lang", "domain"), b.keys());
        assertEquals(Map.of("lang", 2, "domain", 1), b.valuesBooked());
    }

    @Test
    void aKeyWhoseSlicesMissPooledHitsFailsTheRun() {
        String short1 = SCRAPE.replace("model=\"bench-a\",tier=\"word\",lang=\"en\",slice=\"lang\"} 21",
                "model=\"bench-a\",tier=\"word\",lang=\"en\",slice=\"lang\"} 20");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> SliceBooking.of(PrometheusText.parse(short1), List.of("lang")));
        // bench-a's lang slices: 21 + 20 = 41 of 42.
        assertTrue(e.getMessage().contains("41 hits, the pooled series 42"), e.getMessage());
        String capped = SCRAPE.replace("segmon_slice_values_capped_total{key=\"domain\"} 0", "segmon_slice_values_capped_total{key=\"domain\"} 3");
        assertThrows(IllegalStateException.class, () -> SliceBooking.of(PrometheusText.parse(capped), List.of("domain")));
    }

    @Test
    void withoutKeysNothingIsChecked() {
        assertEquals(SliceBooking.NONE, SliceBooking.of(List.of(), List.of()));
    }

    @Test
    void theScoredCountAndTheOutcomesReadThePooledSeriesOnly() {
        // Pooled: 2 scored per model; the slices' 1 + 1 + 2 of bench-a must not add to it.
        List<PrometheusText.Sample> samples = PrometheusText.parse(SCRAPE);
        assertEquals(2, MetricsClient.scoredForEveryModel(samples));
        assertEquals(Map.of("scored", 4L), MetricsClient.outcomes(samples));
    }
}
