package dev.segmon.app.metrics.http;

import javax.net.ssl.SSLContext;

/** How one instance asks another's metrics port: the scheme, and the client side of TLS under https. */
public interface PeerTransport {
    /** Plain HTTP, as a port without TLS is asked. */
    PeerTransport PLAIN = () -> null;

    /**
     * The client side of TLS (this instance's certificate if asked for one; trusting the others'
     * when the JVM does or they are this port's own or signed by it); null for plain HTTP. It may
     * change while the port serves (a rotated certificate).
     */
    SSLContext sslContext();

    default String scheme() {
        return sslContext() == null ? "http" : "https";
    }
}
