package dev.segmon.app.metrics.http;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsParameters;
import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSessionContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedKeyManager;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * The port's TLS, swappable while it serves: the JDK's HTTPS server takes one {@link SSLContext}
 * before it starts, so that context's key and trust managers hand every handshake to the
 * {@link Material} of the moment, and the configurator sets each new connection's protocols and
 * client authentication from it. A rotated certificate or client CA thus applies to the next
 * connection; the sessions of the old one are invalidated so that none is resumed.
 */
final class TlsContext {
    private static final char[] NO_PASSWORD = new char[0];
    private final AtomicReference<Material> current;
    private final SSLContext server;

    /** One configuration's managers, and the client side the instances use to ask each other (web.Peers). */
    record Material(WebConfig.Tls tls, X509ExtendedKeyManager keys, X509ExtendedTrustManager clients, SSLContext peers) {
    }

    TlsContext(WebConfig.Tls tls) {
        current = new AtomicReference<>(material(tls));
        try {
            server = SSLContext.getInstance("TLS");
            server.init(new KeyManager[] {new CurrentKeys()}, new TrustManager[] {new CurrentClients()}, null);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("no TLS in this JVM: " + e.getMessage(), e);
        }
    }

    void update(WebConfig.Tls tls) {
        current.set(material(tls));
        SSLSessionContext sessions = server.getServerSessionContext();
        for (byte[] id : Collections.list(sessions.getIds())) {
            javax.net.ssl.SSLSession s = sessions.getSession(id);
            if (s != null) {
                s.invalidate();
            }
        }
    }

    /** The client context for asking the other instances: this one's certificate if they ask for one, trusting theirs if it is ours or one the JVM trusts. */
    SSLContext peers() {
        return current.get().peers();
    }

    HttpsConfigurator configurator() {
        return new HttpsConfigurator(server) {
            @Override
            public void configure(HttpsParameters params) {
                WebConfig.Tls tls = current.get().tls();
                SSLParameters p = server.getDefaultSSLParameters();
                p.setProtocols(tls.protocols().toArray(String[]::new));
                if (!tls.cipherSuites().isEmpty()) {
                    p.setCipherSuites(withTls13(tls.cipherSuites(), p.getCipherSuites()));
                }
                p.setUseCipherSuitesOrder(tls.preferServerCipherSuites());
                if (tls.clientAuth().need) {
                    p.setNeedClientAuth(true);
                } else if (tls.clientAuth().want) {
                    p.setWantClientAuth(true);
                }
                params.setSSLParameters(p);
            }
        };
    }

    /** Go's cipher_suites leave TLS 1.3's suites alone: the listed ones plus JSSE's default TLS 1.3 ones. */
    private static String[] withTls13(List<String> listed, String[] defaults) {
        java.util.LinkedHashSet<String> out = new java.util.LinkedHashSet<>(listed);
        for (String s : defaults) {
            if (s.startsWith("TLS_AES_") || s.startsWith("TLS_CHACHA20_")) {
                out.add(s);
            }
        }
        return out.toArray(String[]::new);
    }

    private static Material material(WebConfig.Tls tls) {
        try {
            KeyStore keys = KeyStore.getInstance("PKCS12");
            keys.load(null, null);
            keys.setKeyEntry("segmon", tls.key(), NO_PASSWORD, tls.chain().toArray(X509Certificate[]::new));
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(keys, NO_PASSWORD);
            X509ExtendedKeyManager km = (X509ExtendedKeyManager) kmf.getKeyManagers()[0];
            X509ExtendedTrustManager clients = tls.clientAuth().verify ? trusting(tls.clientCas()) : AnyClient.INSTANCE;
            // The instances trust each other's certificates when they are this one's (one certificate
            // for all), signed by what it holds (its chain, the client CA), or trusted by the JVM.
            List<X509Certificate> ours = new java.util.ArrayList<>(tls.chain());
            ours.addAll(tls.clientCas());
            SSLContext peers = SSLContext.getInstance("TLS");
            peers.init(new KeyManager[] {km}, new TrustManager[] {new EitherTrust(jvmTrust(), trusting(ours))}, null);
            return new Material(tls, km, clients, peers);
        } catch (GeneralSecurityException | java.io.IOException e) {
            throw new IllegalArgumentException("cannot use the certificate and key: " + e.getMessage(), e);
        }
    }

    private static X509ExtendedTrustManager trusting(List<X509Certificate> anchors) throws GeneralSecurityException, java.io.IOException {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(null, null);
        for (int i = 0; i < anchors.size(); i++) {
            ks.setCertificateEntry("ca-" + i, anchors.get(i));
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX");
        tmf.init(ks);
        return (X509ExtendedTrustManager) tmf.getTrustManagers()[0];
    }

    private static X509ExtendedTrustManager jvmTrust() throws GeneralSecurityException {
        TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX");
        tmf.init((KeyStore) null);
        return (X509ExtendedTrustManager) tmf.getTrustManagers()[0];
    }

    /** The server's key, from the material of the moment. */
    private final class CurrentKeys extends X509ExtendedKeyManager {
        private X509ExtendedKeyManager km() {
            return current.get().keys();
        }

        @Override
        public String[] getClientAliases(String keyType, Principal[] issuers) {
            return km().getClientAliases(keyType, issuers);
        }

        @Override
        public String chooseClientAlias(String[] keyType, Principal[] issuers, Socket socket) {
            return km().chooseClientAlias(keyType, issuers, socket);
        }

        @Override
        public String[] getServerAliases(String keyType, Principal[] issuers) {
            return km().getServerAliases(keyType, issuers);
        }

        @Override
        public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
            return km().chooseServerAlias(keyType, issuers, socket);
        }

        @Override
        public String chooseEngineServerAlias(String keyType, Principal[] issuers, SSLEngine engine) {
            return km().chooseEngineServerAlias(keyType, issuers, engine);
        }

        @Override
        public X509Certificate[] getCertificateChain(String alias) {
            return km().getCertificateChain(alias);
        }

        @Override
        public PrivateKey getPrivateKey(String alias) {
            return km().getPrivateKey(alias);
        }
    }

    /** Client certificates, judged by the material of the moment. */
    private final class CurrentClients extends ServerSideTrust {
        @Override
        X509ExtendedTrustManager tm() {
            return current.get().clients();
        }
    }

    /** Any client certificate (RequestClientCert, RequireAnyClientCert: asked for, not verified). */
    private static final class AnyClient extends ServerSideTrust {
        static final AnyClient INSTANCE = new AnyClient();

        @Override
        X509ExtendedTrustManager tm() {
            return null;
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) {
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }

    /** Trust of a server's side: clients are judged by {@link #tm()}, servers never. */
    private abstract static class ServerSideTrust extends X509ExtendedTrustManager {
        abstract X509ExtendedTrustManager tm();

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
            tm().checkClientTrusted(chain, authType, engine);
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
            tm().checkClientTrusted(chain, authType, socket);
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            tm().checkClientTrusted(chain, authType);
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return tm().getAcceptedIssuers();
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
            throw new CertificateException("a server's trust manager judges no server");
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
            throw new CertificateException("a server's trust manager judges no server");
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            throw new CertificateException("a server's trust manager judges no server");
        }
    }
}
