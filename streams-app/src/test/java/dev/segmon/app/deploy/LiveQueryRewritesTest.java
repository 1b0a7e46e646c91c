package dev.segmon.app.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The two rewrites the live test applies before asking Prometheus. */
class LiveQueryRewritesTest {

  @Test
  void comparisonsBecomeBoolSoThatTheDecidedSeriesAreReturned() {
    assertEquals("up{job=\"segmon\"} == bool 0", PrometheusLiveTest.asBool("up{job=\"segmon\"} == 0"));
    assertEquals("(a > bool 0.1 or a < bool -0.1) and on (model, tier) b >= bool 0.2",
        PrometheusLiveTest.asBool("(a > 0.1 or a < -0.1) and on (model, tier) b >= 0.2"));
    // Label matchers (=, =~) are not comparisons; an existing bool is kept.
    assertEquals("x{outcome=\"unreferenced\", m=~\"a.*\"} <= bool 1", PrometheusLiveTest.asBool("x{outcome=\"unreferenced\", m=~\"a.*\"} <= 1"));
    assertEquals("a > bool 1", PrometheusLiveTest.asBool("a > bool 1"));
    // A label matcher is not a comparison.
    assertEquals("max(x{slice!=\"\"}) and y{slice!=\"\", a=\"b\"} == bool 1", PrometheusLiveTest.asBool("max(x{slice!=\"\"}) and y{slice!=\"\", a=\"b\"} == 1"));
  }

  @Test
  void grafanaVariablesExpandAsAllOverAShortRange() {
    assertEquals("sum(rate(x{model=~\".*\", tier=~\".*\"}[20s])) + increase(y[60s])",
        PrometheusLiveTest.withGrafanaVariables("sum(rate(x{model=~\"$model\", tier=~\"$tier\"}[$__rate_interval])) + increase(y[$__range])"));
  }
}
