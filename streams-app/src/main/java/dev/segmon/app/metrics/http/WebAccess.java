package dev.segmon.app.metrics.http;

import javax.net.ssl.SSLContext;

/**
 * The web configuration in force, swapped whole when its file is read again: who may ask
 * ({@link BasicAuth}), the extra response headers, and the TLS material ({@link TlsContext}).
 */
final class WebAccess {
    private volatile WebConfig config;
    private volatile BasicAuth auth;
    /** Null on a plain HTTP port. */
    private final TlsContext tls;

    WebAccess(WebConfig config) {
        this.config = config;
        this.auth = BasicAuth.of(config.users());
        this.tls = config.tlsEnabled() ? tlsOf(config) : null;
    }

    private static TlsContext tlsOf(WebConfig config) {
        try {
            return new TlsContext(config.tls());
        } catch (IllegalArgumentException e) {
            throw new WebConfig.Invalid(config.file() + ": " + e.getMessage());
        }
    }

    WebConfig config() {
        return config;
    }

    BasicAuth auth() {
        return auth;
    }

    /** Null on a plain HTTP port. */
    TlsContext tls() {
        return tls;
    }

    /** The client side of TLS for asking the other instances; null on a plain HTTP port. */
    SSLContext peerContext() {
        return tls == null ? null : tls.peers();
    }

    /**
     * Puts {@code next} in force.
     *
     * @throws WebConfig.Invalid when it turns TLS on or off (the port is an HTTP or an HTTPS server
     *                           from its start) or its certificate cannot be used; the configuration in
     *                           force stays
     */
    synchronized void update(WebConfig next) {
        if (next.tlsEnabled() != (tls != null)) {
            throw new WebConfig.Invalid(next.file() + ": tls_server_config " + (tls == null ? "added" : "removed")
                    + ": the port turns TLS " + (tls == null ? "on" : "off") + " only at a restart");
        }
        if (tls != null) {
            try {
                tls.update(next.tls());
            } catch (IllegalArgumentException e) {
                throw new WebConfig.Invalid(next.file() + ": " + e.getMessage());
            }
        }
        auth = auth.with(next.users());
        config = next;
    }
}
