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
    /** Paths answered 302 with the Location given. */
    private final Map<String, String> redirects = new ConcurrentHashMap<>();
    private final HttpServer server = serve(served, redirects);
    private final URI url = URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    private final RSAKey key = LocalJwtAuthorizerTest.rsaKey("other-1");
    private final LocalIssuer other = new LocalIssuer(key, url, List.of("other-api"), CLOCK);
    /** Names only this test resolves (.test is reserved, RFC 2606); any other host as the system resolves it. */
    private final Map<String, InetAddress[]> names = new ConcurrentHashMap<>();
    private final IssuerDiscovery discovery = new IssuerDiscovery(host -> names.containsKey(host) ? names.get(host)
            : InetAddress.getAllByName(host));

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private static HttpServer serve(Map<String, String> documents, Map<String, String> redirects) {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            server.createContext("/", exchange -> {
                try (exchange) {
                    String location = redirects.get(exchange.getRequestURI().getPath());
                    if (location != null) {
                        exchange.getResponseHeaders().add("location", location);
                        exchange.sendResponseHeaders(302, -1);
                        return;
                    }
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
        return LocalJwtAuthorizer.remote(url, List.of("other-api"), discovery.jwksUri(url), discovery, CLOCK);
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
        UsageException missing = assertThrows(UsageException.class, () -> discovery.jwksUri(url));
        assertTrue(missing.getMessage().startsWith("the JWT issuer's discovery document " + url
                + "/.well-known/openid-configuration cannot be read"), missing.getMessage());

        served.putAll(other.documents());
        URI withSlash = URI.create(url + "/");
        UsageException mismatch = assertThrows(UsageException.class, () -> discovery.jwksUri(withSlash));
        assertEquals("the discovery document " + url + "/.well-known/openid-configuration is of issuer " + url
                + ", not " + withSlash, mismatch.getMessage());
    }

    /**
     * The review's case: the issuer's discovery document redirects to plain http off the loopback (0.0.0.0 is not
     * the loopback). No redirect is followed, there or to anywhere else, as AWS's own verifier (aws-jwt-verify)
     * takes nothing but a 200.
     */
    @Test
    void aDiscoveryDocumentThatRedirectsIsRefusedWhereverTheRedirectLeads() {
        served.putAll(other.documents());
        served.put("/moved" + LocalIssuer.DISCOVERY_PATH, other.documents().get(LocalIssuer.DISCOVERY_PATH));
        for (String location : List.of("http://0.0.0.0:" + server.getAddress().getPort() + "/moved" + LocalIssuer.DISCOVERY_PATH,
                url + "/moved" + LocalIssuer.DISCOVERY_PATH)) {
            redirects.put(LocalIssuer.DISCOVERY_PATH, location);
            UsageException e = assertThrows(UsageException.class, () -> discovery.jwksUri(url));
            assertEquals("the JWT issuer's discovery document " + url + LocalIssuer.DISCOVERY_PATH + " cannot be read: it"
                    + " answered HTTP 302, a redirect to " + location + ", which is not followed", e.getMessage());
        }
    }

    /** A key set that redirects to keys of someone else's: not read, so a token signed by such a key is refused. */
    @Test
    void keysBehindARedirectAreNotTrusted() {
        served.putAll(other.documents());
        RSAKey stranger = LocalJwtAuthorizerTest.rsaKey("stranger");
        served.put("/elsewhere/jwks.json", JSONObjectUtils.toJSONString(new JWKSet(stranger.toPublicJWK()).toJSONObject(true)));
        LocalJwtAuthorizer authorizer = authorizerOfOther();
        redirects.put(LocalIssuer.JWKS_PATH, "http://0.0.0.0:" + server.getAddress().getPort() + "/elsewhere/jwks.json");
        LocalIssuer impostor = new LocalIssuer(stranger, url, List.of("other-api"), CLOCK);

        Result.Refused refused = assertInstanceOf(Result.Refused.class,
                authorizer.authorize(Optional.of("Bearer " + impostor.mint("ops-admin", List.of("orders:admin"), Duration.ofMinutes(5)))));

        assertTrue(refused.reason().startsWith("the issuer's keys cannot be read: "), refused.reason());
        assertTrue(refused.reason().contains("answered HTTP 302, a redirect to http://0.0.0.0:"), refused.reason());
    }

    @Test
    void anIssuerOverPlainHttpIsRefusedUnlessOnTheLoopback() throws Exception {
        names.put("issuer.example.com", new InetAddress[] {InetAddress.getByName("93.184.215.14")});
        UsageException e = assertThrows(UsageException.class,
                () -> discovery.jwksUri(URI.create("http://issuer.example.com")));
        assertEquals("the JWT issuer must be an https URL (http only on the loopback), not http://issuer.example.com"
                + " (issuer.example.com is 93.184.215.14)", e.getMessage());
        // Every address of the wildcard is this machine's too, and more than its loopback.
        URI wildcard = URI.create("http://0.0.0.0:" + server.getAddress().getPort());
        assertEquals("the JWT issuer must be an https URL (http only on the loopback), not " + wildcard
                + " (0.0.0.0 is not a loopback address)",
                assertThrows(UsageException.class, () -> discovery.jwksUri(wildcard)).getMessage());
    }

    /**
     * A name is the loopback only if every address it resolves to is one; the documents are then read from the
     * address checked (no resolver but this test's knows issuer.test), not from whatever the name resolves to later.
     */
    @Test
    void aHostNameServesAnIssuerOverPlainHttpOnlyIfItsEveryAddressIsALoopbackOne() throws Exception {
        int port = server.getAddress().getPort();
        LocalIssuer named = new LocalIssuer(key, URI.create("http://issuer.test:" + port), List.of("other-api"), CLOCK);
        served.putAll(named.documents());
        names.put("issuer.test", new InetAddress[] {InetAddress.getByName("127.0.0.1")});

        URI jwksUri = discovery.jwksUri(named.issuer());
        LocalJwtAuthorizer authorizer = LocalJwtAuthorizer.remote(named.issuer(), List.of("other-api"), jwksUri, discovery, CLOCK);
        assertInstanceOf(Result.Authorized.class,
                authorizer.authorize(Optional.of("Bearer " + named.mint("c-ada", List.of(), Duration.ofMinutes(5)))));

        names.put("issuer.test", new InetAddress[] {InetAddress.getByName("127.0.0.1"), InetAddress.getByName("192.0.2.7")});
        assertEquals("the JWT issuer must be an https URL (http only on the loopback), not " + named.issuer()
                + " (issuer.test is 127.0.0.1, 192.0.2.7)",
                assertThrows(UsageException.class, () -> discovery.jwksUri(named.issuer())).getMessage());
        // The keys too are fetched under the rule, each time: a key set whose name now resolves elsewhere is not read.
        LocalJwtAuthorizer later = LocalJwtAuthorizer.remote(named.issuer(), List.of("other-api"), jwksUri, discovery, CLOCK);
        Result.Refused refused = assertInstanceOf(Result.Refused.class,
                later.authorize(Optional.of("Bearer " + named.mint("c-ada", List.of(), Duration.ofMinutes(5)))));
        assertTrue(refused.reason().contains("(issuer.test is 127.0.0.1, 192.0.2.7)"), refused.reason());
    }
}
