package dev.orders.local.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSObject;
import com.nimbusds.jose.Payload;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jose.util.JSONObjectUtils;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.orders.local.api.LocalJwtAuthorizer.Result;
import dev.orders.local.schedules.ManualTime;
import dev.orders.localaws.template.SamTemplate;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The local authorizer checks what API Gateway's JWT authorizer documents it checks, and nothing less. */
class LocalJwtAuthorizerTest {
    private static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");
    private static final URI ISSUER = URI.create("http://127.0.0.1:3000");
    private static final String AUDIENCE = "sam-local";
    private static final RSAKey KEY = rsaKey("local-key");
    private final LocalIssuer issuer = new LocalIssuer(KEY, ISSUER, List.of(AUDIENCE), Clock.fixed(NOW, ZoneOffset.UTC));
    private final LocalJwtAuthorizer authorizer = LocalJwtAuthorizer.of(issuer, Clock.fixed(NOW, ZoneOffset.UTC));

    static RSAKey rsaKey(String kid) {
        try {
            return new RSAKeyGenerator(2048).keyID(kid).keyUse(KeyUse.SIGNATURE).generate();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private Result authorize(String token) {
        return authorizer.authorize(Optional.of("Bearer " + token));
    }

    private static String refusal(Result result) {
        return assertInstanceOf(Result.Refused.class, result).reason();
    }

    private static String b64(String json) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }

    /** Claims every check passes: the local issuer's, for its audience, valid for an hour from now. */
    private static JWTClaimsSet.Builder valid() {
        return new JWTClaimsSet.Builder().issuer(ISSUER.toString()).subject("c-ada").audience(AUDIENCE)
                .issueTime(Date.from(NOW)).expirationTime(Date.from(NOW.plusSeconds(3600)));
    }

    /** {@code claims} signed RS256 by {@code key}, with {@code kid} in the header (none if null). */
    private static String signed(JWTClaimsSet claims, RSAKey key, String kid) throws Exception {
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(kid).build(), claims);
        jwt.sign(new RSASSASigner(key));
        return jwt.serialize();
    }

    private static String signed(JWTClaimsSet claims) throws Exception {
        return signed(claims, KEY, KEY.getKeyID());
    }

    @Test
    void anRs256TokenOfTheIssuerIsAuthorizedWithItsClaimsAsStringsAndItsScopes() {
        String token = issuer.mint("c-ada", List.of("orders", "orders:admin"), Duration.ofHours(1));

        Result.Authorized authorized = assertInstanceOf(Result.Authorized.class, authorize(token));

        assertEquals("c-ada", authorized.claims().get("sub"));
        assertEquals(ISSUER.toString(), authorized.claims().get("iss"));
        assertEquals("[sam-local]", authorized.claims().get("aud"));
        assertEquals("orders orders:admin", authorized.claims().get("scope"));
        assertEquals(Long.toString(NOW.plus(Duration.ofHours(1)).getEpochSecond()), authorized.claims().get("exp"));
        assertEquals(List.of("orders", "orders:admin"), authorized.scopes());
    }

    @Test
    void anScpArrayReachesTheFunctionFlattenedAsApiGatewayPassesIt() {
        String token = issuer.mint("auth0|5f7c8ec7c33c6c004bbafe82", List.of("orders", "orders:admin"),
                LocalIssuer.ScopeClaim.SCP, Duration.ofHours(1));

        Result.Authorized authorized = assertInstanceOf(Result.Authorized.class, authorize(token));

        assertEquals("auth0|5f7c8ec7c33c6c004bbafe82", authorized.claims().get("sub"));
        assertEquals("[orders orders:admin]", authorized.claims().get("scp"));
        assertFalse(authorized.claims().containsKey("scope"));
        assertEquals(List.of("orders", "orders:admin"), authorized.scopes());
    }

