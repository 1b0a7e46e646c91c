package dev.segmon.app.metrics.http;

import java.net.Socket;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.stream.Stream;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * A client's trust in a server that either of two trust managers accepts (the JVM's, and one of
 * the port's own certificates); each checks the host name as it would alone.
 */
final class EitherTrust extends X509ExtendedTrustManager {
    private final X509ExtendedTrustManager first;
    private final X509ExtendedTrustManager second;

    EitherTrust(X509ExtendedTrustManager first, X509ExtendedTrustManager second) {
        this.first = first;
        this.second = second;
    }

    private interface Check {
        void run(X509ExtendedTrustManager tm) throws CertificateException;
    }

    private void either(Check check) throws CertificateException {
        try {
            check.run(first);
        } catch (CertificateException e) {
            try {
                check.run(second);
            } catch (CertificateException again) {
                again.addSuppressed(e);
                throw again;
            }
        }
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
        either(tm -> tm.checkServerTrusted(chain, authType, engine));
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
        either(tm -> tm.checkServerTrusted(chain, authType, socket));
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        either(tm -> tm.checkServerTrusted(chain, authType));
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
        either(tm -> tm.checkClientTrusted(chain, authType, engine));
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
        either(tm -> tm.checkClientTrusted(chain, authType, socket));
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        either(tm -> tm.checkClientTrusted(chain, authType));
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return Stream.concat(Arrays.stream(first.getAcceptedIssuers()), Arrays.stream(second.getAcceptedIssuers()))
                .toArray(X509Certificate[]::new);
    }
}
