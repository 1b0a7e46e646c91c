package dev.segmon.app.it;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP proxy on 127.0.0.1 that forwards to a broker's client port and can be switched into a
 * blackhole: while it is one, no byte moves in either direction on the open connections (each
 * pump holds what it has read and stops reading, so the senders' socket buffers fill), and a new
 * connection is accepted but neither forwarded nor answered. Packets dropped, not refused: a
 * client sees no error, only silence, until its own timeouts fire; once the blackhole ends,
 * everything held moves on, as retransmissions would after a repaired network.
 *
 * <p>The broker advertises this proxy's port ({@code segmon broker --advertised-port}), so the
 * clients that bootstrap here use it for every connection; the broker's own traffic and the
 * clients that bootstrap on its direct listener bypass it.
 */
final class BlackholeProxy implements AutoCloseable {
    private final ServerSocket server;
    private final int upstreamPort;
    private final Object gate = new Object();
    private volatile boolean blackhole;
    private volatile boolean closed;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    final AtomicLong accepted = new AtomicLong();

    BlackholeProxy(int port, int upstreamPort) throws IOException {
        this.server = new ServerSocket();
        server.setReuseAddress(true);
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        this.upstreamPort = upstreamPort;
        Thread acceptor = new Thread(this::accept, "blackhole-proxy-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    int port() {
        return server.getLocalPort();
    }

    /** Drop everything from now on (true) or forward again (false). */
    void blackhole(boolean on) {
        synchronized (gate) {
            blackhole = on;
            gate.notifyAll();
        }
    }

    private void awaitOpen() throws InterruptedException {
        synchronized (gate) {
            while (blackhole && !closed) {
                gate.wait();
            }
        }
    }

    private void accept() {
        while (!closed) {
            Socket client;
            try {
                client = server.accept();
            } catch (IOException e) {
                return; // closed
            }
            accepted.incrementAndGet();
            sockets.add(client);
            Thread t = new Thread(() -> connect(client), "blackhole-proxy-conn");
            t.setDaemon(true);
            t.start();
        }
    }

    /** Connects upstream once the network is open (a connection made during a blackhole waits, unanswered), then pumps. */
    private void connect(Socket client) {
        try {
            awaitOpen();
            Socket upstream = new Socket(InetAddress.getLoopbackAddress(), upstreamPort);
            sockets.add(upstream);
            client.setTcpNoDelay(true);
            upstream.setTcpNoDelay(true);
            Thread back = new Thread(() -> pump(upstream, client), "blackhole-proxy-down");
            back.setDaemon(true);
            back.start();
            pump(client, upstream);
        } catch (IOException | InterruptedException e) {
            closeQuietly(client); // the broker is down: refused upstream becomes a closed connection
        }
    }

    private void pump(Socket from, Socket to) {
        byte[] buf = new byte[64 * 1024];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            while (true) {
                awaitOpen();
                int n = in.read(buf);
                if (n < 0) {
                    break;
                }
                awaitOpen(); // what was read during a blackhole is held until it ends
                out.write(buf, 0, n);
                out.flush();
            }
        } catch (IOException | InterruptedException e) {
            // one side closed
        } finally {
            closeQuietly(from);
            closeQuietly(to);
            sockets.remove(from);
            sockets.remove(to);
        }
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // closing
        }
    }

    @Override
    public void close() {
        closed = true;
        blackhole(false);
        closeQuietly2(server);
        for (Socket s : sockets) {
            closeQuietly(s);
        }
    }

    private static void closeQuietly2(ServerSocket s) {
        try {
            s.close();
        } catch (IOException e) {
            // closing
        }
    }
}
