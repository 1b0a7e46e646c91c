package dev.segmon.app.metrics.http;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the web configuration again when its file, or a certificate, key or CA file it names,
 * changes (modification time or size, polled): a rotated certificate or password applies without
 * a restart. A file that is now invalid leaves the configuration in force as it was, and says so
 * in one log line per problem; it is tried again at every poll until it is good.
 */
final class ConfigWatch implements AutoCloseable {
    static final Duration EVERY = Duration.ofSeconds(2);
    private static final Logger LOG = LoggerFactory.getLogger(ConfigWatch.class);

    private final Path file;
    private final WebAccess access;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "segmon-web-config");
        t.setDaemon(true);
        return t;
    });
    private List<String> seen;
    private String problem;

    ConfigWatch(Path file, WebAccess access, Duration every) {
        this.file = file;
        this.access = access;
        this.seen = stamps(access.config());
        timer.scheduleWithFixedDelay(this::poll, every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void poll() {
        try {
            List<String> now = stamps(access.config());
            if (now.equals(seen) && problem == null) {
                return;
            }
            seen = now;
            WebConfig next = WebConfig.load(file);
            access.update(next);
            seen = stamps(next);
            problem = null;
            LOG.info("{}: read again and in force (TLS {}, {} user(s))", file, next.tlsEnabled() ? "on" : "off", next.users().size());
        } catch (RuntimeException e) {
            String why = e instanceof WebConfig.Invalid ? e.getMessage() : file + ": " + e;
            if (!why.equals(problem)) {
                LOG.warn("{}; the last good web configuration stays in force", why);
            }
            problem = why;
        }
    }

    /** Each watched file's modification time and size ("missing" when it is gone), in order. */
    private List<String> stamps(WebConfig config) {
        List<Path> paths = new ArrayList<>(config.watched());
        if (!paths.contains(file)) {
            paths.add(0, file);
        }
        List<String> out = new ArrayList<>();
        for (Path p : paths) {
            try {
                out.add(p + " " + Files.getLastModifiedTime(p) + " " + Files.size(p));
            } catch (NoSuchFileException e) {
                out.add(p + " missing");
            } catch (IOException e) {
                out.add(p + " " + e.getMessage());
            }
        }
        return out;
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
