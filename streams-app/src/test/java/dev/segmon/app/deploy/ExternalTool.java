package dev.segmon.app.deploy;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * An operations tool (promtool, prometheus, amtool) the deployment tests run as a process.
 * Missing tools skip the test on a developer's machine; CI sets {@code SEGMON_REQUIRE_TOOLS=1}
 * so that a missing install step fails the build instead of silently skipping the check.
 */
final class ExternalTool {
  static final String REQUIRE_ENV = "SEGMON_REQUIRE_TOOLS";

  private ExternalTool() {}

  /** The executable's path; skips the test (or fails it under SEGMON_REQUIRE_TOOLS=1) when absent. */
  static Path require(String name) {
    Optional<Path> found = onPath(name);
    if (found.isEmpty()) {
      String why = name + " is not on PATH (apt-get install -y prometheus prometheus-alertmanager)";
      if ("1".equals(System.getenv(REQUIRE_ENV))) {
        fail(why + " and " + REQUIRE_ENV + "=1");
      }
      Assumptions.abort(why);
    }
    return found.get();
  }

  static Optional<Path> onPath(String name) {
    String path = System.getenv().getOrDefault("PATH", "");
    for (String dir : path.split(File.pathSeparator)) {
      if (dir.isEmpty()) continue;
      Path candidate = Path.of(dir, name);
      if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  /** Output and exit code of one finished run. */
  record Result(int exitCode, String output) {}

  /** Runs the command in {@code dir} with stderr merged into stdout; fails on a timeout. */
  static Result run(Path dir, long timeoutSeconds, List<String> command) throws IOException, InterruptedException {
    Path log = Files.createTempFile("segmon-tool", ".log");
    try {
      Process process = new ProcessBuilder(command)
          .directory(dir.toFile())
          .redirectErrorStream(true)
          .redirectOutput(log.toFile())
          .start();
      if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        fail(String.join(" ", command) + " did not finish in " + timeoutSeconds + " s");
      }
      return new Result(process.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(log);
    }
  }

  /** Runs the command and fails the test with its output when it exits with a code other than 0. */
  static String runOk(Path dir, long timeoutSeconds, List<String> command) throws IOException, InterruptedException {
    Result result = run(dir, timeoutSeconds, command);
    if (result.exitCode() != 0) {
      fail(String.join(" ", command) + " exited with " + result.exitCode() + ":\n" + result.output());
    }
    return result.output();
  }
}