    @Test
    void claimsOfEveryJsonTypeArriveAsTextAndScopesComeFromScopeAndScp() throws Exception {
        JWTClaimsSet claims = JWTClaimsSet.parse("{\"iss\":\"" + ISSUER + "\",\"aud\":\"" + AUDIENCE + "\",\"sub\":\"c-ada\","
                + "\"exp\":" + (NOW.getEpochSecond() + 3600) + ",\"email_verified\":true,\"cognito:groups\":[\"admin\",\"ops\"],"
                + "\"address\":{\"country\":\"JP\"},\"nickname\":null,\"scope\":\"orders\",\"scp\":\"orders:read orders:admin\"}");

        Result.Authorized authorized = assertInstanceOf(Result.Authorized.class, authorize(signed(claims)));

        assertEquals("true", authorized.claims().get("email_verified"));
        assertEquals("[admin ops]", authorized.claims().get("cognito:groups"));
        assertEquals("{\"country\":\"JP\"}", authorized.claims().get("address"));
        assertFalse(authorized.claims().containsKey("nickname"), "a null claim is left out");
        assertEquals(List.of("orders", "orders:read", "orders:admin"), authorized.scopes());
    }

    @Test
    void theApisAuthorizerStepHandsOnTheClaimsAndScopes() throws Exception {
        String token = issuer.mint("c-ada", List.of("orders:admin"), LocalIssuer.ScopeClaim.SCP, Duration.ofHours(1));
        RequestAuthorizer.Jwt jwt = authorizer.authorize(Map.of("authorization", "Bearer " + token));
        assertEquals("[orders:admin]", jwt.claims().get("scp"));
        assertEquals(List.of("orders:admin"), jwt.scopes());
        assertThrows(RequestAuthorizer.Unauthorized.class, () -> authorizer.authorize(Map.of()));
    }

    /**
     * The issue's eight tokens ({@code scope} and {@code scp} each as the strings "[x,orders:admin]",
     * "[profile orders:admin]", "[\"orders:admin\"]", and as the array ["x orders:admin"]) are valid tokens
     * that API Gateway refuses (403) on a route declaring orders:admin; proper ones are admitted.
     */
    @Test
    void onlyAProperAdminScopeIsAdmittedToARouteDeclaringIt() throws Exception {
        SamTemplate.HttpRoute paymentIssues = new HttpApiEvents.Routes(SamTemplate.repository())
                .byKey("GET /payment-issues").orElseThrow().route();
        for (String claim : List.of("scope", "scp")) {
            for (String value : List.of("\"[x,orders:admin]\"", "\"[profile orders:admin]\"",
                    "\"[\\\"orders:admin\\\"]\"", "[\"x orders:admin\"]")) {
                RequestAuthorizer.Jwt jwt = authorizer.authorize(Map.of("authorization", "Bearer "
                        + withScopeClaim("c-eve", claim, value)));
                assertFalse(paymentIssues.admits(jwt.scopes()), claim + ": " + value + " gave " + jwt.scopes());
            }
            for (String value : List.of("\"orders:admin\"", "\"orders orders:admin\"", "[\"orders\",\"orders:admin\"]")) {
                RequestAuthorizer.Jwt jwt = authorizer.authorize(Map.of("authorization", "Bearer "
                        + withScopeClaim("ops-grace", claim, value)));
                assertTrue(paymentIssues.admits(jwt.scopes()), claim + ": " + value + " gave " + jwt.scopes());
            }
        }
    }

    /** A token of the issuer for {@code subject} whose claim {@code claim} holds the JSON {@code value}. */
    private static String withScopeClaim(String subject, String claim, String value) throws Exception {
        return signed(JWTClaimsSet.parse("{\"iss\":\"" + ISSUER + "\",\"aud\":\"" + AUDIENCE + "\",\"sub\":\""
                + subject + "\",\"exp\":" + (NOW.getEpochSecond() + 3600) + ",\"" + claim + "\":" + value + "}"));
    }

    @Test
    void theTokenMayComeAloneOrAfterBearerAsTheIdentitySourceAllows() {
        String token = issuer.mint("c-ada", List.of(), Duration.ofHours(1));
        for (String header : List.of("Bearer " + token, "bearer " + token, token)) {
            assertInstanceOf(Result.Authorized.class, authorizer.authorize(Optional.of(header)), header);
        }
    }

