package dev.orders.local.api;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.MACVerifier;
import com.nimbusds.jose.util.JSONObjectUtils;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.nio.charset.StandardCharsets;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the HTTP API's JWT authorizer does in AWS, for the local runtime: verifies an
 * {@code Authorization: Bearer <jwt>} HS256 token with the secret of {@value #SECRET_VARIABLE}, checks
 * {@code exp} and {@code nbf}, and hands over the claims (as text, as API Gateway passes them) and
 * the token's scopes. A refusal is answered with 401 before any handler runs.
 *
 * <p>A client sends the same token with every request of a session, so a token whose signature and
 * algorithm were verified once is remembered (bounded); {@code exp} and {@code nbf} are checked on
 * every request.
 */
public final class LocalJwtAuthorizer implements RequestAuthorizer {
    public static final String SECRET_VARIABLE = "LOCAL_JWT_SECRET";
    /** HS256 needs a key of at least 256 bits. */
    public static final int MIN_SECRET_BYTES = 32;
    private static final String BEARER = "Bearer ";
    private static final int MAX_TOKEN_LENGTH = 8192;
    private static final int MAX_REMEMBERED_TOKENS = 1024;

    private final byte[] secret;
    private final Clock clock;
    private final MACVerifier verifier;
    private final Map<String, Verified> verified = new ConcurrentHashMap<>();

    /** A token's verdict without the clock: refused, or authorized within its expiry and not-before times. */
    private record Verified(Result result, Optional<Instant> expires, Optional<Instant> notBefore) {
        static Verified refused(String reason) {
            return new Verified(new Result.Refused(reason), Optional.empty(), Optional.empty());
        }
    }

    public LocalJwtAuthorizer(String secret, Clock clock) {
        this.secret = secret.getBytes(StandardCharsets.UTF_8);
        if (this.secret.length < MIN_SECRET_BYTES) {
            throw new IllegalArgumentException(SECRET_VARIABLE + " must be at least " + MIN_SECRET_BYTES + " bytes");
        }
        this.clock = clock;
        try {
            this.verifier = new MACVerifier(this.secret);
        } catch (JOSEException e) {
            throw new IllegalArgumentException("unusable HS256 secret", e);
        }
    }

    /** The authorizer of {@value #SECRET_VARIABLE}; the local API must not start without it. */
    public static LocalJwtAuthorizer fromEnvironment(Map<String, String> env, Clock clock) {
        String secret = env.get(SECRET_VARIABLE);
        if (secret == null || secret.isBlank()) {
            throw new IllegalStateException("environment variable " + SECRET_VARIABLE + " is not set");
        }
        return new LocalJwtAuthorizer(secret, clock);
    }

    /** Outcome of {@link #authorize}. */
    public sealed interface Result {
        /** The claims as the request context carries them, and the token's scopes. */
        record Authorized(Map<String, String> claims, List<String> scopes) implements Result {
        }

        /** Why the token was refused: for the log, never for the client. */
        record Refused(String reason) implements Result {
        }
    }

    /** Verifies the value of an Authorization header. */
    public Result authorize(Optional<String> authorization) {
        if (authorization.isEmpty() || !authorization.get().regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            return new Result.Refused("no bearer token");
        }
        String token = authorization.get().substring(BEARER.length()).strip();
        if (token.isEmpty() || token.length() > MAX_TOKEN_LENGTH) {
            return new Result.Refused("malformed token");
        }
        Verified known = verified.get(token);
        if (known == null) {
            known = verify(token);
            if (known.result() instanceof Result.Refused) {
                return known.result();
            }
            if (verified.size() >= MAX_REMEMBERED_TOKENS) {
                verified.clear();
            }
            verified.put(token, known);
        }
        Instant now = clock.instant();
        if (known.expires().isEmpty() || !known.expires().get().isAfter(now)) {
            return new Result.Refused(known.expires().isEmpty() ? "no expiry" : "expired");
        }
        if (known.notBefore().isPresent() && known.notBefore().get().isAfter(now)) {
            return new Result.Refused("not yet valid");
        }
        return known.result();
    }

    /** Parses {@code token} and checks its algorithm and signature. */
    private Verified verify(String token) {
        SignedJWT jwt;
        JWTClaimsSet claims;
        try {
            jwt = SignedJWT.parse(token);
            claims = jwt.getJWTClaimsSet();
        } catch (ParseException e) {
            return Verified.refused("malformed token");
        }
        // Only HS256: a token must not choose its own algorithm ("none", or another key type).
        if (!JWSAlgorithm.HS256.equals(jwt.getHeader().getAlgorithm())) {
            return Verified.refused("algorithm " + jwt.getHeader().getAlgorithm() + " is not accepted");
        }
        try {
            if (!jwt.verify(verifier)) {
                return Verified.refused("bad signature");
            }
        } catch (JOSEException e) {
            return Verified.refused("bad signature");
        }
        return new Verified(new Result.Authorized(asStrings(claims), TokenScopes.of(claims.getClaims())),
                Optional.ofNullable(claims.getExpirationTime()).map(Date::toInstant),
                Optional.ofNullable(claims.getNotBeforeTime()).map(Date::toInstant));
    }

    /** The local HTTP API's authorizer step: the claims and scopes of a valid bearer token, else 401. */
    @Override
    public Jwt authorize(Map<String, String> headers) throws Unauthorized {
        Result result = authorize(Optional.ofNullable(headers.get("authorization")));
        if (result instanceof Result.Authorized authorized) {
            return new Jwt(authorized.claims(), authorized.scopes());
        }
        throw new Unauthorized(((Result.Refused) result).reason());
    }

    /** Where a minted token carries its scopes. */
    public enum ScopeClaim {
        /** {@code "scope": "a b"}: OAuth 2.0's space-separated text (Cognito, Auth0). */
        SCOPE,
        /** {@code "scp": ["a", "b"]}: an array (Okta, and others). */
        SCP
    }

    /** A token for {@code subject} with {@code scopes} in the {@code scope} claim, valid for {@code lifetime}. */
    public String mint(String subject, List<String> scopes, Duration lifetime) {
        return mint(subject, scopes, ScopeClaim.SCOPE, lifetime);
    }

    /** A token for {@code subject} with {@code scopes} in {@code claim}, valid for {@code lifetime}. */
    public String mint(String subject, List<String> scopes, ScopeClaim claim, Duration lifetime) {
        Instant now = clock.instant();
        JWTClaimsSet.Builder claims = new JWTClaimsSet.Builder()
                .subject(subject)
                .issueTime(Date.from(now))
                .expirationTime(Date.from(now.plus(lifetime)));
        if (!scopes.isEmpty()) {
            claims.claim(claim == ScopeClaim.SCP ? "scp" : "scope",
                    claim == ScopeClaim.SCP ? List.copyOf(scopes) : String.join(" ", scopes));
        }
        SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), claims.build());
        try {
            jwt.sign(new MACSigner(secret));
        } catch (JOSEException e) {
            throw new IllegalStateException("cannot sign with HS256", e);
        }
        return jwt.serialize();
    }

    /**
     * Claims as API Gateway passes them to a Lambda: every value as text, dates as epoch seconds, an
     * array as its elements between brackets, space-separated ({@code ["a","b"]} is "[a b]"), an object
     * as its JSON text; null claims left out.
     */
    private static Map<String, String> asStrings(JWTClaimsSet claims) {
        Map<String, String> strings = new LinkedHashMap<>();
        claims.getClaims().forEach((name, value) -> {
            if (value instanceof Date date) {
                strings.put(name, Long.toString(date.toInstant().getEpochSecond()));
            } else if (value instanceof Collection<?> values) {
                strings.put(name, "[" + String.join(" ", values.stream().map(String::valueOf).toList()) + "]");
            } else if (value instanceof Map<?, ?> object) {
                strings.put(name, JSONObjectUtils.toJSONString(asJsonObject(object)));
            } else if (value != null) {
                strings.put(name, String.valueOf(value));
            }
        });
        return strings;
    }

    private static Map<String, ?> asJsonObject(Map<?, ?> object) {
        Map<String, Object> json = new LinkedHashMap<>();
        object.forEach((key, value) -> json.put(String.valueOf(key), value));
        return json;
    }
}
