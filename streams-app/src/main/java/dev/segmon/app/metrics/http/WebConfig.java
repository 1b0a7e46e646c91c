package dev.segmon.app.metrics.http;

import java.nio.file.Path;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The metrics port's web configuration: the Prometheus exporter-toolkit's file
 * ({@code tls_server_config}, {@code basic_auth_users}, {@code http_server_config.headers};
 * docs/security.md), read and checked whole by {@link #load}: the certificate and key loaded, the
 * hashes parsed. A configuration is immutable; a changed file is a new one.
 */
public final class WebConfig {
    /** No file: plain HTTP, no authentication, segmon's own headers. */
    public static final WebConfig OPEN = new WebConfig(null, null, Map.of(), Map.of());

    private final Path file;
    private final Tls tls;
    private final Map<String, String> users;
    private final Map<String, String> headers;

    WebConfig(Path file, Tls tls, Map<String, String> users, Map<String, String> headers) {
        this.file = file;
        this.tls = tls;
        this.users = Map.copyOf(users);
        this.headers = Map.copyOf(headers);
    }

    /**
     * Reads and checks {@code file}.
     *
     * @throws Invalid one line, {@code FILE[:LINE]: [key: ]problem}
     */
    public static WebConfig load(Path file) {
        return WebConfigReader.read(file);
    }

    /** Whether the port serves HTTPS (and only HTTPS). */
    public boolean tlsEnabled() {
        return tls != null;
    }

    /** Whether requests other than the probes need credentials. */
    public boolean authenticates() {
        return !users.isEmpty();
    }

    Path file() {
        return file;
    }

    Tls tls() {
        return tls;
    }

    /** User -> bcrypt hash. */
    Map<String, String> users() {
        return users;
    }

    /** Response headers the file sets, by name (replacing segmon's default of the same name). */
    Map<String, String> headers() {
        return headers;
    }

    /** The files whose change makes the configuration be read again: the file and the TLS files it names. */
    List<Path> watched() {
        List<Path> out = new ArrayList<>();
        if (file != null) {
            out.add(file);
        }
        if (tls != null) {
            out.add(tls.certFile());
            out.add(tls.keyFile());
            if (tls.clientCaFile() != null) {
                out.add(tls.clientCaFile());
            }
        }
        return out;
    }

    /**
     * {@code tls_server_config}, resolved: the files (relative ones against the configuration's
     * directory, as the exporter-toolkit does) and what was loaded from them.
     *
     * @param protocols   JSSE's names of the versions from {@code min_version} to {@code max_version}
     * @param cipherSuites empty = JSSE's defaults
     * @param clientCas   empty without {@code client_ca_file}
     */
    record Tls(Path certFile, Path keyFile, Path clientCaFile, ClientAuth clientAuth, List<String> protocols,
               List<String> cipherSuites, boolean preferServerCipherSuites, PrivateKey key, List<X509Certificate> chain,
               List<X509Certificate> clientCas) {
    }

    /** A file that cannot be used, with one line that names it and says why. */
    public static final class Invalid extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        Invalid(String message) {
            super(message);
        }
    }
}
