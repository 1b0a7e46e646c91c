package dev.segmon.app.broker;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** Ports on 127.0.0.1 for the embedded broker's listeners, checked before Kafka binds them. */
final class LoopbackPorts {
    private LoopbackPorts() {
    }

    /** A port that was free a moment ago on 127.0.0.1. */
    static int free() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot find a free port", e);
        }
    }

    /** Fails with {@link EmbeddedBroker.PortInUseException} where {@code port} is taken on 127.0.0.1. */
    static void requireFree(int port) {
        try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            socket.setReuseAddress(true);
        } catch (IOException e) {
            throw new EmbeddedBroker.PortInUseException(port);
        }
    }
}
