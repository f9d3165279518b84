package dev.orders.local.api;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.KeySourceException;
import com.nimbusds.jose.crypto.RSASSAVerifier;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKMatcher;
import com.nimbusds.jose.jwk.JWKSelector;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jose.util.JSONObjectUtils;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.MalformedURLException;
import java.net.URI;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the HTTP API's JWT authorizer does in AWS ("Control access to HTTP APIs with JWT authorizers"),
 * for the local runtime: verifies the token of the {@code Authorization} header (alone, or after
 * {@code Bearer }) signed with an RSA algorithm
 * by the issuer's key of the token's {@code kid}, checks {@code iss}, {@code aud} (or {@code client_id}
 * when there is no {@code aud}), {@code exp}, {@code nbf} and {@code iat} (each, if present, a time from 1970 to
 * 9999), with no clock skew, and hands
 * over the claims (as text, as API Gateway passes them) and the token's scopes. A refusal is answered with
 * 401 before any handler runs.
 *
 * <p>A client sends the same token with every request of a session, so a token whose signature, issuer
 * and audience were verified once is remembered (bounded); the times are checked on every request.
 */
public final class LocalJwtAuthorizer implements RequestAuthorizer {
    private static final String BEARER = "Bearer ";
    private static final int MAX_TOKEN_LENGTH = 8192;
    private static final int MAX_REMEMBERED_TOKENS = 1024;
    /** As API Gateway (REST APIs' JWT authorizer documents it): keys kept up to an hour, fetched again for an unseen kid. */
    private static final Duration KEYS_CACHED = Duration.ofHours(1);
    private static final String EXPIRES = "exp";
    private static final String NOT_BEFORE = "nbf";
    private static final String ISSUED_AT = "iat";
    private static final BigDecimal LAST_SECOND = BigDecimal.valueOf(Instant.parse("9999-12-31T23:59:59Z").getEpochSecond());

    private final String issuer;
    private final List<String> audience;
    private final JWKSource<SecurityContext> keys;
    private final Clock clock;
    private final Map<String, Verified> verified = new ConcurrentHashMap<>();

    /** A token's verdict without the clock: refused, or authorized within its times. */
    private record Verified(Result result, Optional<Instant> expires, Optional<Instant> notBefore,
                            Optional<Instant> issuedAt) {
        static Verified refused(String reason) {
            return new Verified(new Result.Refused(reason), Optional.empty(), Optional.empty(), Optional.empty());
        }
    }

    /** Trusts tokens of {@code issuer} for one of {@code audience}, signed by a key of {@code keys}. */
    private LocalJwtAuthorizer(URI issuer, List<String> audience, JWKSource<SecurityContext> keys, Clock clock) {
        if (audience.isEmpty()) {
            throw new IllegalArgumentException("a JWT authorizer needs at least one audience");
        }
        this.issuer = issuer.toString();
        this.audience = List.copyOf(audience);
        this.keys = keys;
        this.clock = clock;
    }

    /** The authorizer of sam-local's own issuer: its key, its issuer URL and audience. */
    public static LocalJwtAuthorizer of(LocalIssuer issuer, Clock clock) {
        return new LocalJwtAuthorizer(issuer.issuer(), issuer.audience(), new ImmutableJWKSet<>(issuer.publicKeys()), clock);
    }

    /**
     * The authorizer of another issuer (a Cognito user pool, an Auth0 tenant, another sam-local), whose keys
     * are fetched from {@code jwksUri} by {@code discovery} (under its rule, every time), cached, and fetched
     * again for an unseen kid.
     */
    public static LocalJwtAuthorizer remote(URI issuer, List<String> audience, URI jwksUri, IssuerDiscovery discovery,
                                            Clock clock) {
        try {
            JWKSource<SecurityContext> keys = JWKSourceBuilder.<SecurityContext>create(jwksUri.toURL(), discovery)
                    .cache(KEYS_CACHED.toMillis(), JWKSourceBuilder.DEFAULT_CACHE_REFRESH_TIMEOUT)
                    .build();
            return new LocalJwtAuthorizer(issuer, audience, keys, clock);
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException("jwks_uri " + jwksUri + " is no URL", e);
        }
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
        if (authorization.isEmpty() || authorization.get().isBlank()) {
            return new Result.Refused("no token");
        }
        // "The identitySource can include only the token, or the token prefixed with Bearer."
        String value = authorization.get().strip();
        String token = value.regionMatches(true, 0, BEARER, 0, BEARER.length()) ? value.substring(BEARER.length()).strip() : value;
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
        // "exp: must be after the current time", "nbf" and "iat": "must be before" it; AWS states no leeway.
        Instant now = clock.instant();
        if (known.expires().isEmpty() || !known.expires().get().isAfter(now)) {
            return new Result.Refused(known.expires().isEmpty() ? "no expiry" : "expired");
        }
        if (known.notBefore().isPresent() && known.notBefore().get().isAfter(now)) {
            return new Result.Refused("not yet valid");
        }
        if (known.issuedAt().isPresent() && known.issuedAt().get().isAfter(now)) {
            return new Result.Refused("issued in the future");
        }
        return known.result();
    }

