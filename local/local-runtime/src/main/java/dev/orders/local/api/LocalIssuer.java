package dev.orders.local.api;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.util.JSONObjectUtils;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * sam-local's own OpenID Connect issuer, standing in for the Cognito or Auth0 tenant of a deployment: it
 * signs access tokens with its RSA key (RS256, with the key's {@code kid}) for its issuer URL and
 * audience, and publishes what API Gateway reads of an issuer: the discovery document at
 * {@value #DISCOVERY_PATH} and, at its {@code jwks_uri}, the public key. Tokens come from
 * {@code ./sam-local token}, or from a browser's sign-in at its {@link #endpoints} (the authorization code
 * flow with PKCE, for public clients such as the console).
 */
public final class LocalIssuer {
    public static final String DISCOVERY_PATH = "/.well-known/openid-configuration";
    public static final String JWKS_PATH = "/.well-known/jwks.json";
    /** The audience of local tokens when neither a flag, a variable nor the template gives one. */
    public static final String DEFAULT_AUDIENCE = "sam-local";
    /** The key file, under the repository: a local state directory, ignored by git. */
    public static final String KEY_FILE = ".sam-local/issuer-key.json";
    /** The scope of the administrator's routes (their AuthorizationScopes). */
    public static final String ADMIN_SCOPE = "orders:admin";
    /** What a client may ask for: an id_token, the administrator's routes. */
    public static final List<String> SCOPES = List.of("openid", ADMIN_SCOPE);
    static final String AUTHORIZE_PATH = "/authorize";
    static final String TOKEN_PATH = "/token";
    /** How long the tokens of a sign-in live. */
    static final Duration SIGNED_IN_LIFETIME = Duration.ofHours(1);

    private final RSAKey key;
    private final URI issuer;
    private final List<String> audience;
    private final Clock clock;
    private final RSASSASigner signer;

    LocalIssuer(RSAKey key, URI issuer, List<String> audience, Clock clock) {
        if (audience.isEmpty()) {
            throw new IllegalArgumentException("an issuer's tokens need an audience");
        }
        this.key = key;
        this.issuer = issuer;
        this.audience = List.copyOf(audience);
        this.clock = clock;
        try {
            this.signer = new RSASSASigner(key);
        } catch (JOSEException e) {
            throw new IllegalArgumentException("unusable RSA key " + key.getKeyID(), e);
        }
    }

    /** The issuer of {@code keyFile}'s key (made there on first use) at {@code issuer}. */
    public static LocalIssuer load(Path keyFile, URI issuer, List<String> audience, Clock clock) {
        return new LocalIssuer(IssuerKeyFile.loadOrCreate(keyFile), issuer, audience, clock);
    }

    /** The issuer URL of a start-api listening on {@code host}: a wildcard address is reached on the loopback. */
    public static URI url(String host, int port) {
        String reachable = host.equals("0.0.0.0") || host.equals("::") || host.equals("[::]") ? "127.0.0.1" : host;
        boolean ipv6 = reachable.contains(":") && !reachable.startsWith("[");
        return URI.create("http://" + (ipv6 ? "[" + reachable + "]" : reachable) + ":" + port);
    }

    public URI issuer() {
        return issuer;
    }

    public List<String> audience() {
        return audience;
    }

    /** The public half of the signing key, as the JWKS publishes it. */
    public JWKSet publicKeys() {
        return new JWKSet(key.toPublicJWK());
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
        JWTClaimsSet.Builder claims = claims(subject, audience.get(0), lifetime);
        if (!scopes.isEmpty()) {
            claims.claim(claim == ScopeClaim.SCP ? "scp" : "scope",
                    claim == ScopeClaim.SCP ? List.copyOf(scopes) : String.join(" ", scopes));
        }
        return sign(claims.build());
    }

    /**
     * An OpenID Connect ID token (Core §2) saying that {@code subject} signed in for {@code clientId}, with the
     * {@code nonce} of its authorization request, valid for {@code lifetime}.
     */
    String idToken(String subject, String clientId, Optional<String> nonce, Duration lifetime) {
        JWTClaimsSet.Builder claims = claims(subject, clientId, lifetime);
        nonce.ifPresent(value -> claims.claim("nonce", value));
        return sign(claims.build());
    }

    /** The claims every token of the issuer has: itself, the subject, the audience, and from now for {@code lifetime}. */
    private JWTClaimsSet.Builder claims(String subject, String audience, Duration lifetime) {
        Instant now = clock.instant();
        return new JWTClaimsSet.Builder()
                .issuer(issuer.toString())
                .subject(subject)
                .audience(audience)
                .issueTime(Date.from(now))
                .expirationTime(Date.from(now.plus(lifetime)));
    }

    /** Its endpoints over HTTP: discovery, keys, and a browser's sign-in, with codes of their own. */
    public OwnEndpoints endpoints() {
        return new IssuerEndpoints(this, new AuthorizationCodes(clock));
    }

    /** {@code claims} signed with the issuer's key, its {@code kid} in the header. */
    private String sign(JWTClaimsSet claims) {
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(key.getKeyID())
                .type(JOSEObjectType.JWT).build(), claims);
        try {
            jwt.sign(signer);
        } catch (JOSEException e) {
            throw new IllegalStateException("cannot sign with RS256", e);
        }
        return jwt.serialize();
    }

    /**
     * What the issuer serves as JSON, by path: its discovery document (OpenID Connect Discovery §3, with RFC 8414's
     * and RFC 9207's fields for PKCE and {@code iss}) and its key set.
     */
    Map<String, String> documents() {
        Map<String, Object> discovery = new LinkedHashMap<>();
        discovery.put("issuer", issuer.toString());
        discovery.put("authorization_endpoint", issuer + AUTHORIZE_PATH);
        discovery.put("token_endpoint", issuer + TOKEN_PATH);
        discovery.put("jwks_uri", issuer + JWKS_PATH);
        discovery.put("scopes_supported", SCOPES);
        discovery.put("response_types_supported", List.of("code"));
        discovery.put("response_modes_supported", List.of("query"));
        discovery.put("grant_types_supported", List.of("authorization_code"));
        discovery.put("code_challenge_methods_supported", List.of("S256"));
        discovery.put("token_endpoint_auth_methods_supported", List.of("none"));
        discovery.put("authorization_response_iss_parameter_supported", true);
        discovery.put("subject_types_supported", List.of("public"));
        discovery.put("id_token_signing_alg_values_supported", List.of(JWSAlgorithm.RS256.getName()));
        return Map.of(DISCOVERY_PATH, JSONObjectUtils.toJSONString(discovery),
                JWKS_PATH, JSONObjectUtils.toJSONString(publicKeys().toJSONObject(true)));
    }
}
