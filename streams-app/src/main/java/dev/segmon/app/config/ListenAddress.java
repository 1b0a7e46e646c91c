package dev.segmon.app.config;

/**
 * The one address the metrics port listens on ({@code --web-listen-address HOST:PORT}): a host name
 * or address, an IPv6 address in brackets ({@code [::1]:9464}), or none ({@code :9464}: every
 * interface), and a port (0 = any free one). The host is resolved when the port is bound.
 *
 * @param host null for every interface
 */
public record ListenAddress(String host, int port) {
    public ListenAddress {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be 0..65535, not " + port);
        }
        if (host != null && host.isBlank()) {
            host = null;
        }
    }

    /** {@code HOST:PORT}, {@code [IPV6]:PORT} or {@code :PORT}. */
    public static ListenAddress parse(String text) {
        String t = text.trim();
        int colon = t.lastIndexOf(':');
        if (colon < 0) {
            throw new IllegalArgumentException("not HOST:PORT");
        }
        String host = t.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        } else if (host.contains(":")) {
            throw new IllegalArgumentException("an IPv6 address goes in brackets: [ADDRESS]:PORT");
        }
        int port;
        try {
            port = Integer.parseInt(t.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not HOST:PORT: the port is not a number");
        }
        return new ListenAddress(host, port);
    }

    @Override
    public String toString() {
        return (host == null ? "" : host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }
}
