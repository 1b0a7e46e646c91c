package dev.segmon.app.metrics.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What a plain port answers to requests it does not serve and clients that do not behave: exact
 * paths, GET and HEAD only, bounded sizes, JSON reasons, the security headers; probes that answer
 * while 20 clients stall the server's reading of requests, and those clients cut off after the
 * request timeout; a flood of scrapes all answered.
 */
class HostileRequestsTest {
    private static final HttpClient HTTP = Served.client(null);
    private static final ObjectMapper JSON = new ObjectMapper();

    private static HttpResponse<String> send(Served s, String method, String path, HttpRequest.BodyPublisher body) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(s.uri("http", path)).method(method, body).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static void assertJsonError(HttpResponse<String> r, int status, String what) throws Exception {
        assertEquals(status, r.statusCode(), what + ": " + r.body());
        assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("application/json"), what);
        String error = JSON.readTree(r.body()).get("error").asText();
        assertFalse(error.isEmpty() || error.contains("\tat ") || error.contains("Exception:"), what + ": " + error);
    }

    @Test
    void onlyExactPathsAndGetOrHeadAreServed() throws Exception {
        try (Served s = new Served(null)) {
            s.server.handle("/api/v1/thing", ex -> Responses.send(ex, 200, "application/json", "{}"));
            for (String path : List.of("/healthz", "/readyX", "/metrics/foo", "/metricsfoo", "/api/v1/thing/x", "/api", "/", "/%2e%2e/etc")) {
                assertJsonError(send(s, "GET", path, HttpRequest.BodyPublishers.noBody()), 404, path);
            }
            for (String path : List.of("/metrics", "/health", "/ready", "/api/v1/thing")) {
                for (String method : List.of("POST", "PUT", "DELETE", "PATCH", "OPTIONS", "FOO")) {
                    HttpResponse<String> r = send(s, method, path, HttpRequest.BodyPublishers.ofString("x=1"));
                    assertJsonError(r, 405, method + " " + path);
                    assertEquals("GET, HEAD", r.headers().firstValue("Allow").orElse(""), method + " " + path);
                }
                HttpResponse<String> head = send(s, "HEAD", path, HttpRequest.BodyPublishers.noBody());
                assertEquals(200, head.statusCode(), "HEAD " + path);
                assertEquals("", head.body());
            }
        }
    }

    @Test
    void everyAnswerCarriesTheSecurityHeadersAndTheApiIsNotStored() throws Exception {
        try (Served s = new Served(null)) {
            s.server.handle("/api/v1/thing", ex -> Responses.send(ex, 200, "application/json", "{}"));
            for (String path : List.of("/metrics", "/api/v1/thing", "/health", "/nope")) {
                HttpResponse<String> r = send(s, "GET", path, HttpRequest.BodyPublishers.noBody());
                assertEquals("nosniff", r.headers().firstValue("X-Content-Type-Options").orElse(""), path);
                String csp = r.headers().firstValue("Content-Security-Policy").orElse("");
                assertTrue(csp.startsWith("default-src 'self'") && csp.contains("frame-ancestors 'none'"), path + ": " + csp);
                assertEquals("no-store", r.headers().firstValue("Cache-Control").orElse(""), path);
            }
        }
    }

    @Test
    void oversizedAndMalformedRequestsAreRefusedWithAReason() throws Exception {
        try (Served s = new Served(null)) {
            s.server.handle("/boom", ex -> {
                throw new IllegalStateException("a bug");
            });
            assertJsonError(send(s, "GET", "/metrics?name[]=" + "a".repeat(5000), HttpRequest.BodyPublishers.noBody()), 414, "long query");
            assertJsonError(send(s, "GET", "/" + "a".repeat(2000), HttpRequest.BodyPublishers.noBody()), 414, "long path");
            assertJsonError(send(s, "GET", "/metrics", HttpRequest.BodyPublishers.ofString("x".repeat(10_000))), 413, "a body");
            // A request line the JDK's server cannot read as a URI it refuses itself, before any handler.
            assertTrue(raw(s, "GET /metrics?name[]=%zz HTTP/1.1").startsWith("HTTP/1.1 400"), "bad percent-encoding");
            HttpResponse<String> boom = send(s, "GET", "/boom", HttpRequest.BodyPublishers.noBody());
            assertJsonError(boom, 500, "a handler's bug");
            assertFalse(boom.body().contains("a bug"), "no internals in the answer: " + boom.body());
            // A small body on a GET is tolerated (and not read).
            assertEquals(200, send(s, "GET", "/metrics", HttpRequest.BodyPublishers.ofString("x=1")).statusCode());
        }
    }

    @Test
    void probesAnswerWithinASecondWhileTwentyClientsStallAndThoseAreCutOff() throws Exception {
        try (Served s = new Served(null)) {
            List<Socket> stalled = new ArrayList<>();
            try {
                for (int k = 0; k < 20; k++) {
                    Socket socket = new Socket("127.0.0.1", s.server.port());
                    socket.setSoTimeout(15_000);
                    if (k % 2 == 0) {
                        OutputStream out = socket.getOutputStream();
                        out.write('G'); // one byte of a request line, then nothing
                        out.flush();
                    } // the others send nothing at all
                    stalled.add(socket);
                }
                Thread.sleep(300); // every byte arrived and its connection holds a thread
                long start = System.nanoTime();
                for (String probe : List.of("/health", "/ready", "/health", "/ready")) {
                    HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(s.uri("http", probe)).timeout(Duration.ofSeconds(1)).build(),
                            HttpResponse.BodyHandlers.ofString());
                    assertEquals(200, r.statusCode(), probe);
                }
                double seconds = (System.nanoTime() - start) / 1e9;
                assertTrue(seconds < 1, "four probes took " + seconds + " s");
                long cut = System.nanoTime();
                for (Socket socket : stalled) {
                    assertTrue(closedByServer(socket), "a stalled connection is closed");
                }
                double after = (System.nanoTime() - cut) / 1e9;
                assertTrue(after < ServerLimits.REQUEST_SECONDS + 3, "cut off " + after + " s after the probes");
            } finally {
                for (Socket socket : stalled) {
                    socket.close();
                }
            }
        }
    }

    /** The answer's first line and the rest, to one request line sent on a socket of its own. */
    private static String raw(Served s, String requestLine) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", s.server.port())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write((requestLine + "\r\nHost: localhost\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
        }
    }

    /** Whether the server ends the connection (end of stream or reset) before the socket's timeout. */
    private static boolean closedByServer(Socket socket) throws IOException {
        InputStream in = socket.getInputStream();
        try {
            while (true) {
                if (in.read() < 0) {
                    return true;
                }
            }
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException reset) {
            return true;
        }
    }

    @Test
    void twoHundredParallelScrapesAreAllAnswered() throws Exception {
        try (Served s = new Served(null)) {
            URI uri = s.uri("http", "/metrics");
            List<CompletableFuture<HttpResponse<String>>> all = new ArrayList<>();
            for (int k = 0; k < 200; k++) {
                all.add(HTTP.sendAsync(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString()));
            }
            for (CompletableFuture<HttpResponse<String>> f : all) {
                HttpResponse<String> r = f.get(60, TimeUnit.SECONDS);
                assertEquals(200, r.statusCode(), r.body());
                assertTrue(r.body().contains("segmon_demo_total 3.0"));
            }
            assertEquals(200, HTTP.send(HttpRequest.newBuilder(s.uri("http", "/health")).build(), HttpResponse.BodyHandlers.discarding()).statusCode());
        }
    }

    @Test
    void aListenAddressBindsThatAddressAlone() throws Exception {
        try (Served s = new Served(null)) {
            assertTrue(s.server.address().getAddress().isLoopbackAddress(), s.server.address().toString());
            InetAddress other = null;
            for (NetworkInterface nic : java.util.Collections.list(NetworkInterface.getNetworkInterfaces())) {
                for (InetAddress a : java.util.Collections.list(nic.getInetAddresses())) {
                    if (!a.isLoopbackAddress() && a instanceof java.net.Inet4Address) {
                        other = a;
                    }
                }
            }
            org.junit.jupiter.api.Assumptions.assumeTrue(other != null, "no address but loopback on this machine");
            try (Socket socket = new Socket()) {
                InetSocketAddress target = new InetSocketAddress(other, s.server.port());
                assertFalse(connects(socket, target), "nothing listens on " + target);
            }
        }
    }

    private static boolean connects(Socket socket, InetSocketAddress target) {
        try {
            socket.connect(target, 2000);
            return true;
        } catch (IOException refused) {
            return false;
        }
    }
}
