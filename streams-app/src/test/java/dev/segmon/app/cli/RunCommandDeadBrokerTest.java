package dev.segmon.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code segmon run} against a port nobody listens on, in a child JVM so that everything the
 * process prints (Kafka's log included) is seen: exit 1 and one line on stderr, within the topic
 * check's 30 s timeout plus the JVM's start.
 */
class RunCommandDeadBrokerTest {
    @TempDir
    Path tmp;

    @Test
    void aDeadBrokerEndsInOneLineAndExitOne() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort(); // free once closed: nothing listens there
        }
        Path out = tmp.resolve("out");
        Path err = tmp.resolve("err");
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), SegmonCommand.class.getName(),
                "run", "--bootstrap-servers", "127.0.0.1:" + port, "--metrics-port", "0", "--state-dir", tmp.resolve("state").toString())
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().keySet().removeIf(k -> k.startsWith("SEGMON_") || k.startsWith("KAFKA_"));
        long start = System.nanoTime();
        Process p = pb.start();
        try {
            assertTrue(p.waitFor(65, TimeUnit.SECONDS), "still running after 65 s");
        } finally {
            p.destroyForcibly();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        List<String> errLines = Files.readAllLines(err, StandardCharsets.UTF_8);
        assertEquals(1, p.exitValue(), String.join("\n", errLines));
        assertEquals(List.of("segmon: no answer from the Kafka cluster at 127.0.0.1:" + port
                + " within 30 s; is a broker listening there?"), errLines);
        assertEquals("", Files.readString(out));
        assertTrue(seconds < 60, "took " + seconds + " s");
    }
}
