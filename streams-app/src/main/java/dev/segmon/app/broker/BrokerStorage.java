package dev.segmon.app.broker;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import kafka.tools.StorageTool$;

/**
 * The embedded broker's data directory: its formatted metadata ({@link StorageTool$}) and the
 * file that remembers what the metadata refers to, so that a kept directory restarts on its data.
 */
final class BrokerStorage {
    static final String STATE_FILE = "segmon-broker.properties";

    private BrokerStorage() {
    }

    /** {@code kafka-storage.sh format -t ID -c FILE --standalone --ignore-formatted}, in process. */
    static void format(String clusterId, Path configFile) {
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        int rc;
        try (PrintStream out = new PrintStream(captured, true, StandardCharsets.UTF_8)) {
            rc = StorageTool$.MODULE$.execute(new String[] {
                "format", "-t", clusterId, "-c", configFile.toString(), "--standalone", "--ignore-formatted"}, out);
        }
        if (rc != 0) {
            throw new IllegalStateException("formatting the broker's storage failed (rc " + rc + "): "
                    + captured.toString(StandardCharsets.UTF_8).trim());
        }
    }

    /** The cluster id and controller port a kept data directory was formatted with (empty for a new one). */
    static Properties loadState(Path dir) {
        Properties state = new Properties();
        Path file = dir.resolve(STATE_FILE);
        if (Files.exists(file)) {
            try (var in = Files.newInputStream(file)) {
                state.load(in);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + file, e);
            }
        }
        return state;
    }

    static void store(Properties props, Path file, String comment) {
        try (OutputStream out = Files.newOutputStream(file)) {
            props.store(out, comment);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
