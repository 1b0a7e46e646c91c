package dev.segmon.app.web;

import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Assumptions;

/**
 * Debian's headless Chromium driven over the Chrome DevTools Protocol on the JDK's WebSocket
 * client: no WebDriver library. It records every event the page's session sends (requests,
 * console calls, exceptions, log entries) for the test to inspect.
 *
 * <p>Started with a fresh profile and without background networking, component updates and sync,
 * so that Chromium itself asks no other host for anything: every request seen is the page's.
 */
final class Chromium implements AutoCloseable {
    static final Path EXECUTABLE = Path.of("/usr/bin/chromium");
    static final String REQUIRE_ENV = "SEGMON_REQUIRE_TOOLS";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(30);

    private final Process process;
    private final WebSocket socket;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    /** Every event received, in order. */
    final List<JsonNode> events = new CopyOnWriteArrayList<>();

    /** Skips the test (fails it under SEGMON_REQUIRE_TOOLS=1) where Chromium is not installed. */
    static void require() {
        if (!Files.isExecutable(EXECUTABLE)) {
            String why = EXECUTABLE + " is missing (apt-get install -y chromium chromium-driver)";
            if ("1".equals(System.getenv(REQUIRE_ENV))) {
                fail(why + " and " + REQUIRE_ENV + "=1");
            }
            Assumptions.abort(why);
        }
    }

