package dev.orders.local.api;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The authorization codes sam-local's issuer gave and has not had back (RFC 6749 §4.1.2, §10.5): random, good for
 * one exchange within {@link #LIFETIME}, bound to the request's client, redirect_uri and PKCE challenge. The first
 * exchange naming a code spends it, whether it succeeds or not, so that no code_verifier can be guessed at.
 */
final class AuthorizationCodes {
    static final Duration LIFETIME = Duration.ofSeconds(60);
    private static final int CODE_BYTES = 32;

    /** What a code stands for: the request it answered, whom the user signed in as, and the scopes granted. */
    record Grant(AuthorizationRequest request, String subject, List<String> scopes) {
        Grant {
            scopes = List.copyOf(scopes);
        }
    }

    /** What an exchange of a code gets. */
    sealed interface Redemption permits Granted, Refused {
    }

    record Granted(Grant grant) implements Redemption {
    }

    /** Why not: RFC 6749's invalid_grant, with this for its description. */
    record Refused(String why) implements Redemption {
    }

    private record Given(Grant grant, Instant expires) {
    }

    private final Map<String, Given> given = new ConcurrentHashMap<>();
    private final SecureRandom random = new SecureRandom();
    private final Clock clock;

    AuthorizationCodes(Clock clock) {
        this.clock = clock;
    }

    /** A new code for {@code grant}. */
    String give(Grant grant) {
        Instant now = clock.instant();
        // Codes never exchanged would otherwise stay as long as start-api runs.
        given.values().removeIf(code -> !now.isBefore(code.expires()));
        byte[] bytes = new byte[CODE_BYTES];
        random.nextBytes(bytes);
        String code = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        given.put(code, new Given(grant, now.plus(LIFETIME)));
        return code;
    }

    /** The exchange of {@code code} by {@code clientId}, with the redirect_uri and code_verifier it sends. */
    Redemption redeem(String code, String clientId, String redirectUri, String codeVerifier) {
        Given spent = given.remove(code);
        if (spent == null) {
            return new Refused("the code is unknown or already used");
        }
        AuthorizationRequest request = spent.grant().request();
        if (!clock.instant().isBefore(spent.expires())) {
            return new Refused("the code expired (codes live " + LIFETIME.toSeconds() + " s)");
        }
        if (!clientId.equals(request.clientId())) {
            return new Refused("the code was given to another client");
        }
        if (!redirectUri.equals(request.redirectUri())) {
            return new Refused("redirect_uri is not the one the code was given for");
        }
        if (!MessageDigest.isEqual(s256(codeVerifier).getBytes(StandardCharsets.US_ASCII),
                request.codeChallenge().getBytes(StandardCharsets.US_ASCII))) {
            return new Refused("code_verifier does not match the code_challenge (S256)");
        }
        return new Granted(spent.grant());
    }

    /** PKCE's S256 transformation of a verifier (RFC 7636 §4.2): base64url of its SHA-256, without padding. */
    static String s256(String verifier) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(sha256(verifier.getBytes(StandardCharsets.US_ASCII)));
    }

    static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
