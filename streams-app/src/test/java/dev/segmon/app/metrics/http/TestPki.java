package dev.segmon.app.metrics.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Assumptions;

/**
 * Certificates, keys and bcrypt hashes made by tools independent of the code under test: OpenSSL
 * ({@code openssl req}, {@code openssl pkcs12}), the JDK's {@code keytool}, and Apache's
 * {@code htpasswd -nbBC 10}. A missing tool skips the test, or fails it under
 * {@code SEGMON_REQUIRE_TOOLS=1} (CI).
 */
public final class TestPki {
    private TestPki() {
    }

    /** A certificate and its key as PEM files. */
    public record Pair(Path cert, Path key) {
    }

    /** A self-signed certificate for localhost and 127.0.0.1 with a PKCS#8 key ({@code rsa} or {@code ec}), by {@code openssl req}. */
    public static Pair selfSigned(Path dir, String name, String kind) throws Exception {
        Pair p = new Pair(dir.resolve(name + ".pem"), dir.resolve(name + ".key"));
        List<String> cmd = new ArrayList<>(List.of(tool("openssl"), "req", "-x509", "-nodes", "-days", "2", "-subj", "/CN=" + name,
                "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1", "-keyout", p.key().toString(), "-out", p.cert().toString()));
        cmd.addAll(kind.equals("ec") ? List.of("-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256") : List.of("-newkey", "rsa:2048"));
        run(dir, cmd);
        return p;
    }

    /**
     * A self-signed RSA certificate made by {@code keytool -genkeypair}, exported from its PKCS#12
     * store by {@code openssl pkcs12} (certificate and PKCS#8 key, each after openssl's "Bag
     * Attributes" lines).
     */
    static Pair fromKeytool(Path dir, String name) throws Exception {
        Path store = dir.resolve(name + ".p12");
        run(dir, List.of(tool("keytool"), "-genkeypair", "-alias", name, "-keyalg", "RSA", "-keysize", "2048", "-validity", "2",
                "-dname", "CN=" + name, "-ext", "SAN=dns:localhost,ip:127.0.0.1", "-storetype", "PKCS12", "-keystore", store.toString(),
                "-storepass", "changeit", "-keypass", "changeit"));
        Pair p = new Pair(dir.resolve(name + ".pem"), dir.resolve(name + ".key"));
        run(dir, List.of(tool("openssl"), "pkcs12", "-in", store.toString(), "-passin", "pass:changeit", "-nokeys", "-out", p.cert().toString()));
        run(dir, List.of(tool("openssl"), "pkcs12", "-in", store.toString(), "-passin", "pass:changeit", "-nocerts", "-nodes", "-out",
                p.key().toString()));
        return p;
    }

    /** A CA certificate and key, and a client certificate it signed, with the client's key in a PKCS#12 store (password "pw"). */
    record ClientPki(Pair ca, Path clientStore) {
    }

    static ClientPki clientPki(Path dir) throws Exception {
        Pair ca = selfSigned(dir, "client-ca", "rsa");
        Path key = dir.resolve("client.key");
        Path csr = dir.resolve("client.csr");
        Path cert = dir.resolve("client.pem");
        run(dir, List.of(tool("openssl"), "req", "-new", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=scraper", "-keyout", key.toString(),
                "-out", csr.toString()));
        run(dir, List.of(tool("openssl"), "x509", "-req", "-in", csr.toString(), "-CA", ca.cert().toString(), "-CAkey", ca.key().toString(),
                "-CAcreateserial", "-days", "2", "-out", cert.toString()));
        Path store = dir.resolve("client.p12");
        run(dir, List.of(tool("openssl"), "pkcs12", "-export", "-in", cert.toString(), "-inkey", key.toString(), "-out", store.toString(),
                "-passout", "pass:pw"));
        return new ClientPki(ca, store);
    }

    /** {@code user:hash} by {@code htpasswd -nbBC 10}, the hash alone. */
    public static String bcrypt(String user, String password) throws Exception {
        String line = run(Path.of("."), List.of(tool("htpasswd"), "-nbBC", "10", user, password)).strip();
        assertTrue(line.startsWith(user + ":$2"), line);
        return line.substring(user.length() + 1);
    }

    /** A client context trusting {@code trusted} (PEM) and, if given, presenting the key of a PKCS#12 store (password "pw"). */
    public static SSLContext client(Path trusted, Path clientStore) throws Exception {
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        try (InputStream in = Files.newInputStream(trusted)) {
            int i = 0;
            for (var c : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                trust.setCertificateEntry("t" + i++, (X509Certificate) c);
            }
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX");
        tmf.init(trust);
        KeyManagerFactory kmf = null;
        if (clientStore != null) {
            KeyStore keys = KeyStore.getInstance("PKCS12");
            try (InputStream in = Files.newInputStream(clientStore)) {
                keys.load(in, "pw".toCharArray());
            }
            kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(keys, "pw".toCharArray());
        }
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(kmf == null ? null : kmf.getKeyManagers(), tmf.getTrustManagers(), null);
        return ctx;
    }

    private static String tool(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path p = Path.of(dir, name);
            if (!dir.isEmpty() && Files.isExecutable(p)) {
                return p.toString();
            }
        }
        String why = name + " is not on PATH (apt-get install -y openssl apache2-utils)";
        if ("1".equals(System.getenv("SEGMON_REQUIRE_TOOLS"))) {
            fail(why + " and SEGMON_REQUIRE_TOOLS=1");
        }
        Assumptions.abort(why);
        return null;
    }

    private static String run(Path dir, List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "still running: " + command);
        String text = new String(out, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), command + ": " + text);
        return text;
    }
}
