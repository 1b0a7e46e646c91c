package dev.segmon.app.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.segmon.app.config.MonitorConfig;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * CI exports SEGMON_REQUIRE_TOOLS=1 and developers set SEGMON_WRITE_DASHBOARD=1; every `segmon run`
 * a test starts inherits them. They must not be read as (unknown) monitor settings, or the monitor
 * refuses to start on CI only.
 */
class ToolingEnvironmentTest {

  @Test
  void theDeployTestSwitchesAreNotMonitorSettings() {
    MonitorConfig config = MonitorConfig.fromSources(Map.of(),
        Map.of("SEGMON_BOOTSTRAP_SERVERS", "h:1", "SEGMON_REQUIRE_TOOLS", "1", "SEGMON_WRITE_DASHBOARD", "1"), null);
    assertEquals("h:1", config.bootstrapServers());
  }
}
