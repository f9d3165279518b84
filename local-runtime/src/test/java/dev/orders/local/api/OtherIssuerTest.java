package dev.orders.local.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.util.JSONObjectUtils;
import com.sun.net.httpserver.HttpServer;
import dev.orders.local.UsageException;
import dev.orders.local.api.LocalJwtAuthorizer.Result;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * start-api pointed at another issuer (--jwt-issuer), here a second issuer on another loopback port with a
 * key of its own: its discovery document and key set are read over HTTP, as API Gateway reads a Cognito or
 * Auth0 tenant's, and only its tokens pass.
 */
class OtherIssuerTest {
    private static final Clock CLOCK = Clock.systemUTC();
    private final Map<String, String> served = new ConcurrentHashMap<>();
    private final HttpServer server = serve(served);
    private final URI url = URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    private final RSAKey key = LocalJwtAuthorizerTest.rsaKey("other-1");
    private final LocalIssuer other = new LocalIssuer(key, url, List.of("other-api"), CLOCK);

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private static HttpServer serve(Map<String, String> documents) {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            server.createContext("/", exchange -> {
                try (exchange) {
                    String document = documents.get(exchange.getRequestURI().getPath());
                    byte[] body = (document == null ? "{\"message\":\"Not Found\"}" : document).getBytes(StandardCharsets.UTF_8);
                    exchange.getResponseHeaders().add("content-type", "application/json");
                    exchange.sendResponseHeaders(document == null ? 404 : 200, body.length);
                    try (OutputStream out = exchange.getResponseBody()) {
                        out.write(body);
                    }
                }
            });
            server.start();
            return server;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private LocalJwtAuthorizer authorizerOfOther() {
        return LocalJwtAuthorizer.remote(url, List.of("other-api"), IssuerDiscovery.jwksUri(url), CLOCK);
    }

    @Test
    void theOtherIssuersTokensPassAndSamLocalsOwnDoNot() {
        served.putAll(other.documents());
        LocalJwtAuthorizer authorizer = authorizerOfOther();

        Result.Authorized authorized = assertInstanceOf(Result.Authorized.class,
                authorizer.authorize(Optional.of("Bearer " + other.mint("c-ada", List.of("orders"), Duration.ofMinutes(5)))));
        assertEquals(url.toString(), authorized.claims().get("iss"));

        LocalIssuer own = new LocalIssuer(LocalJwtAuthorizerTest.rsaKey("own"), URI.create("http://127.0.0.1:3000"),
                List.of("other-api"), CLOCK);
        Result.Refused refused = assertInstanceOf(Result.Refused.class,
                authorizer.authorize(Optional.of("Bearer " + own.mint("c-ada", List.of(), Duration.ofMinutes(5)))));
        assertEquals("unknown kid own", refused.reason());
    }

    @Test
    void aKeyTheIssuerPublishesLaterIsFetchedForItsUnseenKid() {
        served.putAll(other.documents());
        LocalJwtAuthorizer authorizer = authorizerOfOther();
        assertInstanceOf(Result.Authorized.class,
                authorizer.authorize(Optional.of("Bearer " + other.mint("c-ada", List.of(), Duration.ofMinutes(5)))));

        RSAKey rotated = LocalJwtAuthorizerTest.rsaKey("other-2");
        served.put(LocalIssuer.JWKS_PATH, JSONObjectUtils.toJSONString(new JWKSet(List.of(key.toPublicJWK(),
                rotated.toPublicJWK())).toJSONObject(true)));
        LocalIssuer afterRotation = new LocalIssuer(rotated, url, List.of("other-api"), CLOCK);

        assertInstanceOf(Result.Authorized.class,
                authorizer.authorize(Optional.of("Bearer " + afterRotation.mint("c-ada", List.of(), Duration.ofMinutes(5)))));
    }

    @Test
    void aDiscoveryDocumentOfAnotherIssuerOrNoneAtAllIsAUsageError() {
        UsageException missing = assertThrows(UsageException.class, () -> IssuerDiscovery.jwksUri(url));
        assertTrue(missing.getMessage().startsWith("the JWT issuer's discovery document " + url
                + "/.well-known/openid-configuration cannot be read"), missing.getMessage());

        served.putAll(other.documents());
        URI withSlash = URI.create(url + "/");
        UsageException mismatch = assertThrows(UsageException.class, () -> IssuerDiscovery.jwksUri(withSlash));
        assertEquals("the discovery document " + url + "/.well-known/openid-configuration is of issuer " + url
                + ", not " + withSlash, mismatch.getMessage());
    }

    @Test
    void anIssuerOverPlainHttpIsRefusedUnlessOnTheLoopback() {
        UsageException e = assertThrows(UsageException.class,
                () -> IssuerDiscovery.jwksUri(URI.create("http://issuer.example.com")));
        assertEquals("the JWT issuer must be an https URL (http only on the loopback), not http://issuer.example.com",
                e.getMessage());
    }
}
