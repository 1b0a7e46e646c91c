package dev.segmon.app.metrics.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.segmon.app.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A web configuration that cannot be used stops {@code segmon run} before anything starts: one
 * line on stderr naming the file (and the line and key where there is one) and the problem, exit
 * 2. The bootstrap servers name a port nobody listens on: a run that got as far as Kafka would
 * wait 30 s for it and exit 1.
 */
class WebConfigErrorsTest {
    @TempDir
    Path tmp;

    private CliRun run(Path file) {
        return CliRun.of("run", "--bootstrap-servers", "127.0.0.1:1", "--metrics-port", "0", "--web-config-file", file.toString());
    }

    private void assertRefused(Path file, String... parts) {
        long start = System.nanoTime();
        CliRun r = run(file);
        assertTrue(System.nanoTime() - start < 10_000_000_000L, "checked before Kafka is asked");
        assertEquals(2, r.exit(), r.err());
        assertEquals("", r.out());
        List<String> lines = r.err().lines().toList();
        assertEquals(1, lines.size(), r.err());
        assertTrue(lines.get(0).startsWith("segmon: " + file), lines.get(0));
        for (String part : parts) {
            assertTrue(lines.get(0).contains(part), "'" + part + "' in " + lines.get(0));
        }
    }

    private Path write(String name, String text) throws Exception {
        return Files.writeString(tmp.resolve(name), text);
    }

    @Test
    void aMissingFile() {
        assertRefused(tmp.resolve("nope.yml"), "nope.yml: no such file");
    }

    @Test
    void yamlThatDoesNotParseNamesItsLine() throws Exception {
        assertRefused(write("web.yml", "basic_auth_users:\n  alice: x\n tls_server_config: [\n"), "web.yml:", ": not YAML");
        assertRefused(write("dup.yml", "basic_auth_users: {}\nbasic_auth_users: {}\n"), "dup.yml:2: not YAML", "basic_auth_users");
    }

    @Test
    void aHashThatIsNotBcryptNamesTheUserAndLine() throws Exception {
        assertRefused(write("web.yml", "# users\nbasic_auth_users:\n  alice: plaintext\n"), "web.yml:3: basic_auth_users.alice: not a bcrypt hash");
    }

    @Test
    void unknownAndUnimplementedKeysAreRefusedNotIgnored() throws Exception {
        assertRefused(write("a.yml", "tls_server_config:\n  cert_flie: x.pem\n"), "a.yml:2: tls_server_config.cert_flie: unknown key");
        assertRefused(write("b.yml", "rate_limit:\n  burst: 1\n"), "b.yml:1: rate_limit: this exporter-toolkit setting is not implemented");
        assertRefused(write("c.yml", "http_server_config:\n  headers:\n    Server: segmon\n"), "c.yml:3: http_server_config.headers.Server: this header cannot be set");
        assertRefused(write("d.yml", "http_server_config:\n  headers:\n    X-Frame-Options: allow\n"), "must be one of deny, sameorigin");
    }

    @Test
    void aCertificateThatCannotBeLoaded() throws Exception {
        TestPki.Pair good = TestPki.selfSigned(tmp, "good", "rsa");
        Files.writeString(tmp.resolve("junk.pem"), "-----BEGIN CERTIFICATE-----\nnot base64\n-----END CERTIFICATE-----\n");
        assertRefused(write("a.yml", "tls_server_config:\n  cert_file: junk.pem\n  key_file: good.key\n"),
                "a.yml:2: tls_server_config.cert_file: " + tmp.resolve("junk.pem") + ": not a PEM certificate");
        assertRefused(write("b.yml", "tls_server_config:\n  cert_file: missing.pem\n  key_file: good.key\n"), "missing.pem: no such file");
        assertRefused(write("c.yml", "tls_server_config:\n  cert_file: good.pem\n"), "c.yml:1: tls_server_config: key_file is missing");
        TestPki.Pair other = TestPki.selfSigned(tmp, "other", "rsa");
        assertRefused(write("d.yml", "tls_server_config:\n  cert_file: good.pem\n  key_file: " + other.key() + "\n"),
                "d.yml:3: tls_server_config.key_file: ", "the key is not the certificate's");
        TestPki.Pair ec = TestPki.selfSigned(tmp, "ec", "ec");
        assertRefused(write("e.yml", "tls_server_config:\n  cert_file: ec.pem\n  key_file: good.key\n"), "tls_server_config.key_file", "not a PKCS#8 EC private key");
        Files.writeString(tmp.resolve("rsa1.key"), "-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----\n");
        assertRefused(write("f.yml", "tls_server_config:\n  cert_file: good.pem\n  key_file: rsa1.key\n"), "a PKCS#1 RSA key", "openssl pkcs8 -topk8");
    }

    @Test
    void clientAuthenticationThatCannotWork() throws Exception {
        TestPki.selfSigned(tmp, "good", "rsa");
        String pair = "tls_server_config:\n  cert_file: good.pem\n  key_file: good.key\n";
        assertRefused(write("a.yml", pair + "  client_ca_file: good.pem\n"), "tls_server_config.client_ca_file: set, but client_auth_type asks for no client certificate");
        assertRefused(write("b.yml", pair + "  client_auth_type: RequireAndVerifyClientCert\n"), "b.yml:4: tls_server_config.client_auth_type: RequireAndVerifyClientCert needs client_ca_file");
        assertRefused(write("c.yml", pair + "  client_auth_type: Always\n"), "c.yml:4: tls_server_config.client_auth_type: 'Always' is none of NoClientCert, ");
        assertRefused(write("d.yml", pair + "  min_version: TLS11\n"), "'TLS11' is none of TLS12, TLS13 (Java 17 disables TLS 1.0 and 1.1)");
        assertRefused(write("e.yml", pair + "  min_version: TLS13\n  max_version: TLS12\n"), "TLS13 is above max_version TLS12");
        assertRefused(write("f.yml", pair + "  cipher_suites: [TLS_RSA_WITH_NOTHING]\n"), "unknown cipher suite \"TLS_RSA_WITH_NOTHING\"");
    }
}