    Chromium(Path profile, int width, int height) throws Exception {
        Files.createDirectories(profile);
        process = new ProcessBuilder(EXECUTABLE.toString(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-default-apps", "--disable-extensions", "--hide-scrollbars", "--remote-debugging-port=0",
                "--user-data-dir=" + profile, "--window-size=" + width + "," + height, "about:blank")
                .redirectErrorStream(true).redirectOutput(profile.resolve("chromium.log").toFile()).start();
        Path portFile = profile.resolve("DevToolsActivePort");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!(Files.exists(portFile) && Files.readAllLines(portFile).size() >= 2)) {
            if (System.nanoTime() > deadline || !process.isAlive()) {
                process.destroyForcibly();
                fail("Chromium did not open its DevTools port: " + Files.readString(profile.resolve("chromium.log")));
            }
            Thread.sleep(50);
        }
        int port = Integer.parseInt(Files.readAllLines(portFile).get(0).trim());
        HttpClient http = HttpClient.newHttpClient();
        String page = null;
        for (JsonNode target : JSON.readTree(http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/json/list")).build(),
                HttpResponse.BodyHandlers.ofString()).body())) {
            if ("page".equals(target.get("type").asText())) {
                page = target.get("webSocketDebuggerUrl").asText();
            }
        }
        socket = http.newWebSocketBuilder().buildAsync(URI.create(page), new Listener()).get(30, TimeUnit.SECONDS);
        for (String domain : List.of("Network", "Runtime", "Log", "Page")) {
            call(domain + ".enable", JSON.createObjectNode());
        }
        call("Emulation.setDeviceMetricsOverride", JSON.createObjectNode().put("width", width).put("height", height)
                .put("deviceScaleFactor", 1).put("mobile", false));
    }

    /** Sends one command and waits for its result; a protocol error fails the test. */
    JsonNode call(String method, ObjectNode params) throws Exception {
        int id = ids.incrementAndGet();
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        pending.put(id, answer);
        socket.sendText(JSON.createObjectNode().put("id", id).put("method", method).set("params", params).toString(), true)
                .get(CALL_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        JsonNode reply = answer.get(CALL_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        if (reply.has("error")) {
            fail(method + ": " + reply.get("error"));
        }
        return reply.get("result");
    }

    void navigate(String url) throws Exception {
        call("Page.navigate", JSON.createObjectNode().put("url", url));
    }

    /** The value of a JavaScript expression (promises awaited); a thrown exception fails the test. */
    JsonNode eval(String expression) throws Exception {
        JsonNode r = call("Runtime.evaluate", JSON.createObjectNode().put("expression", expression)
                .put("returnByValue", true).put("awaitPromise", true));
        if (r.has("exceptionDetails")) {
            fail(expression + " threw " + r.get("exceptionDetails"));
        }
        return r.get("result").get("value");
    }

    /** Polls {@code condition} (a JavaScript boolean expression) until true; fails after {@code timeout}. */
    void await(String condition, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!eval("Boolean(" + condition + ")").asBoolean()) {
            if (System.nanoTime() > deadline) {
                fail("the page did not reach " + condition + " within " + timeout);
            }
            Thread.sleep(100);
        }
    }

    /** A left click at the centre of the first element {@code selector} matches, as a user's mouse would. */
    void click(String selector) throws Exception {
        JsonNode box = eval("(() => { const r = document.querySelector(" + JSON.writeValueAsString(selector)
                + ").getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; })()");
        for (String type : List.of("mouseMoved", "mousePressed", "mouseReleased")) {
            ObjectNode p = JSON.createObjectNode().put("type", type).put("x", box.get("x").asDouble()).put("y", box.get("y").asDouble());
            if (!type.equals("mouseMoved")) {
                p.put("button", "left").put("clickCount", 1);
            }
            call("Input.dispatchMouseEvent", p);
        }
    }

    /** A PNG of the viewport. */
    void screenshot(Path png) throws Exception {
        JsonNode r = call("Page.captureScreenshot", JSON.createObjectNode().put("format", "png"));
        Files.createDirectories(png.toAbsolutePath().getParent());
        Files.write(png, Base64.getDecoder().decode(r.get("data").asText()));
    }

    /** A PNG of the element {@code selector} matches, scrolled into view if need be. */
    void screenshot(Path png, String selector) throws Exception {
        JsonNode box = eval("(() => { const e = document.querySelector('" + selector + "'); e.scrollIntoView();"
                + " const r = e.getBoundingClientRect(); return {x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height}; })()");
        ObjectNode clip = JSON.createObjectNode().put("x", box.get("x").asDouble()).put("y", box.get("y").asDouble())
                .put("width", box.get("width").asDouble()).put("height", box.get("height").asDouble()).put("scale", 1);
        ObjectNode params = JSON.createObjectNode().put("format", "png").put("captureBeyondViewport", true);
        params.set("clip", clip);
        JsonNode r = call("Page.captureScreenshot", params);
        Files.createDirectories(png.toAbsolutePath().getParent());
        Files.write(png, Base64.getDecoder().decode(r.get("data").asText()));
    }

    /** The URLs of every request the page made. */
    List<String> requestedUrls() {
        List<String> urls = new ArrayList<>();
        for (JsonNode e : events) {
            if ("Network.requestWillBeSent".equals(e.path("method").asText())) {
                urls.add(e.get("params").get("request").get("url").asText());
            }
        }
        return urls;
    }

    /** Console errors, uncaught exceptions and error log entries, as text. */
    List<String> errors() {
        List<String> out = new ArrayList<>();
        for (JsonNode e : events) {
            String m = e.path("method").asText();
            JsonNode p = e.path("params");
            if (m.equals("Runtime.exceptionThrown")
                    || (m.equals("Runtime.consoleAPICalled") && List.of("error", "assert").contains(p.path("type").asText()))
                    || (m.equals("Log.entryAdded") && "error".equals(p.path("entry").path("level").asText()))) {
                out.add(e.toString());
            }
        }
        return out;
    }

    @Override
    public void close() throws InterruptedException {
        socket.abort();
        // Its renderer and helper processes too: they may still write to the profile directory
        // after the browser process has exited, and a test's temporary directory is deleted next.
        java.util.List<ProcessHandle> helpers = process.descendants().toList();
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
        for (ProcessHandle h : helpers) {
            h.destroy();
            try {
                h.onExit().get(5, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                h.destroyForcibly();
            }
        }
    }

    /** Collects a message's fragments, then routes it to its caller (a reply) or to {@link #events}. */
    private final class Listener implements WebSocket.Listener {
        private final StringBuilder text = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            text.append(data);
            if (last) {
                try {
                    JsonNode msg = JSON.readTree(text.toString());
                    if (msg.has("id")) {
                        CompletableFuture<JsonNode> f = pending.remove(msg.get("id").asInt());
                        if (f != null) {
                            f.complete(msg);
                        }
                    } else {
                        events.add(msg);
                    }
                } catch (IOException e) {
                    events.add(JSON.createObjectNode().put("method", "unparsable").put("text", text.toString()));
                }
                text.setLength(0);
            }
            ws.request(1);
            return null;
        }
    }
}