    /** Parses {@code token}, checks its algorithm, key and signature, then its issuer and audience. */
    private Verified verify(String token) {
        SignedJWT jwt;
        JWTClaimsSet claims;
        try {
            jwt = SignedJWT.parse(token);
            claims = jwt.getJWTClaimsSet();
        } catch (ParseException e) {
            return Verified.refused("malformed token");
        }
        JWSHeader header = jwt.getHeader();
        // "Currently, only RSA-based algorithms are supported": a token must not choose HMAC with a known secret.
        if (!JWSAlgorithm.Family.RSA.contains(header.getAlgorithm())) {
            return Verified.refused("algorithm " + header.getAlgorithm() + " is not accepted");
        }
        if (header.getKeyID() == null) {
            return Verified.refused("no kid");
        }
        List<JWK> candidates;
        try {
            candidates = keys.get(new JWKSelector(JWKMatcher.forJWSHeader(header)), null);
        } catch (KeySourceException e) {
            return Verified.refused("the issuer's keys cannot be read: " + e.getMessage());
        }
        if (candidates.isEmpty()) {
            return Verified.refused(keyAlgorithm(header.getKeyID())
                    .map(alg -> "algorithm " + header.getAlgorithm() + " is not its key's (" + alg + ")")
                    .orElse("unknown kid " + header.getKeyID()));
        }
        try {
            if (!jwt.verify(new RSASSAVerifier((RSAKey) candidates.get(0)))) {
                return Verified.refused("bad signature");
            }
        } catch (JOSEException e) {
            return Verified.refused("bad signature");
        }
        if (!issuer.equals(claims.getIssuer())) {
            return Verified.refused("issuer " + claims.getIssuer() + " is not " + issuer);
        }
        Optional<String> refusedAudience = audienceRefusal(claims);
        if (refusedAudience.isPresent()) {
            return Verified.refused(refusedAudience.get());
        }
        // The payload as sent: the claims set has made its times Dates already, whose milliseconds may have overflowed.
        Map<String, Object> payload = jwt.getPayload().toJSONObject();
        Map<String, Optional<Instant>> times = new LinkedHashMap<>();
        for (String claim : List.of(EXPIRES, NOT_BEFORE, ISSUED_AT)) {
            Object value = payload.get(claim);
            Optional<Instant> time = Optional.ofNullable(value).flatMap(LocalJwtAuthorizer::numericDate);
            if (value != null && time.isEmpty()) {
                return Verified.refused(claim + " " + value + " is no time from 1970 to 9999");
            }
            times.put(claim, time);
        }
        return new Verified(new Result.Authorized(asStrings(claims), TokenScopes.of(claims.getClaims())),
                times.get(EXPIRES), times.get(NOT_BEFORE), times.get(ISSUED_AT));
    }

    /** The {@code alg} the issuer's key {@code kid} names, if it has one: the key is for that algorithm only (RFC 7517 §4.4). */
    private Optional<String> keyAlgorithm(String kid) {
        try {
            return keys.get(new JWKSelector(new JWKMatcher.Builder().keyID(kid).build()), null).stream()
                    .map(JWK::getAlgorithm).filter(Objects::nonNull).map(Object::toString).findFirst();
        } catch (KeySourceException e) {
            return Optional.empty();
        }
    }

    /**
     * A NumericDate (RFC 7519: a JSON number of seconds since 1970, fractions allowed) as an instant, if a clock
     * can show it: from 1970 to the last second of 9999, RFC 3339's last year, within which no arithmetic on it
     * overflows.
     */
    private static Optional<Instant> numericDate(Object value) {
        if (!(value instanceof Number number)
                || (number instanceof Double || number instanceof Float) && !Double.isFinite(number.doubleValue())) {
            return Optional.empty();
        }
        BigDecimal seconds = new BigDecimal(number.toString());
        if (seconds.signum() < 0 || seconds.compareTo(LAST_SECOND) > 0) {
            return Optional.empty();
        }
        BigDecimal whole = seconds.setScale(0, RoundingMode.FLOOR);
        return Optional.of(Instant.ofEpochSecond(whole.longValueExact(),
                seconds.subtract(whole).movePointRight(9).setScale(0, RoundingMode.FLOOR).intValueExact()));
    }

    /** "aud or client_id: must match one of the audience entries"; client_id counts only without aud. */
    private Optional<String> audienceRefusal(JWTClaimsSet claims) {
        List<String> tokenAudience = claims.getAudience();
        if (!tokenAudience.isEmpty()) {
            return tokenAudience.stream().anyMatch(audience::contains) ? Optional.empty()
                    : Optional.of("audience " + tokenAudience + " is none of " + audience);
        }
        Object clientId = claims.getClaim("client_id");
        if (clientId == null) {
            return Optional.of("no aud nor client_id");
        }
        return audience.contains(String.valueOf(clientId)) ? Optional.empty()
                : Optional.of("client_id " + clientId + " is none of " + audience);
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
