package dev.segmon.app.metrics.http;

import at.favre.lib.crypto.bcrypt.BCrypt;
import at.favre.lib.crypto.bcrypt.IllegalBCryptFormatException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * HTTP basic authentication against {@code basic_auth_users} (user: bcrypt hash, as
 * {@code htpasswd -nbBC 10 USER PASSWORD} writes it), compared by the bcrypt library.
 *
 * <p>A scrape every few seconds must not cost a bcrypt each (tens of milliseconds at cost 10), so
 * a successful check is remembered by a digest of user, stored hash and password: a changed hash
 * in the file, or another password, is checked anew. Failures are never remembered, and one
 * bcrypt runs at a time, so that guessing costs the guesser and at most one core of the monitor;
 * an unknown user is checked against a hash of its own, so that the time does not tell which
 * users exist (as the Prometheus exporter-toolkit does).
 */
final class BasicAuth {
    /** The challenge of a 401. */
    static final String CHALLENGE = "Basic realm=\"segmon\"";
    /** Remembered successes at most; beyond, the memory starts again. */
    private static final int REMEMBERED = 1024;
    private static final Object ONE_AT_A_TIME = new Object();

    private final Map<String, String> users;
    private final Set<String> verified;

    private BasicAuth(Map<String, String> users, Set<String> verified) {
        this.users = Map.copyOf(users);
        this.verified = verified;
    }

    static BasicAuth of(Map<String, String> users) {
        return new BasicAuth(users, ConcurrentHashMap.newKeySet());
    }

    /** The same memory of successes with other users (a re-read file): their digests carry the hashes. */
    BasicAuth with(Map<String, String> newUsers) {
        return new BasicAuth(newUsers, verified);
    }

    /** Whether requests need credentials at all. */
    boolean required() {
        return !users.isEmpty();
    }

    /** Why {@code hash} is not a bcrypt hash the library compares against, or null when it is. */
    static String problem(String hash) {
        try {
            BCrypt.Version.VERSION_2A.parser.parse(hash.getBytes(StandardCharsets.UTF_8));
            return null;
        } catch (IllegalBCryptFormatException | RuntimeException e) {
            return "not a bcrypt hash ($2y$10$... as htpasswd -nbBC 10 USER PASSWORD writes it): " + e.getMessage();
        }
    }

    /** Whether an {@code Authorization} header (null when absent) names a user of the file with its password. */
    boolean allows(String authorization) {
        if (authorization == null || !authorization.regionMatches(true, 0, "Basic ", 0, 6)) {
            return false;
        }
        String credentials;
        try {
            credentials = new String(Base64.getDecoder().decode(authorization.substring(6).trim()), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return false;
        }
        int colon = credentials.indexOf(':');
        if (colon < 0) {
            return false;
        }
        String user = credentials.substring(0, colon);
        String password = credentials.substring(colon + 1);
        String hash = users.get(user);
        if (hash == null) {
            matches(password, Decoy.HASH);
            return false;
        }
        String key = digest(user, hash, password);
        if (verified.contains(key)) {
            return true;
        }
        if (!matches(password, hash)) {
            return false;
        }
        if (verified.size() >= REMEMBERED) {
            verified.clear();
        }
        verified.add(key);
        return true;
    }

    private static boolean matches(String password, String hash) {
        synchronized (ONE_AT_A_TIME) {
            try {
                return BCrypt.verifyer().verify(password.toCharArray(), hash.toCharArray()).verified;
            } catch (RuntimeException e) {
                return false; // a password beyond bcrypt's 72 bytes, refused by the library
            }
        }
    }

    private static String digest(String user, String hash, String password) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (String part : new String[] {user, hash, password}) {
                byte[] bytes = part.getBytes(StandardCharsets.UTF_8);
                sha.update(java.nio.ByteBuffer.allocate(4).putInt(bytes.length).array());
                sha.update(bytes);
            }
            return Base64.getEncoder().encodeToString(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The hash an unknown user's password is compared with: made once, at the cost htpasswd uses. */
    private static final class Decoy {
        static final String HASH = BCrypt.withDefaults().hashToString(10, Long.toHexString(new java.security.SecureRandom().nextLong()).toCharArray());
    }
}
