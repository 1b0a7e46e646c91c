package dev.segmon.app.metrics.http;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The bounds of the JDK's HTTP server that a hostile or broken client meets (docs/contract.md
 * 3.5). The server reads a request's line and headers on a thread of its executor, blocking, with
 * no timeout of its own; its {@code sun.net.httpserver.*} system properties (read once, when the
 * first server is created: set here before that, an explicit {@code -D} wins) give one:
 * <ul>
 * <li>{@code maxReqTime} ({@value #REQUEST_SECONDS} s): a connection whose request (line, headers,
 * body, and the TLS handshake before them) has not arrived whole that long after its first byte is
 * closed, which frees the thread reading it; one that sends nothing is closed as well after that
 * time (its idle interval is the shorter of this and {@code idleInterval});</li>
 * <li>{@code maxRspTime} ({@value #RESPONSE_SECONDS} s): an answer not taken by the client within
 * that (a reader that stops reading) is cut; a scrape waiting on a store waits at most
 * {@code max.block.ms} (60 s) anyway;</li>
 * <li>{@code clockTick} (1 s): how often connections idle or silent beyond their time are closed
 * (10 s by default);</li>
 * <li>{@code maxReqHeaders} (100) and {@code maxReqHeaderSize} (64 KiB): the request headers;</li>
 * <li>{@code jdk.httpserver.maxConnections} ({@value #MAX_CONNECTIONS}): connections beyond it are
 * closed at accept;</li>
 * <li>{@code nodelay}: the server writes headers and a small body in two segments, and with Nagle
 * on the body waits for the client's delayed ACK (docs/performance.md).</li>
 * </ul>
 * The threads reading headers ({@value #HEADER_THREADS}) also answer the probes, so that those
 * answer while fewer slow clients than that hold threads; all other requests run on
 * {@value #READ_THREADS} read threads with a queue of {@value #READ_QUEUE} (beyond it, 503).
 */
final class ServerLimits {
    static final int REQUEST_SECONDS = 5;
    static final int RESPONSE_SECONDS = 60;
    static final int MAX_CONNECTIONS = 512;
    static final int HEADER_THREADS = 32;
    /** A new connection queues for a header thread behind at most this many; beyond, it is closed. */
    static final int HEADER_QUEUE = 1024;
    static final int READ_THREADS = 8;
    static final int READ_QUEUE = 256;

    private ServerLimits() {
    }

    /** Sets the server's properties that are not set already; before the first server is created. */
    static void apply() {
        setIfAbsent("sun.net.httpserver.nodelay", "true");
        setIfAbsent("sun.net.httpserver.maxReqTime", String.valueOf(REQUEST_SECONDS));
        setIfAbsent("sun.net.httpserver.maxRspTime", String.valueOf(RESPONSE_SECONDS));
        setIfAbsent("sun.net.httpserver.clockTick", "1000");
        setIfAbsent("sun.net.httpserver.maxReqHeaders", "100");
        setIfAbsent("sun.net.httpserver.maxReqHeaderSize", String.valueOf(64 * 1024));
        setIfAbsent("jdk.httpserver.maxConnections", String.valueOf(MAX_CONNECTIONS));
    }

    private static void setIfAbsent(String name, String value) {
        if (System.getProperty(name) == null) {
            System.setProperty(name, value);
        }
    }

    /** The server's executor: reading requests, answering the probes, handing the rest on. */
    static ExecutorService headerThreads() {
        return pool(HEADER_THREADS, HEADER_QUEUE, "segmon-metrics-http");
    }

    /** The threads of every route but the probes: they read the stores. */
    static ExecutorService readThreads() {
        return pool(READ_THREADS, READ_QUEUE, "segmon-http-reads");
    }

    private static ExecutorService pool(int threads, int queue, String name) {
        ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(queue), r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }
}
