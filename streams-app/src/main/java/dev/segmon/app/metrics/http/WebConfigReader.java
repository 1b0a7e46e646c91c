package dev.segmon.app.metrics.http;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Path;
import java.security.NoSuchAlgorithmException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.net.ssl.SSLContext;

/**
 * Reads a {@link WebConfig} from the exporter-toolkit's YAML as strictly as the toolkit does: an
 * unknown key, a duplicate key or a value of the wrong kind is an error, and so is a toolkit key
 * segmon does not implement (it would otherwise be silently ignored). Errors name the file, the
 * line and the key.
 */
final class WebConfigReader {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory()).enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
    private static final Set<String> TOP = Set.of("tls_server_config", "http_server_config", "basic_auth_users");
    private static final Set<String> TLS = Set.of("cert_file", "key_file", "client_auth_type", "client_ca_file", "min_version",
            "max_version", "cipher_suites", "prefer_server_cipher_suites");
    private static final Set<String> HTTP = Set.of("http2", "headers");
    /** The toolkit's keys segmon refuses rather than ignores. */
    private static final Set<String> NOT_IMPLEMENTED = Set.of("rate_limit", "cert", "key", "client_ca", "curve_preferences",
            "client_allowed_sans");
    /** The headers the toolkit lets a file set, with the values it allows (empty: any). */
    private static final Map<String, List<String>> HEADERS = Map.of("Strict-Transport-Security", List.of(),
            "X-Content-Type-Options", List.of("nosniff"), "X-Frame-Options", List.of("deny", "sameorigin"),
            "X-XSS-Protection", List.of(), "Content-Security-Policy", List.of());
    private static final List<String> VERSIONS = List.of("TLS12", "TLS13");

    private final Path file;
    /** JSON pointer of each key -> its line. */
    private final Map<String, Integer> lines;

    private WebConfigReader(Path file, Map<String, Integer> lines) {
        this.file = file;
        this.lines = lines;
    }

    static WebConfig read(Path file) {
        byte[] bytes;
        try {
            bytes = PemFiles.read(file);
        } catch (IllegalArgumentException e) {
            throw new WebConfig.Invalid(e.getMessage());
        }
        JsonNode root;
        Map<String, Integer> lines = new HashMap<>();
        try {
            root = YAML.readTree(bytes);
            try (JsonParser p = YAML.getFactory().createParser(bytes)) {
                for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                    if (t == JsonToken.FIELD_NAME) {
                        lines.putIfAbsent(p.getParsingContext().pathAsPointer().toString(), p.currentTokenLocation().getLineNr());
                    }
                }
            }
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? "" : ":" + e.getLocation().getLineNr();
            throw new WebConfig.Invalid(file + where + ": not YAML the toolkit reads: " + e.getOriginalMessage().replaceAll("\\s+", " ").strip());
        } catch (IOException e) {
            throw new WebConfig.Invalid(file + ": cannot read it (" + e.getMessage() + ")");
        }
        return new WebConfigReader(file, lines).config(root);
    }

    private WebConfig config(JsonNode root) {
        if (root == null || root.isMissingNode() || root.isNull()) {
            return new WebConfig(file, null, Map.of(), Map.of()); // an empty file: the toolkit's defaults
        }
        if (!root.isObject()) {
            throw new WebConfig.Invalid(file + ": not a YAML mapping of tls_server_config, basic_auth_users, http_server_config");
        }
        keys(root, "", TOP);
        return new WebConfig(file, tls(root.path("tls_server_config")), users(root.path("basic_auth_users")),
                headers(root.path("http_server_config")));
    }

    private WebConfig.Tls tls(JsonNode n) {
        mapping(n, "tls_server_config");
        keys(n, "tls_server_config", TLS);
        String cert = text(n, "tls_server_config", "cert_file");
        String key = text(n, "tls_server_config", "key_file");
        String auth = text(n, "tls_server_config", "client_auth_type");
        String ca = text(n, "tls_server_config", "client_ca_file");
        if (cert.isEmpty() && key.isEmpty() && auth.isEmpty() && ca.isEmpty()) {
            return null;
        }
        if (cert.isEmpty() || key.isEmpty()) {
            throw fail("tls_server_config", (cert.isEmpty() ? "cert_file" : "key_file") + " is missing");
        }
        ClientAuth clientAuth;
        try {
            clientAuth = ClientAuth.named(auth);
        } catch (IllegalArgumentException e) {
            throw fail("tls_server_config.client_auth_type", e.getMessage());
        }
        if (!ca.isEmpty() && clientAuth == ClientAuth.NO_CLIENT_CERT) {
            throw fail("tls_server_config.client_ca_file", "set, but client_auth_type asks for no client certificate");
        }
        if (ca.isEmpty() && clientAuth.verify) {
            throw fail("tls_server_config.client_auth_type", clientAuth.yamlName + " needs client_ca_file");
        }
        Path dir = file.toAbsolutePath().getParent();
        Path certFile = dir.resolve(cert);
        Path keyFile = dir.resolve(key);
        Path caFile = ca.isEmpty() ? null : dir.resolve(ca);
        List<X509Certificate> chain = load("tls_server_config.cert_file", () -> PemFiles.certificates(certFile));
        java.security.PrivateKey privateKey = load("tls_server_config.key_file", () -> PemFiles.privateKey(keyFile, chain.get(0)));
        List<X509Certificate> cas = caFile == null ? List.of() : load("tls_server_config.client_ca_file", () -> PemFiles.certificates(caFile));
        int min = version(n, "min_version", 0);
        int max = version(n, "max_version", VERSIONS.size() - 1);
        if (min > max) {
            throw fail("tls_server_config.min_version", VERSIONS.get(min) + " is above max_version " + VERSIONS.get(max));
        }
        List<String> protocols = List.of("TLSv1.2", "TLSv1.3").subList(min, max + 1);
        JsonNode prefer = n.path("prefer_server_cipher_suites");
        if (!prefer.isMissingNode() && !prefer.isBoolean()) {
            throw fail("tls_server_config.prefer_server_cipher_suites", "must be true or false");
        }
        return new WebConfig.Tls(certFile, keyFile, caFile, clientAuth, protocols, cipherSuites(n.path("cipher_suites")),
                prefer.asBoolean(true), privateKey, chain, cas);
    }

    private int version(JsonNode n, String name, int dflt) {
        String v = text(n, "tls_server_config", name);
        if (v.isEmpty()) {
            return dflt;
        }
        int i = VERSIONS.indexOf(v);
        if (i < 0) {
            throw fail("tls_server_config." + name, "'" + v + "' is none of " + String.join(", ", VERSIONS)
                    + (v.equals("TLS10") || v.equals("TLS11") ? " (Java 17 disables TLS 1.0 and 1.1)" : ""));
        }
        return i;
    }

    /** The listed suites, each one JSSE supports (the toolkit's names are the IANA names JSSE uses). */
    private List<String> cipherSuites(JsonNode n) {
        if (n.isMissingNode() || n.isNull()) {
            return List.of();
        }
        if (!n.isArray()) {
            throw fail("tls_server_config.cipher_suites", "must be a list of cipher suite names");
        }
        Set<String> supported;
        try {
            supported = Set.of(SSLContext.getDefault().getSupportedSSLParameters().getCipherSuites());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        List<String> out = new ArrayList<>();
        for (JsonNode s : n) {
            if (!s.isTextual() || !supported.contains(s.asText())) {
                throw fail("tls_server_config.cipher_suites", "unknown cipher suite " + s);
            }
            out.add(s.asText());
        }
        return out;
    }

    private Map<String, String> users(JsonNode n) {
        mapping(n, "basic_auth_users");
        Map<String, String> out = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String at = "basic_auth_users." + e.getKey();
            if (e.getKey().isEmpty() || e.getKey().contains(":")) {
                throw fail(at, "a user name may be neither empty nor contain ':' (basic authentication splits there)");
            }
            if (!e.getValue().isTextual()) {
                throw fail(at, "must be a bcrypt hash in quotes");
            }
            String problem = BasicAuth.problem(e.getValue().asText());
            if (problem != null) {
                throw fail(at, problem);
            }
            out.put(e.getKey(), e.getValue().asText());
        }
        return out;
    }

    private Map<String, String> headers(JsonNode http) {
        mapping(http, "http_server_config");
        keys(http, "http_server_config", HTTP);
        JsonNode http2 = http.path("http2");
        if (!http2.isMissingNode() && !http2.isBoolean()) {
            throw fail("http_server_config.http2", "must be true or false");
        }
        JsonNode n = http.path("headers");
        mapping(n, "http_server_config.headers");
        Map<String, String> out = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String at = "http_server_config.headers." + e.getKey();
            List<String> allowed = HEADERS.get(e.getKey());
            if (allowed == null) {
                throw fail(at, "this header cannot be set (only " + String.join(", ", new java.util.TreeSet<>(HEADERS.keySet())) + ")");
            }
            String value = e.getValue().isTextual() ? e.getValue().asText() : null;
            if (value == null || value.chars().anyMatch(c -> c < 0x20 || c == 0x7f) || !allowed.isEmpty() && !allowed.contains(value)) {
                throw fail(at, allowed.isEmpty() ? "must be one line of text" : "must be one of " + String.join(", ", allowed));
            }
            out.put(e.getKey(), value);
        }
        return out;
    }

    private interface Load<T> {
        T get();
    }

    /** What {@code load} reads from a file the key names, its problem reported at the key. */
    private <T> T load(String key, Load<T> load) {
        try {
            return load.get();
        } catch (IllegalArgumentException e) {
            throw fail(key, e.getMessage());
        }
    }

    /** Refuses keys of {@code n} beyond {@code known}. */
    private void keys(JsonNode n, String at, Set<String> known) {
        for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            String path = at.isEmpty() ? k : at + "." + k;
            if (NOT_IMPLEMENTED.contains(k)) {
                throw fail(path, "this exporter-toolkit setting is not implemented by segmon (docs/security.md)");
            }
            if (!known.contains(k)) {
                throw fail(path, "unknown key (known here: " + String.join(", ", new java.util.TreeSet<>(known)) + ")");
            }
        }
    }

    private void mapping(JsonNode n, String at) {
        if (!n.isMissingNode() && !n.isNull() && !n.isObject()) {
            throw fail(at, "must be a mapping");
        }
    }

    /** The text of {@code n.name}, "" when absent or null. */
    private String text(JsonNode n, String at, String name) {
        JsonNode v = n.path(name);
        if (v.isMissingNode() || v.isNull()) {
            return "";
        }
        if (!v.isTextual()) {
            throw fail(at + "." + name, "must be text");
        }
        return v.asText().trim();
    }

    private WebConfig.Invalid fail(String key, String problem) {
        // A user or header name may hold a dot: only the levels above it split.
        int levels = key.startsWith("basic_auth_users.") ? 2 : key.startsWith("http_server_config.headers.") ? 3 : 0;
        StringBuilder pointer = new StringBuilder();
        for (String part : key.split("\\.", levels)) {
            pointer.append('/').append(part.replace("~", "~0").replace("/", "~1"));
        }
        Integer line = lines.get(pointer.toString());
        return new WebConfig.Invalid(file + (line == null ? "" : ":" + line) + ": " + key + ": " + problem);
    }
}
