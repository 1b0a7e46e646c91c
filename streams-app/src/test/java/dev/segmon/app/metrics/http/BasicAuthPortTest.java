package dev.segmon.app.metrics.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code basic_auth_users} with hashes made by {@code htpasswd -nbBC 10}: every request without
 * valid credentials is a 401 with the challenge, but the probes; a changed password applies
 * without a restart, and a file broken by a change leaves the last good one in force.
 */
class BasicAuthPortTest {
    @TempDir
    Path tmp;

    private static final HttpClient HTTP = Served.client(null);

    private Path users(Path file, String user, String password) throws Exception {
        Path next = file.resolveSibling(file.getFileName() + ".next");
        Files.writeString(next, "basic_auth_users:\n  " + user + ": '" + TestPki.bcrypt(user, password) + "'\n");
        return Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    @Test
    void everyRequestButTheProbesNeedsAValidUserAndPassword() throws Exception {
        Path file = users(tmp.resolve("web.yml"), "prometheus", "s3cret");
        try (Served s = new Served(file)) {
            s.server.handle("/api/v1/thing", ex -> dev.segmon.app.metrics.http.Responses.send(ex, 200, "text/plain", "thing"));
            for (String path : List.of("/metrics", "/api/v1/thing", "/", "/healthz", "/metrics?name[]=segmon_demo_total")) {
                for (String auth : java.util.Arrays.asList(null, Served.basic("prometheus", "wrong"), Served.basic("nobody", "s3cret"),
                        "Basic !!!", "Bearer x")) {
                    HttpResponse<String> r = Served.get(HTTP, s.uri("http", path), auth);
                    assertEquals(401, r.statusCode(), path + " " + auth);
                    assertEquals("Basic realm=\"segmon\"", r.headers().firstValue("WWW-Authenticate").orElse(""), path);
                    assertTrue(r.body().startsWith("{\"error\":"), r.body());
                }
            }
            String ok = Served.basic("prometheus", "s3cret");
            HttpResponse<String> metrics = Served.get(HTTP, s.uri("http", "/metrics"), ok);
            assertEquals(200, metrics.statusCode());
            assertTrue(metrics.body().contains("segmon_demo_total 3.0"), metrics.body());
            assertEquals(200, Served.get(HTTP, s.uri("http", "/api/v1/thing"), ok).statusCode());
            assertEquals(404, Served.get(HTTP, s.uri("http", "/healthz"), ok).statusCode());
            for (String probe : List.of("/health", "/ready")) {
                assertEquals(200, Served.get(HTTP, s.uri("http", probe), null).statusCode(), probe);
            }
            // Remembered after one check: a scrape every second costs no bcrypt.
            long t = System.nanoTime();
            for (int k = 0; k < 50; k++) {
                assertEquals(200, Served.get(HTTP, s.uri("http", "/metrics?name[]=segmon_demo_total"), ok).statusCode());
            }
            assertTrue((System.nanoTime() - t) / 50 < 20_000_000L, "a remembered password is checked fast");
        }
    }

    @Test
    void aChangedPasswordAppliesWithoutARestartAndABrokenFileKeepsTheLastGood() throws Exception {
        Path file = users(tmp.resolve("web.yml"), "prometheus", "old");
        try (Served s = new Served(file)) {
            assertEquals(200, Served.get(HTTP, s.uri("http", "/metrics"), Served.basic("prometheus", "old")).statusCode());
            users(file, "prometheus", "new");
            assertTrue(Served.within(8, () -> Served.get(HTTP, s.uri("http", "/metrics"), Served.basic("prometheus", "new")).statusCode() == 200),
                    "the new password applies");
            assertEquals(401, Served.get(HTTP, s.uri("http", "/metrics"), Served.basic("prometheus", "old")).statusCode());

            PrintStream err = System.err;
            ByteArrayOutputStream log = new ByteArrayOutputStream();
            System.setErr(new PrintStream(log, true, StandardCharsets.UTF_8));
            try {
                Files.writeString(file, "basic_auth_users:\n  prometheus: plaintext\n");
                Thread.sleep(3 * ConfigWatch.EVERY.toMillis() + 500);
            } finally {
                System.setErr(err);
            }
            assertEquals(200, Served.get(HTTP, s.uri("http", "/metrics"), Served.basic("prometheus", "new")).statusCode(), "the last good file");
            List<String> lines = log.toString(StandardCharsets.UTF_8).lines().filter(l -> l.contains(file.toString())).toList();
            assertEquals(1, lines.size(), "one line for one problem, however often it is polled: " + lines);
            assertTrue(lines.get(0).contains(file + ":2: basic_auth_users.prometheus: not a bcrypt hash")
                    && lines.get(0).contains("the last good web configuration stays in force"), lines.get(0));
        }
    }
}
