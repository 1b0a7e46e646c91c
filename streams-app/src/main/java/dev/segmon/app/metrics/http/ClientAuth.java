package dev.segmon.app.metrics.http;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * {@code tls_server_config.client_auth_type}: the exporter-toolkit's names for Go's
 * {@code tls.ClientAuthType}, as JSSE asks for a client certificate ({@code want}: asked for,
 * {@code need}: required) and whether it is checked against {@code client_ca_file} ({@code verify}).
 */
enum ClientAuth {
    NO_CLIENT_CERT("NoClientCert", false, false, false),
    REQUEST_CLIENT_CERT("RequestClientCert", true, false, false),
    REQUIRE_ANY_CLIENT_CERT("RequireAnyClientCert", false, true, false),
    VERIFY_CLIENT_CERT_IF_GIVEN("VerifyClientCertIfGiven", true, false, true),
    REQUIRE_AND_VERIFY_CLIENT_CERT("RequireAndVerifyClientCert", false, true, true);

    final String yamlName;
    final boolean want;
    final boolean need;
    final boolean verify;

    ClientAuth(String yamlName, boolean want, boolean need, boolean verify) {
        this.yamlName = yamlName;
        this.want = want;
        this.need = need;
        this.verify = verify;
    }

    /** The value of the file; empty is {@link #NO_CLIENT_CERT}, and the toolkit's old {@code RequireClientCert} is {@link #REQUIRE_ANY_CLIENT_CERT}. */
    static ClientAuth named(String name) {
        if (name.isEmpty()) {
            return NO_CLIENT_CERT;
        }
        if (name.equals("RequireClientCert")) {
            return REQUIRE_ANY_CLIENT_CERT;
        }
        for (ClientAuth a : values()) {
            if (a.yamlName.equals(name)) {
                return a;
            }
        }
        throw new IllegalArgumentException("'" + name + "' is none of "
                + Arrays.stream(values()).map(a -> a.yamlName).collect(Collectors.joining(", ")));
    }
}
