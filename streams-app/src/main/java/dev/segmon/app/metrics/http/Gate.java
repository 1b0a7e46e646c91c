package dev.segmon.app.metrics.http;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The port's one handler: every request passes here, in this order (docs/contract.md 3.5):
 * <ol>
 * <li>segmon's response headers, then the web configuration's;</li>
 * <li>a path over {@value #MAX_PATH} or a query over {@value #MAX_QUERY} characters is a 414, a
 * body over {@value #MAX_BODY} bytes (or of unknown length) a 413: the routes take {@code GET};</li>
 * <li>{@code /health} and {@code /ready} are answered on the server's own threads, never behind
 * a read, and without credentials (a probe carries none);</li>
 * <li>every other request goes to the read threads: with {@code basic_auth_users}, no valid
 * credentials is a 401; an unknown path (exact paths only) a 404; a method other than
 * {@code GET} or {@code HEAD} a 405; a full queue of reads a 503;</li>
 * <li>a handler's {@link BadRequest} is its status; anything else it throws is logged and, if
 * nothing was sent yet, a 500. Every error body is {@code {"error": "..."}}, never a stack trace.</li>
 * </ol>
 */
public final class Gate implements HttpHandler {
    static final int MAX_PATH = 1024;
    static final int MAX_QUERY = 4096;
    static final int MAX_BODY = 4096;
    static final String ALLOW = "GET, HEAD";
    /** The live page loads its own scripts, styles and data alone, and has no inline script or style (resources web/). */
    static final String CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
            + "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
    private static final Logger LOG = LoggerFactory.getLogger(Gate.class);

    private final WebAccess access;
    private final ExecutorService reads;
    private final Map<String, HttpHandler> probes = new ConcurrentHashMap<>();
    private final Map<String, HttpHandler> routes = new ConcurrentHashMap<>();

    Gate(WebAccess access, ExecutorService reads) {
        this.access = access;
        this.reads = reads;
    }

    /** {@code path} answered on the server's threads without credentials: the probes. */
    void probe(String path, HttpHandler handler) {
        probes.put(path, handler);
    }

    /** {@code path}, exactly, answered on the read threads. */
    void route(String path, HttpHandler handler) {
        routes.put(path, handler);
    }

    @Override
    public void handle(HttpExchange ex) {
        try {
            headers(ex.getResponseHeaders());
            if (refusedBySize(ex)) {
                ex.close();
                return;
            }
            HttpHandler probe = probes.get(ex.getRequestURI().getPath());
            if (probe != null) {
                run(ex, () -> answer(ex, probe));
                return;
            }
            try {
                reads.execute(() -> run(ex, () -> {
                    if (authorized(ex)) {
                        HttpHandler route = routes.get(ex.getRequestURI().getPath());
                        if (route == null) {
                            Responses.error(ex, 404, "no such path: " + ex.getRequestURI().getPath());
                        } else {
                            answer(ex, route);
                        }
                    }
                }));
            } catch (RejectedExecutionException e) {
                ex.getResponseHeaders().set("Retry-After", "1");
                run(ex, () -> Responses.error(ex, 503, "too many requests waiting; try again"));
            }
        } catch (IOException | RuntimeException e) {
            ex.close();
        }
    }

    private void headers(Headers h) {
        h.set("X-Content-Type-Options", "nosniff");
        h.set("Content-Security-Policy", CSP);
        h.set("Referrer-Policy", "no-referrer");
        h.set("Cache-Control", "no-store");
        access.config().headers().forEach(h::set);
    }

    private static boolean refusedBySize(HttpExchange ex) throws IOException {
        String path = ex.getRequestURI().getRawPath();
        String query = ex.getRequestURI().getRawQuery();
        if (path != null && path.length() > MAX_PATH || query != null && query.length() > MAX_QUERY) {
            Responses.error(ex, 414, "the path may have " + MAX_PATH + " characters and the query " + MAX_QUERY);
            return true;
        }
        Headers in = ex.getRequestHeaders();
        String length = in.getFirst("Content-Length");
        boolean tooLong;
        try {
            tooLong = in.containsKey("Transfer-Encoding") || length != null && Long.parseLong(length.trim()) > MAX_BODY;
        } catch (NumberFormatException e) {
            tooLong = true;
        }
        if (tooLong) {
            ex.getResponseHeaders().set("Connection", "close");
            Responses.error(ex, 413, "a request body may have " + MAX_BODY + " bytes at most, of a declared length");
        }
        return tooLong;
    }

    /** Whether the request may go on; otherwise it has been answered 401. */
    private boolean authorized(HttpExchange ex) throws IOException {
        BasicAuth auth = access.auth();
        if (!auth.required() || auth.allows(ex.getRequestHeaders().getFirst("Authorization"))) {
            return true;
        }
        ex.getResponseHeaders().set("WWW-Authenticate", BasicAuth.CHALLENGE);
        Responses.error(ex, 401, "credentials required (HTTP basic authentication)");
        return false;
    }

    private static void answer(HttpExchange ex, HttpHandler handler) throws IOException {
        String method = ex.getRequestMethod();
        if (!method.equals("GET") && !method.equals("HEAD")) {
            ex.getResponseHeaders().set("Allow", ALLOW);
            Responses.error(ex, 405, "method " + method + " is not allowed here; " + ALLOW + " only");
            return;
        }
        handler.handle(ex);
    }

    private interface Step {
        void run() throws IOException;
    }

    /** Runs {@code step}, answers what it throws as the class comment says, and closes the exchange. */
    private static void run(HttpExchange ex, Step step) {
        try {
            step.run();
        } catch (BadRequest e) {
            errorIfUnanswered(ex, e.status(), e.getMessage());
        } catch (IOException e) {
            // the client went away: nothing to answer
        } catch (RuntimeException e) {
            LOG.error("internal error answering {} {}", ex.getRequestMethod(), ex.getRequestURI().getRawPath(), e);
            errorIfUnanswered(ex, 500, "internal error (" + e.getClass().getSimpleName() + "); see the monitor's log");
        } finally {
            ex.close();
        }
    }

    private static void errorIfUnanswered(HttpExchange ex, int status, String message) {
        if (ex.getResponseCode() == -1) {
            try {
                Responses.error(ex, status, message);
            } catch (IOException e) {
                // the client went away
            }
        }
    }
}
