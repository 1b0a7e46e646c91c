package dev.segmon.app.metrics.http;

import java.nio.file.Path;

/**
 * Where the metrics port listens and how it is secured.
 *
 * @param host       the one address to bind; null = every interface
 * @param port       0 = any free one
 * @param configFile the exporter-toolkit web configuration; null = plain HTTP, no authentication
 */
public record WebSettings(String host, int port, Path configFile) {
    /** Every interface, plain and open: what a port alone means. */
    public static WebSettings open(int port) {
        return new WebSettings(null, port, null);
    }
}
