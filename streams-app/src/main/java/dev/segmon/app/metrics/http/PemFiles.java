package dev.segmon.app.metrics.http;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.interfaces.RSAKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * PEM files read with the JDK alone: X.509 certificates ({@code CertificateFactory}) and an
 * unencrypted PKCS#8 private key ({@code -----BEGIN PRIVATE KEY-----}, RSA, EC or EdDSA;
 * {@code KeyFactory}). Every problem is an {@link IllegalArgumentException} that says what to do.
 */
final class PemFiles {
    /** Larger than any certificate chain or key a port serves with. */
    private static final long MAX_BYTES = 1 << 20;
    private static final String KEY_BEGIN = "-----BEGIN PRIVATE KEY-----";
    private static final String KEY_END = "-----END PRIVATE KEY-----";

    private PemFiles() {
    }

    /** The certificates of {@code file} in order (a server's own first, then its chain); at least one. */
    static List<X509Certificate> certificates(Path file) {
        byte[] bytes = read(file);
        List<X509Certificate> out = new ArrayList<>();
        try {
            CertificateFactory x509 = CertificateFactory.getInstance("X.509");
            x509.generateCertificates(new ByteArrayInputStream(bytes)).forEach(c -> out.add((X509Certificate) c));
        } catch (GeneralSecurityException | RuntimeException e) {
            throw new IllegalArgumentException(file + ": not a PEM certificate (" + e.getMessage() + ")");
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException(file + ": no PEM certificate in it");
        }
        return out;
    }

    /** The PKCS#8 key of {@code file}, checked to be the private half of {@code certificate}'s key. */
    static PrivateKey privateKey(Path file, X509Certificate certificate) {
        String text = new String(read(file), StandardCharsets.US_ASCII);
        int begin = text.indexOf(KEY_BEGIN);
        int end = text.indexOf(KEY_END);
        if (begin < 0 || end < begin) {
            throw new IllegalArgumentException(file + ": " + otherKind(text));
        }
        PublicKey pub = certificate.getPublicKey();
        PrivateKey key;
        try {
            byte[] der = Base64.getMimeDecoder().decode(text.substring(begin + KEY_BEGIN.length(), end));
            key = KeyFactory.getInstance(pub.getAlgorithm()).generatePrivate(new PKCS8EncodedKeySpec(der));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": not a PKCS#8 " + pub.getAlgorithm() + " private key, of the certificate's kind ("
                    + e.getMessage() + ")");
        }
        if (!pair(key, pub)) {
            throw new IllegalArgumentException(file + ": the key is not the certificate's (" + certificate.getSubjectX500Principal() + ")");
        }
        return key;
    }

    /** What a key file without a PKCS#8 block holds instead, and how to convert it. */
    private static String otherKind(String text) {
        String convert = "; convert it with: openssl pkcs8 -topk8 -nocrypt -in KEY -out key.pem";
        if (text.contains("-----BEGIN RSA PRIVATE KEY-----")) {
            return "a PKCS#1 RSA key, not PKCS#8 (BEGIN PRIVATE KEY)" + convert;
        }
        if (text.contains("-----BEGIN EC PRIVATE KEY-----")) {
            return "a SEC 1 EC key, not PKCS#8 (BEGIN PRIVATE KEY)" + convert;
        }
        if (text.contains("-----BEGIN ENCRYPTED PRIVATE KEY-----")) {
            return "an encrypted key; the port needs an unencrypted PKCS#8 key" + convert;
        }
        return "no PEM private key (-----BEGIN PRIVATE KEY-----) in it";
    }

    /** Whether {@code key} is the private half of {@code pub}: the RSA modulus, else a signature the public key verifies. */
    private static boolean pair(PrivateKey key, PublicKey pub) {
        if (key instanceof RSAKey k && pub instanceof RSAKey p) {
            return k.getModulus().equals(p.getModulus());
        }
        String algorithm = switch (pub.getAlgorithm()) {
            case "EC" -> "SHA256withECDSA";
            case "EdDSA", "Ed25519", "Ed448" -> pub.getAlgorithm();
            default -> null;
        };
        if (algorithm == null) {
            return true; // no check for other key types: the handshake tells
        }
        try {
            byte[] probe = new byte[32];
            new SecureRandom().nextBytes(probe);
            Signature sign = Signature.getInstance(algorithm);
            sign.initSign(key);
            sign.update(probe);
            Signature verify = Signature.getInstance(algorithm);
            verify.initVerify(pub);
            verify.update(probe);
            return verify.verify(sign.sign());
        } catch (GeneralSecurityException e) {
            return false;
        }
    }

    /** The bytes of a small file; a missing, unreadable or oversized one is an {@link IllegalArgumentException} naming it. */
    static byte[] read(Path file) {
        try {
            if (Files.size(file) > MAX_BYTES) {
                throw new IllegalArgumentException(file + ": larger than " + MAX_BYTES + " bytes");
            }
            return Files.readAllBytes(file);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new IllegalArgumentException(file + ": no such file");
        } catch (java.nio.file.AccessDeniedException e) {
            throw new IllegalArgumentException(file + ": permission denied");
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": cannot read it (" + e.getMessage() + ")");
        }
    }
}
