package dev.segmon.app.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DemoReportTest {
    static final String EXPOSITION = """
            # HELP segmon_boundary_precision_ratio Boundary precision
            # TYPE segmon_boundary_precision_ratio gauge
            segmon_boundary_precision_ratio{model="healthy",tier="word",window="cumulative"} 0.975
            segmon_boundary_precision_ratio{model="healthy",tier="word",window="1m"} 0.9712
            segmon_boundary_precision_ratio{model="healthy",tier="word",window="5m"} 0.5
            segmon_boundary_recall_ratio{model="healthy",tier="word",window="1m"} 0.96
            segmon_boundary_f1_ratio{model="healthy",tier="word",window="1m"} 0.9656
            segmon_boundary_f1_ratio{model="healthy",tier="word",window="5m"} 0.5
            segmon_boundary_f1_ratio{model="healthy",tier="word",window="cumulative"} 0.5
            segmon_boundary_over_segmentation_ratio{model="healthy",tier="word",window="1m"} -0.004
            segmon_boundary_r_value{model="healthy",tier="word",window="1m"} 0.9644
            segmon_boundary_over_segmentation_ratio{model="regressing",tier="word",window="1m"} -0.25
            segmon_boundary_precision_ratio{model="regressing",tier="word",window="1m"} NaN
            segmon_utterances_total{model="healthy",tier="word",outcome="scored"} 120.0
            segmon_utterances_total{model="healthy",tier="word",outcome="expired"} 3.0
            segmon_utterances_total{model="healthy",tier="phone",outcome="scored"} 77.0
            """;

    @Test
    void parsesNamesLabelsAndValues() {
        List<PrometheusText.Sample> samples = PrometheusText.parse(
                "a_total{x=\"q\\\"uote\",y=\"2\"} 3.5 1700000000\nb 7\n# comment\nc{} NaN\n");
        assertEquals(3, samples.size());
        assertEquals(new PrometheusText.Sample("a_total", Map.of("x", "q\"uote", "y", "2"), 3.5), samples.get(0));
        assertEquals(new PrometheusText.Sample("b", Map.of(), 7), samples.get(1));
        assertEquals(true, Double.isNaN(samples.get(2).value()));
    }

    @Test
    void oneLinePerModelFromTheShortestSlidingWindow() {
        List<String> lines = DemoReport.lines(EXPOSITION, List.of("healthy", "regressing"), "word", null);
        // Window 1m (shorter than 5m); utts = 120 + 3 over outcomes of tier word only; a missing
        // or NaN value shows as "-"; OS is signed, and -0.004 rounds to +0.00 (not -0.00).
        assertEquals(List.of(
                "healthy word P=0.97 R=0.96 F1=0.97 OS=+0.00 R-val=0.96 utts=123 window=1m",
                "regressing word P=- R=- F1=- OS=-0.25 R-val=- utts=0 window=1m"), lines);
    }

    @Test
    void askedForWindowWins() {
        List<String> lines = DemoReport.lines(EXPOSITION, List.of("healthy"), "word", "cumulative");
        assertEquals("healthy word P=0.98 R=- F1=0.50 OS=- R-val=- utts=123 window=cumulative", lines.get(0));
    }
}
