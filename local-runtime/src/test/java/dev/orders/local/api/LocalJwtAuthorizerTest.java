package dev.orders.local.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.orders.local.api.LocalJwtAuthorizer.Result;
import dev.orders.localaws.template.SamTemplate;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

class LocalJwtAuthorizerTest {
    private static final String SECRET = "local-only-secret-at-least-32-bytes-long";
    private static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");
    private final LocalJwtAuthorizer authorizer = new LocalJwtAuthorizer(SECRET, Clock.fixed(NOW, ZoneOffset.UTC));

    private Result authorize(String token) {
        return authorizer.authorize(Optional.of("Bearer " + token));
    }

    private static String refusal(Result result) {
        return assertInstanceOf(Result.Refused.class, result).reason();
    }

    private static String b64(String json) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }

    /** The README's openssl recipe, step by step: base64url(header).base64url(payload).base64url(HMAC). */
    private static String handMade(String headerJson, String payloadJson, String secret) throws Exception {
        String signingInput = b64(headerJson) + "." + b64(payloadJson);
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        byte[] signature = mac.doFinal(signingInput.getBytes(StandardCharsets.US_ASCII));
        return signingInput + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(signature);
    }

    @Test
    void aMintedTokenIsAuthorizedWithItsClaimsAsStringsAndItsScopes() {
        String token = authorizer.mint("c-ada", List.of("orders", "orders:admin"), Duration.ofHours(1));

        Result.Authorized authorized = assertInstanceOf(Result.Authorized.class, authorize(token));

        assertEquals("c-ada", authorized.claims().get("sub"));
        assertEquals("orders orders:admin", authorized.claims().get("scope"));
        assertEquals(Long.toString(NOW.plus(Duration.ofHours(1)).getEpochSecond()), authorized.claims().get("exp"));
        assertEquals(List.of("orders", "orders:admin"), authorized.scopes());
    }

    @Test
    void anScpArrayReachesTheFunctionFlattenedAsApiGatewayPassesIt() {
        String token = authorizer.mint("auth0|5f7c8ec7c33c6c004bbafe82", List.of("orders", "orders:admin"),
                LocalJwtAuthorizer.ScopeClaim.SCP, Duration.ofHours(1));

        Result.Authorized authorized = assertInstanceOf(Result.Authorized.class, authorize(token));

        assertEquals("auth0|5f7c8ec7c33c6c004bbafe82", authorized.claims().get("sub"));
        assertEquals("[orders orders:admin]", authorized.claims().get("scp"));
        assertFalse(authorized.claims().containsKey("scope"));
        assertEquals(List.of("orders", "orders:admin"), authorized.scopes());
    }

    @Test
    void claimsOfEveryJsonTypeArriveAsTextAndScopesComeFromScopeAndScp() throws Exception {
        String token = handMade("{\"alg\":\"HS256\"}", "{\"sub\":\"c-ada\",\"exp\":" + (NOW.getEpochSecond() + 3600)
                + ",\"email_verified\":true,\"cognito:groups\":[\"admin\",\"ops\"],\"address\":{\"country\":\"JP\"},"
                + "\"nickname\":null,\"scope\":\"orders\",\"scp\":\"orders:read orders:admin\"}", SECRET);

        Result.Authorized authorized = assertInstanceOf(Result.Authorized.class, authorize(token));

        assertEquals("true", authorized.claims().get("email_verified"));
        assertEquals("[admin ops]", authorized.claims().get("cognito:groups"));
        assertEquals("{\"country\":\"JP\"}", authorized.claims().get("address"));
        assertFalse(authorized.claims().containsKey("nickname"), "a null claim is left out");
        assertEquals(List.of("orders", "orders:read", "orders:admin"), authorized.scopes());
    }

    @Test
    void theApisAuthorizerStepHandsOnTheClaimsAndScopes() throws Exception {
        String token = authorizer.mint("c-ada", List.of("orders:admin"), LocalJwtAuthorizer.ScopeClaim.SCP,
                Duration.ofHours(1));
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
        long exp = NOW.getEpochSecond() + 3600;
        for (String claim : List.of("scope", "scp")) {
            for (String value : List.of("\"[x,orders:admin]\"", "\"[profile orders:admin]\"",
                    "\"[\\\"orders:admin\\\"]\"", "[\"x orders:admin\"]")) {
                String token = handMade("{\"alg\":\"HS256\"}",
                        "{\"sub\":\"c-eve\",\"exp\":" + exp + ",\"" + claim + "\":" + value + "}", SECRET);
                RequestAuthorizer.Jwt jwt = authorizer.authorize(Map.of("authorization", "Bearer " + token));
                assertFalse(paymentIssues.admits(jwt.scopes()), claim + ": " + value + " gave " + jwt.scopes());
            }
            for (String value : List.of("\"orders:admin\"", "\"orders orders:admin\"", "[\"orders\",\"orders:admin\"]")) {
                String token = handMade("{\"alg\":\"HS256\"}",
                        "{\"sub\":\"ops-grace\",\"exp\":" + exp + ",\"" + claim + "\":" + value + "}", SECRET);
                RequestAuthorizer.Jwt jwt = authorizer.authorize(Map.of("authorization", "Bearer " + token));
                assertTrue(paymentIssues.admits(jwt.scopes()), claim + ": " + value + " gave " + jwt.scopes());
            }
        }
    }

    @Test
    void aTokenMadeWithTheReadmesOpensslRecipeIsAuthorized() throws Exception {
        String token = handMade("{\"alg\":\"HS256\",\"typ\":\"JWT\"}",
                "{\"sub\":\"c-ada\",\"scope\":\"orders\",\"exp\":" + (NOW.getEpochSecond() + 3600) + "}", SECRET);

        Result.Authorized authorized = assertInstanceOf(Result.Authorized.class, authorize(token));
        assertEquals(Map.of("sub", "c-ada", "scope", "orders", "exp", Long.toString(NOW.getEpochSecond() + 3600)),
                authorized.claims());
    }

    @Test
    void missingOrNonBearerOrMalformedTokensAreRefused() {
        assertEquals("no bearer token", refusal(authorizer.authorize(Optional.empty())));
        assertEquals("no bearer token", refusal(authorizer.authorize(Optional.of("Basic YWRhOnB3"))));
        for (String token : List.of("", "garbage", "a.b.c", "x".repeat(10_000), "eyJhbGciOiJIUzI1NiJ9..")) {
            assertEquals("malformed token", refusal(authorize(token)), token);
        }
    }

    @Test
    void aWrongSecretOrATamperedPayloadIsRefused() throws Exception {
        long exp = NOW.getEpochSecond() + 3600;
        String other = handMade("{\"alg\":\"HS256\"}", "{\"sub\":\"c-ada\",\"exp\":" + exp + "}",
                "another-secret-that-is-also-32-bytes-long");
        assertEquals("bad signature", refusal(authorize(other)));

        String token = authorizer.mint("c-ada", List.of(), Duration.ofHours(1));
        String[] parts = token.split("\\.");
        String forged = parts[0] + "." + b64("{\"sub\":\"c-eve\",\"scope\":\"orders:admin\",\"exp\":" + exp + "}")
                + "." + parts[2];
        assertEquals("bad signature", refusal(authorize(forged)));
    }

    @Test
    void onlyHs256IsAcceptedNotNoneNorAnotherAlgorithm() throws Exception {
        long exp = NOW.getEpochSecond() + 3600;
        String none = b64("{\"alg\":\"none\"}") + "." + b64("{\"sub\":\"c-ada\",\"exp\":" + exp + "}") + ".";
        assertEquals("malformed token", refusal(authorize(none)));

        SignedJWT hs512 = new SignedJWT(new JWSHeader(JWSAlgorithm.HS512),
                new JWTClaimsSet.Builder().subject("c-ada").expirationTime(Date.from(NOW.plusSeconds(60))).build());
        hs512.sign(new MACSigner((SECRET + SECRET).getBytes(StandardCharsets.UTF_8)));
        assertEquals("algorithm HS512 is not accepted", refusal(authorize(hs512.serialize())));
    }

    @Test
    void expiredNotYetValidAndNeverExpiringTokensAreRefused() throws Exception {
        Clock earlier = Clock.fixed(NOW.minus(Duration.ofHours(2)), ZoneOffset.UTC);
        String expired = new LocalJwtAuthorizer(SECRET, earlier).mint("c-ada", List.of(), Duration.ofHours(1));
        assertEquals("expired", refusal(authorize(expired)));
        String endsNow = new LocalJwtAuthorizer(SECRET, earlier).mint("c-ada", List.of(), Duration.ofHours(2));
        assertEquals("expired", refusal(authorize(endsNow)));

        String early = handMade("{\"alg\":\"HS256\"}", "{\"sub\":\"c-ada\",\"nbf\":" + (NOW.getEpochSecond() + 60)
                + ",\"exp\":" + (NOW.getEpochSecond() + 3600) + "}", SECRET);
        assertEquals("not yet valid", refusal(authorize(early)));

        String forever = handMade("{\"alg\":\"HS256\"}", "{\"sub\":\"c-ada\"}", SECRET);
        assertEquals("no expiry", refusal(authorize(forever)));
    }

    @Test
    void theTimeWindowIsCheckedOnEveryRequestAlsoForATokenSeenBefore() throws Exception {
        MovableClock clock = new MovableClock(NOW);
        LocalJwtAuthorizer authorizer = new LocalJwtAuthorizer(SECRET, clock);
        String token = handMade("{\"alg\":\"HS256\"}", "{\"sub\":\"c-ada\",\"nbf\":" + (NOW.getEpochSecond() + 60)
                + ",\"exp\":" + (NOW.getEpochSecond() + 120) + "}", SECRET);
        Optional<String> header = Optional.of("Bearer " + token);

        assertEquals("not yet valid", refusal(authorizer.authorize(header)));
        clock.now = NOW.plusSeconds(60);
        assertInstanceOf(Result.Authorized.class, authorizer.authorize(header));
        assertInstanceOf(Result.Authorized.class, authorizer.authorize(header));
        clock.now = NOW.plusSeconds(120);
        assertEquals("expired", refusal(authorizer.authorize(header)));
    }

    @Test
    void theSecretComesFromTheEnvironmentAndMustBeLongEnoughForHs256() {
        assertThrows(IllegalStateException.class, () -> LocalJwtAuthorizer.fromEnvironment(Map.of(), Clock.systemUTC()));
        assertThrows(IllegalArgumentException.class, () -> LocalJwtAuthorizer.fromEnvironment(
                Map.of(LocalJwtAuthorizer.SECRET_VARIABLE, "too-short"), Clock.systemUTC()));
        LocalJwtAuthorizer fromEnv = LocalJwtAuthorizer.fromEnvironment(
                Map.of(LocalJwtAuthorizer.SECRET_VARIABLE, SECRET), Clock.fixed(NOW, ZoneOffset.UTC));
        assertInstanceOf(Result.Authorized.class,
                authorize(fromEnv.mint("c-ada", List.of(), Duration.ofMinutes(5))));
    }

    /** A clock the test moves. */
    private static final class MovableClock extends Clock {
        private volatile Instant now;

        MovableClock(Instant now) {
            this.now = now;
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            throw new UnsupportedOperationException();
        }
    }
}