    @Test
    void missingOrMalformedTokensAreRefused() {
        assertEquals("no token", refusal(authorizer.authorize(Optional.empty())));
        assertEquals("no token", refusal(authorizer.authorize(Optional.of(" "))));
        assertEquals("malformed token", refusal(authorizer.authorize(Optional.of("Basic YWRhOnB3"))));
        for (String token : List.of("", "garbage", "a.b.c", "x".repeat(10_000), "eyJhbGciOiJSUzI1NiJ9..")) {
            assertEquals("malformed token", refusal(authorize(token)), token);
        }
    }

    @Test
    void anUnsignedTokenIsRefused() {
        String none = b64("{\"alg\":\"none\"}") + "." + b64("{\"iss\":\"" + ISSUER + "\",\"aud\":\"" + AUDIENCE
                + "\",\"sub\":\"c-ada\",\"exp\":" + (NOW.getEpochSecond() + 3600) + "}") + ".";
        assertEquals("malformed token", refusal(authorize(none)));
    }

    @Test
    void everyRsaAlgorithmIsAcceptedByAKeyThatNamesNone() throws Exception {
        for (JWSAlgorithm algorithm : List.of(JWSAlgorithm.RS256, JWSAlgorithm.RS384, JWSAlgorithm.RS512,
                JWSAlgorithm.PS256, JWSAlgorithm.PS384, JWSAlgorithm.PS512)) {
            SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(algorithm).keyID(KEY.getKeyID()).build(), valid().build());
            jwt.sign(new RSASSASigner(KEY));
            assertInstanceOf(Result.Authorized.class, authorize(jwt.serialize()), algorithm.getName());
        }
    }

    @Test
    void aKeyThatNamesItsAlgorithmAsTheLocalIssuersDoesVerifiesThatOneOnly() throws Exception {
        // The local issuer's key (IssuerKeyFile) names RS256, as the keys of Cognito's and Auth0's key sets do.
        RSAKey rs256Key = new RSAKeyGenerator(2048).keyID("rs256-key").keyUse(KeyUse.SIGNATURE).algorithm(JWSAlgorithm.RS256)
                .generate();
        LocalJwtAuthorizer rs256Only = LocalJwtAuthorizer.of(new LocalIssuer(rs256Key, ISSUER, List.of(AUDIENCE),
                Clock.fixed(NOW, ZoneOffset.UTC)), Clock.fixed(NOW, ZoneOffset.UTC));
        for (JWSAlgorithm algorithm : List.of(JWSAlgorithm.RS256, JWSAlgorithm.RS384, JWSAlgorithm.RS512,
                JWSAlgorithm.PS256, JWSAlgorithm.PS384, JWSAlgorithm.PS512)) {
            SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(algorithm).keyID("rs256-key").build(), valid().build());
            jwt.sign(new RSASSASigner(rs256Key));
            Result result = rs256Only.authorize(Optional.of("Bearer " + jwt.serialize()));
            if (algorithm.equals(JWSAlgorithm.RS256)) {
                assertInstanceOf(Result.Authorized.class, result);
            } else {
                assertEquals("algorithm " + algorithm + " is not its key's (RS256)", refusal(result));
            }
        }
    }

    @Test
    void hmacTokensAreRefusedWhateverTheSecretEvenThePublicKeyItself() throws Exception {
        // The classic confusion: HS256 keyed with what the verifier knows (the public key), and an old shared secret.
        for (byte[] secret : List.of(KEY.toRSAPublicKey().getEncoded(),
                "local-only-secret-at-least-32-bytes-long".getBytes(StandardCharsets.UTF_8))) {
            SignedJWT hs256 = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.HS256).keyID(KEY.getKeyID()).build(),
                    valid().build());
            hs256.sign(new MACSigner(secret));
            assertEquals("algorithm HS256 is not accepted", refusal(authorize(hs256.serialize())));
        }
    }

    @Test
    void aTokenWithoutKidOrWithAKidTheIssuerDoesNotPublishIsRefused() throws Exception {
        assertEquals("no kid", refusal(authorize(signed(valid().build(), KEY, null))));
        RSAKey stranger = rsaKey("stranger");
        assertEquals("unknown kid stranger", refusal(authorize(signed(valid().build(), stranger, "stranger"))));
    }

    @Test
    void anotherKeyUnderTheIssuersKidOrATamperedPayloadIsABadSignature() throws Exception {
        assertEquals("bad signature", refusal(authorize(signed(valid().build(), rsaKey(KEY.getKeyID()), KEY.getKeyID()))));

        String token = issuer.mint("c-ada", List.of(), Duration.ofHours(1));
        String[] parts = token.split("\\.");
        String forged = parts[0] + "." + b64(valid().subject("c-eve").claim("scope", "orders:admin").build().toString())
                + "." + parts[2];
        assertEquals("bad signature", refusal(authorize(forged)));
    }

    @Test
    void theIssuerMustBeTheConfiguredOneExactly() throws Exception {
        assertEquals("issuer https://evil.example.com is not " + ISSUER,
                refusal(authorize(signed(valid().issuer("https://evil.example.com").build()))));
        assertEquals("issuer " + ISSUER + "/ is not " + ISSUER, refusal(authorize(signed(valid().issuer(ISSUER + "/").build()))));
        assertEquals("issuer null is not " + ISSUER, refusal(authorize(signed(valid().issuer(null).build()))));
    }

    @Test
    void audMustNameAConfiguredAudienceAndClientIdCountsOnlyWithoutAud() throws Exception {
        assertEquals("audience [other-api] is none of [sam-local]",
                refusal(authorize(signed(valid().audience("other-api").build()))));
        assertInstanceOf(Result.Authorized.class, authorize(signed(valid().audience(List.of("other-api", AUDIENCE)).build())));

        // Cognito's access tokens carry client_id, not aud.
        assertInstanceOf(Result.Authorized.class,
                authorize(signed(valid().audience((String) null).claim("client_id", AUDIENCE).build())));
        assertEquals("client_id other-client is none of [sam-local]",
                refusal(authorize(signed(valid().audience((String) null).claim("client_id", "other-client").build()))));
        // With aud present, aud is what counts.
        assertEquals("audience [other-api] is none of [sam-local]",
                refusal(authorize(signed(valid().audience("other-api").claim("client_id", AUDIENCE).build()))));
        assertEquals("no aud nor client_id", refusal(authorize(signed(valid().audience((String) null).build()))));
    }

    @Test
    void expNbfAndIatAreCheckedAgainstNowWithoutLeeway() throws Exception {
        assertEquals("expired", refusal(authorize(signed(valid().expirationTime(Date.from(NOW.minusSeconds(1))).build()))));
        assertEquals("expired", refusal(authorize(signed(valid().expirationTime(Date.from(NOW)).build()))));
        assertEquals("no expiry", refusal(authorize(signed(valid().expirationTime(null).build()))));
        assertEquals("not yet valid", refusal(authorize(signed(valid().notBeforeTime(Date.from(NOW.plusSeconds(1))).build()))));
        assertEquals("issued in the future", refusal(authorize(signed(valid().issueTime(Date.from(NOW.plusSeconds(1))).build()))));

        assertInstanceOf(Result.Authorized.class, authorize(signed(valid().notBeforeTime(Date.from(NOW)).build())));
        assertInstanceOf(Result.Authorized.class, authorize(signed(valid().expirationTime(Date.from(NOW.plusSeconds(1))).build())));
        assertInstanceOf(Result.Authorized.class, authorize(signed(valid().issueTime(null).build())));
    }

    /**
     * {@code exp}, {@code nbf} and {@code iat} are seconds since 1970 (RFC 7519's NumericDate); a value no clock
     * shows (before 1970, after 9999, or one whose milliseconds overflow a long, which once wrapped round to a
     * past time) is refused, its claim and value named in the reason the server logs.
     */
    @Test
    void timesNoClockCanShowAreRefusedInEachTimeClaim() throws Exception {
        for (String claim : List.of("exp", "nbf", "iat")) {
            for (String value : List.of("9223372036854775807", "10000000000000000", "18446744073709551616", "1e300",
                    "253402300800", "-1", "-0.5", "-10000000000000000", "-9223372036854775808", "-1e300")) {
                Map<String, Object> claims = validClaims();
                claims.put(claim, JSONObjectUtils.parse("{\"v\":" + value + "}").get("v"));
                String reason = refusal(authorize(signedPayload(claims)));
                assertEquals(claim + " " + claims.get(claim) + " is no time from 1970 to 9999", reason, claim + ": " + value);
            }
        }
    }

    @Test
    void timesAtTheEdgesOfTheRangeAreComparedWithNowToTheFractionOfASecond() throws Exception {
        Map<String, Object> claims = validClaims();
        claims.put("nbf", 0L);
        claims.put("iat", 0L);
        claims.put("exp", 253402300799L);
        assertInstanceOf(Result.Authorized.class, authorize(signedPayload(claims)), "1970 and the last second of 9999");

        Map<String, Object> notYet = validClaims();
        notYet.put("nbf", NOW.getEpochSecond() + 1_000_000_000L);
        assertEquals("not yet valid", refusal(authorize(signedPayload(notYet))));

        // RFC 7519 allows fractions of a second; half a second later is later.
        Map<String, Object> fractions = validClaims();
        fractions.put("nbf", NOW.getEpochSecond() + 0.5);
        assertEquals("not yet valid", refusal(authorize(signedPayload(fractions))));
        fractions.put("nbf", NOW.getEpochSecond() - 0.5);
        fractions.put("exp", NOW.getEpochSecond() + 0.5);
        assertInstanceOf(Result.Authorized.class, authorize(signedPayload(fractions)));
    }

    /** {@link #valid()}'s claims as the JSON object of a payload, to put values in that a claims set cannot hold. */
    private static Map<String, Object> validClaims() {
        return new LinkedHashMap<>(valid().build().toJSONObject());
    }

    /** {@code claims} as they are, signed RS256 by the issuer's key. */
    private static String signedPayload(Map<String, Object> claims) throws Exception {
        JWSObject jws = new JWSObject(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(KEY.getKeyID()).build(),
                new Payload(JSONObjectUtils.toJSONString(claims)));
        jws.sign(new RSASSASigner(KEY));
        return jws.serialize();
    }

    @Test
    void aTokenTypeIsNotChecked() throws Exception {
        // Auth0 and Okta type their access tokens at+jwt; API Gateway documents no check of typ.
        SignedJWT typed = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(KEY.getKeyID())
                .type(new JOSEObjectType("at+jwt")).build(), valid().build());
        typed.sign(new RSASSASigner(KEY));
        assertInstanceOf(Result.Authorized.class, authorize(typed.serialize()));
    }

    @Test
    void theTimeWindowIsCheckedOnEveryRequestAlsoForATokenSeenBefore() throws Exception {
        ManualTime clock = new ManualTime(NOW);
        LocalJwtAuthorizer authorizer = LocalJwtAuthorizer.of(issuer, clock);
        Optional<String> header = Optional.of("Bearer " + signed(valid().notBeforeTime(Date.from(NOW.plusSeconds(60)))
                .expirationTime(Date.from(NOW.plusSeconds(120))).build()));

        assertEquals("not yet valid", refusal(authorizer.authorize(header)));
        clock.advance(Duration.ofSeconds(60));
        assertInstanceOf(Result.Authorized.class, authorizer.authorize(header));
        assertInstanceOf(Result.Authorized.class, authorizer.authorize(header));
        clock.advance(Duration.ofSeconds(60));
        assertEquals("expired", refusal(authorizer.authorize(header)));
    }
}
