package dev.segmon.app.metrics.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.List;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tls_server_config} with certificates made by OpenSSL and keytool: the port speaks HTTPS
 * only, with RSA or EC keys; a client certificate is required and verified when the file says
 * so; a rotated certificate is served to new connections within seconds, without a restart.
 */
class TlsPortTest {
    @TempDir
    Path tmp;

    private Path config(String extra) throws Exception {
        return Files.writeString(tmp.resolve("web.yml"), "tls_server_config:\n  cert_file: server.pem\n  key_file: server.key\n" + extra);
    }

    private static X509Certificate first(Path pem) throws Exception {
        try (InputStream in = Files.newInputStream(pem)) {
            return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
    }

    private static X509Certificate served(Served s, SSLContext tls) throws Exception {
        HttpResponse<String> r = Served.get(Served.client(tls), s.uri("https", "/metrics"), null);
        assertEquals(200, r.statusCode());
        assertTrue(r.body().contains("segmon_demo_total 3.0"), r.body());
        return (X509Certificate) r.sslSession().orElseThrow().getPeerCertificates()[0];
    }

    @Test
    void httpsWithAnRsaKeyFromKeytoolAndAnEcKeyFromOpenssl() throws Exception {
        for (String kind : List.of("keytool", "ec")) {
            TestPki.Pair p = kind.equals("ec") ? TestPki.selfSigned(tmp, "server", "ec") : TestPki.fromKeytool(tmp, "server");
            try (Served s = new Served(config(""))) {
                assertEquals(first(p.cert()), served(s, TestPki.client(p.cert(), null)), kind);
                // HTTPS only: a plain request gets no answer.
                assertThrows(IOException.class, () -> Served.get(Served.client(null), s.uri("http", "/metrics"), null), kind);
                assertEquals(200, Served.get(Served.client(TestPki.client(p.cert(), null)), s.uri("https", "/health"), null).statusCode());
            }
        }
    }

    @Test
    void aRotatedCertificateIsServedToNewConnectionsWithoutARestart() throws Exception {
        TestPki.Pair p = TestPki.selfSigned(tmp, "server", "rsa");
        TestPki.Pair next = TestPki.selfSigned(Files.createDirectory(tmp.resolve("next")), "server", "ec");
        try (Served s = new Served(config(""))) {
            assertEquals(first(p.cert()), served(s, TestPki.client(p.cert(), null)));
            // The key first: for a moment the pair does not match, and the old one stays in force.
            Files.copy(next.key(), p.key(), StandardCopyOption.REPLACE_EXISTING);
            Thread.sleep(ConfigWatch.EVERY.toMillis() + 500);
            assertEquals(first(p.cert()), served(s, TestPki.client(p.cert(), null)));
            Files.copy(next.cert(), p.cert(), StandardCopyOption.REPLACE_EXISTING);
            X509Certificate rotated = first(next.cert());
            SSLContext trustsNew = TestPki.client(next.cert(), null);
            assertTrue(Served.within(8, () -> {
                try {
                    return served(s, trustsNew).equals(rotated);
                } catch (IOException handshakeWithTheOldOne) {
                    return false;
                }
            }), "the new certificate is served");
        }
    }

    @Test
    void aClientCertificateIsRequiredAndVerifiedWhenTheFileSaysSo() throws Exception {
        TestPki.Pair p = TestPki.selfSigned(tmp, "server", "rsa");
        TestPki.ClientPki clients = TestPki.clientPki(tmp);
        TestPki.ClientPki strangers = TestPki.clientPki(Files.createDirectory(tmp.resolve("strangers")));
        try (Served s = new Served(config("  client_auth_type: RequireAndVerifyClientCert\n  client_ca_file: client-ca.pem\n  min_version: TLS13\n"))) {
            assertEquals(first(p.cert()), served(s, TestPki.client(p.cert(), clients.clientStore())));
            assertThrows(IOException.class, () -> served(s, TestPki.client(p.cert(), null)), "no client certificate");
            assertThrows(IOException.class, () -> served(s, TestPki.client(p.cert(), strangers.clientStore())), "one another CA signed");
        }
    }
}
