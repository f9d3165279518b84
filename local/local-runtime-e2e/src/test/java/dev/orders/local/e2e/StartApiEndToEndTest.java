package dev.orders.local.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.jr.ob.JSON;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ./sam-local start-api over real HTTP: the service's routes as a client uses them, then a clean stop and a restart. */
class StartApiEndToEndTest {
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void servesEveryKindOfRouteLogsLambdasLinesStopsCleanlyAndKeepsItsDataAcrossARestart(@TempDir Path dataDir) throws Exception {
        String orderId;
        Path events = dataDir.resolve("events.jsonl");
        try (LocalApi api = LocalApi.start("--data-dir", dataDir.toString(), "--events", events.toString())) {
            String edsger = api.token("c-e2e");
            String admin = api.token("ops-admin", "orders:admin");
            Map<String, Long> programs = api.processes().stream().collect(Collectors.groupingBy(
                    p -> p.info().command().map(c -> Path.of(c).getFileName().toString()).orElse("?"), Collectors.counting()));
            assertEquals(2L, programs.get("java"), "the launcher and the functions' JVM: " + programs);
            // The installed engine may be a link to the user's own (DYNOXIDE_BIN): its process bears the file's name.
            String engine = Path.of(System.getProperty("dynoxide.binary")).toRealPath().getFileName().toString();
            assertEquals(1L, programs.get(engine), "one engine: " + programs);
            Reply customer = send(api, edsger, "PUT", "/customers/c-e2e", "application/json",
                    "{\"name\":\"Edsger Dijkstra\",\"email\":\"edsger@example.com\"}", Map.of());
            assertEquals(201, customer.status(), customer.body());
            assertTrue(customer.header("apigw-requestid").isPresent(), "API Gateway's request id header");

            // The back office fills the catalogue; customers order by sku and quantity, at the catalogue's prices.
            Map<String, String> catalogue = Map.of(
                    "MUG-BLUE", "{\"name\":\"Blue mug\",\"unitPrice\":1250,\"currency\":\"EUR\"}",
                    "TEA-EARL-100G", "{\"name\":\"Earl Grey tea, 100 g\",\"unitPrice\":899,\"currency\":\"EUR\"}");
            for (Map.Entry<String, String> product : catalogue.entrySet()) {
                Reply put = send(api, admin, "PUT", "/products/" + product.getKey(), "application/json",
                        product.getValue(), Map.of());
                assertEquals(201, put.status(), put.body());
            }
            Reply refusedProduct = send(api, edsger, "PUT", "/products/MUG-BLUE", "application/json",
                    "{\"name\":\"Free mug\",\"unitPrice\":0,\"currency\":\"EUR\"}", Map.of());
            assertEquals(403, refusedProduct.status(), refusedProduct.body());
            Reply product = get(api, edsger, "/products/MUG-BLUE");
            assertEquals(200, product.status(), product.body());
            assertEquals(1250, product.json().get("unitPrice"));

            Reply created = send(api, edsger, "POST", "/customers/c-e2e/orders", "application/json",
                    "{\"items\":[{\"sku\":\"MUG-BLUE\",\"quantity\":2}]}", Map.of("Idempotency-Key", "e2e-order-1"));
            assertEquals(201, created.status(), created.body());
            orderId = (String) created.json().get("orderId");
            assertEquals("CREATED", created.json().get("status"));
            assertEquals("EUR", created.json().get("currency"));

            Reply added = send(api, edsger, "POST", "/customers/c-e2e/orders/" + orderId + "/items", "application/json",
                    "{\"sku\":\"TEA-EARL-100G\",\"quantity\":1}", Map.of());
            assertEquals(201, added.status(), added.body());
            assertEquals("Earl Grey tea, 100 g", added.json().get("name"));

            // The added line is version 2 of the order.
            Reply paid = send(api, admin, "POST", "/orders/" + orderId + "/status", "application/json",
                    "{\"status\":\"PAID\",\"expectedVersion\":2,\"reason\":\"card captured\"}", Map.of());
            assertEquals(200, paid.status(), paid.body());
            assertEquals("PAID", paid.json().get("status"));

            Reply history = get(api, edsger, "/customers/c-e2e/orders/" + orderId + "/history?limit=10");
            assertEquals(200, history.status(), history.body());
            assertEquals(List.of("PaymentCaptured", "OrderLineAdded", "OrderCreated"),
                    statuses(history, "events", "type"), history.body());
            // The customer reads the administrator's change as the staff's (who is not its business).
            assertEquals(List.of("staff", "user:c-e2e", "user:c-e2e"), statuses(history, "events", "by"));

            Reply timeline = get(api, edsger, "/customers/c-e2e/orders?limit=5");
            assertEquals(List.of(orderId), statuses(timeline, "orders", "orderId"), timeline.body());
            Reply feed = get(api, admin, "/orders?status=PAID&limit=50");
            assertTrue(statuses(feed, "orders", "orderId").contains(orderId), feed.body());
            // Concurrent requests to one function are served by more warm instances, all correctly.
            List<java.util.concurrent.CompletableFuture<Reply>> concurrent = java.util.stream.IntStream.range(0, 8)
                    .mapToObj(i -> java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                        try {
                            return get(api, edsger, "/customers/c-e2e/orders/" + orderId);
                        } catch (Exception e) {
                            throw new IllegalStateException(e);
                        }
                    })).toList();
            for (java.util.concurrent.CompletableFuture<Reply> reply : concurrent) {
                assertEquals(200, reply.get().status(), reply.get().body());
            }

            Reply byId = get(api, admin, "/orders/" + orderId);
            assertEquals(200, byId.status(), byId.body());
            assertEquals(3399L, ((Number) byId.json().get("total")).longValue());

            // API Gateway answers an unknown path, and a known path with another method, 404 without calling a function.
            Reply unknown = get(api, edsger, "/no/such/route");
            assertEquals(404, unknown.status());
            assertEquals(Map.of("message", "Not Found"), unknown.json());
            Reply wrongMethod = send(api, edsger, "PATCH", "/orders/" + orderId, "application/json", "{}", Map.of());
            assertEquals(404, wrongMethod.status());
            assertEquals(Map.of("message", "Not Found"), wrongMethod.json());

            // A binary content type reaches the function base64-encoded, and the function decodes it.
            Reply binary = send(api, api.token("c-bin"), "PUT", "/customers/c-bin", "application/octet-stream",
                    "{\"name\":\"Bin Ary\",\"email\":\"bin@example.com\"}", Map.of());
            assertEquals(201, binary.status(), binary.body());
            assertEquals("Bin Ary", binary.json().get("name"));

            // Each invocation is framed by Lambda's lines in the server log: the function's first with its init. Its
            // request id is Lambda's (a UUID), not API Gateway's, which the handler logs as its correlation id.
            String log = Files.readString(api.log);
            LambdaLines.assertFramed(log, LambdaLines.ofApiRequest(log, customer.header("apigw-requestid").orElseThrow()), true);
            LambdaLines.assertFramed(log, LambdaLines.ofApiRequest(log, binary.header("apigw-requestid").orElseThrow()), false);

            // Bad input is the function's 4xx problem, not a 500 of the local API.
            Reply invalid = send(api, edsger, "PUT", "/customers/c-e2e", "application/json", "{\"name\":", Map.of());
            assertEquals(400, invalid.status(), invalid.body());
            assertTrue(invalid.header("content-type").orElse("").startsWith("application/problem+json"));

            // The authorizer runs before any function: no token, a forged one, or someone else's secret is a 401.
            Reply anonymous = get(api, null, "/customers/c-e2e");
            Reply forged = get(api, edsger.substring(0, edsger.length() - 2) + "xx", "/customers/c-e2e");
            for (Reply refused : List.of(anonymous, forged)) {
                assertEquals(401, refused.status(), refused.body());
                assertEquals(Map.of("message", "Unauthorized"), refused.json());
            }
            assertEquals(Optional.of("Bearer"), anonymous.header("www-authenticate"));
            assertEquals(Optional.of("Bearer error=\"invalid_token\""), forged.header("www-authenticate"));
            // Only RSA signatures by the issuer's key count: HS256 with a shared secret, as local tokens once were, does not.
            SignedJWT hs256 = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), new JWTClaimsSet.Builder().subject("c-e2e")
                    .issuer(api.base()).audience("sam-local").expirationTime(Date.from(Instant.now().plusSeconds(600))).build());
            hs256.sign(new MACSigner("e2e local jwt secret, 32 bytes at least".getBytes(StandardCharsets.UTF_8)));
            Reply hmac = get(api, hs256.serialize(), "/customers/c-e2e");
            assertEquals(401, hmac.status(), hmac.body());
            assertEquals(Map.of("message", "Unauthorized"), hmac.json());
            // Another customer's token reaches the function, which reveals nothing.
            assertEquals(404, get(api, api.token("c-eve"), "/customers/c-e2e/orders/" + orderId).status());
            // The webhook has no authorizer: its own signature check answers, as a problem.
            Reply unsigned = send(api, null, "POST", "/webhooks/payments", "application/json", "{}", Map.of());
            assertEquals(401, unsigned.status(), unsigned.body());
            assertTrue(unsigned.header("content-type").orElse("").startsWith("application/problem+json"), unsigned.body());

            Reply tooLarge = send(api, api.token("c-big"), "PUT", "/customers/c-big", "application/json",
                    "\"" + "x".repeat(10 * 1024 * 1024) + "\"", Map.of());
            assertEquals(413, tooLarge.status());

            // The order's three events reached the local bus from the table's stream, as EventBridge delivers them.
            List<Map<String, Object>> published = awaitEvents(events, 3);
            assertEquals(List.of("OrderCreated", "OrderLineAdded", "PaymentCaptured"),
                    published.stream().map(e -> e.get("detail-type")).toList());
            Map<String, Object> first = published.get(0);
            assertEquals(List.of("version", "id", "detail-type", "source", "account", "time", "region", "resources",
                    "detail"), List.copyOf(first.keySet()));
            assertEquals("order-service", first.get("source"));
            assertEquals(List.of(orderId), first.get("resources"));
        }

        try (LocalApi again = LocalApi.start("--data-dir", dataDir.toString(), "--events", events.toString())) {
            Reply order = get(again, again.token("c-e2e"), "/customers/c-e2e/orders/" + orderId);
            assertEquals(200, order.status(), order.body());
            assertEquals("PAID", order.json().get("status"));
            assertEquals(2, ((List<?>) order.json().get("items")).size());
            assertTrue(Files.readString(again.log).contains("already exists (kept)"), "the table is reused, not recreated");

            // The stream resumes where it stopped: the new event once, the three before not again.
            Reply picked = send(again, again.token("ops-admin", "orders:admin"), "POST",
                    "/orders/" + orderId + "/status", "application/json",
                    "{\"status\":\"IN_FULFILLMENT\"}", Map.of());
            assertEquals(200, picked.status(), picked.body());
            List<Map<String, Object>> published = awaitEvents(events, 4);
            assertEquals(List.of(orderId + ":1", orderId + ":2", orderId + ":3", orderId + ":4"),
                    published.stream().map(StartApiEndToEndTest::eventId).toList());
        }
    }

    /**
     * The data dir holds customers' names and emails: sam-local makes it (and the parents it lacks) rwx------,
     * and what is written in it, by Dynoxide (the table, SQLite's journal) or by the stream's poller (its
     * positions), rw-------.
     */
    @Test
    void theDataDirAndEverythingWrittenInItAreItsOwnersOnly(@TempDir Path parent) throws Exception {
        Path dataDir = parent.resolve("local").resolve("orders");
        try (LocalApi api = LocalApi.start("--data-dir", dataDir.toString())) {
            Reply customer = send(api, api.token("c-ada"), "PUT", "/customers/c-ada", "application/json",
                    "{\"name\":\"Ada Lovelace\",\"email\":\"ada@example.com\"}", Map.of());
            assertEquals(201, customer.status(), customer.body());
            for (int attempt = 0; attempt < 150 && !hasStreamPositions(dataDir); attempt++) {
                Thread.sleep(200);
            }
            assertTrue(hasStreamPositions(dataDir), "the poller kept its position: " + namesIn(dataDir));
            assertOwnersOnly(parent);
        }
        assertTrue(namesIn(dataDir).contains("dynoxide.db"), namesIn(dataDir).toString());
        assertOwnersOnly(parent);
    }

    private static boolean hasStreamPositions(Path dataDir) throws IOException {
        return namesIn(dataDir).stream().anyMatch(name -> name.startsWith("stream-positions-"));
    }

    private static List<String> namesIn(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(file -> file.getFileName().toString()).sorted().toList();
        }
    }

    /** Every directory under {@code root} is rwx------, every file rw-------. */
    private static void assertOwnersOnly(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.filter(path -> !path.equals(root)).toList()) {
                assertEquals(Files.isDirectory(path) ? "rwx------" : "rw-------",
                        PosixFilePermissions.toString(Files.getPosixFilePermissions(path)), root.relativize(path).toString());
            }
        }
    }

    /** The events file once it holds {@code count} events (the stream is read asynchronously), as parsed lines. */
    private static List<Map<String, Object>> awaitEvents(Path file, int count) throws Exception {
        List<Map<String, Object>> events = List.of();
        for (int attempt = 0; attempt < 150; attempt++) {
            if (Files.exists(file)) {
                List<Map<String, Object>> read = new java.util.ArrayList<>();
                for (String line : Files.readAllLines(file)) {
                    read.add(JSON.std.mapFrom(line));
                }
                events = read;
                if (events.size() >= count) {
                    Thread.sleep(500); // a duplicate would arrive now
                    break;
                }
            }
            Thread.sleep(200);
        }
        List<Map<String, Object>> all = new java.util.ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            all.add(JSON.std.mapFrom(line));
        }
        assertEquals(count, all.size(), "events published: " + all);
        return all;
    }

    @SuppressWarnings("unchecked")
    private static String eventId(Map<String, Object> event) {
        return (String) ((Map<String, Object>) ((Map<String, Object>) event.get("detail")).get("metadata")).get("eventId");
    }

    @Test
    void seedLoadsCustomersAndOrdersInSeveralStatuses() throws Exception {
        try (LocalApi api = LocalApi.start("--seed")) {
            String admin = api.token("ops-admin", "orders:admin");
            Reply ada = get(api, api.token("c-ada"), "/customers/c-ada");
            assertEquals(200, ada.status(), ada.body());
            Reply mug = get(api, api.token("c-ada"), "/products/MUG-BLUE");
            assertEquals(200, mug.status(), mug.body());
            for (String status : List.of("CREATED", "AWAITING_PAYMENT", "IN_FULFILLMENT", "FULFILLED", "CANCELLED")) {
                Reply feed = get(api, admin, "/orders?status=" + status);
                assertFalse(statuses(feed, "orders", "orderId").isEmpty(), "no seeded order in " + status + ": " + feed.body());
            }
            // The fulfilled order got there by its lines, every one of them shipped.
            Object fulfilled = statuses(get(api, admin, "/orders?status=FULFILLED"), "orders", "orderId").get(0);
            Reply order = get(api, admin, "/orders/" + fulfilled);
            assertEquals(200, order.status(), order.body());
            assertEquals(List.of("SHIPPED", "SHIPPED"), statuses(order, "items", "itemStatus"), order.body());
        }
    }

    @Test
    void subjectsOfIdentityProvidersAndScpScopesWorkAsBehindApiGateway() throws Exception {
        String auth0 = "auth0|5f7c8ec7c33c6c004bbafe82";
        String path = "/customers/auth0%7C5f7c8ec7c33c6c004bbafe82";
        try (LocalApi api = LocalApi.start()) {
            String customer = api.token(auth0, "orders");
            String scpAdmin = api.scpToken("ops-okta", "orders", "orders:admin");
            Reply profile = send(api, customer, "PUT", path, "application/json",
                    "{\"name\":\"Jane Doe\",\"email\":\"jane@example.com\"}", Map.of());
            assertEquals(201, profile.status(), profile.body());
            assertEquals(auth0, profile.json().get("customerId"));
            // The catalogue route declares AuthorizationScopes too: an scp administrator fills it.
            Reply product = send(api, scpAdmin, "PUT", "/products/MUG-BLUE", "application/json",
                    "{\"name\":\"Blue mug\",\"unitPrice\":1250,\"currency\":\"EUR\"}", Map.of());
            assertEquals(201, product.status(), product.body());
            Reply created = send(api, customer, "POST", path + "/orders", "application/json",
                    "{\"items\":[{\"sku\":\"MUG-BLUE\",\"quantity\":1}]}", Map.of());
            assertEquals(201, created.status(), created.body());
            assertEquals(path + "/orders/" + created.json().get("orderId"), created.header("location").orElse(""));
            assertEquals(List.of(created.json().get("orderId")), statuses(get(api, customer, path + "/orders"), "orders", "orderId"));

            // The route declares AuthorizationScopes: a token without orders:admin never reaches the function.
            Reply customerOnAdminRoute = get(api, customer, "/orders");
            assertEquals(403, customerOnAdminRoute.status(), customerOnAdminRoute.body());
            assertEquals(Map.of("message", "Forbidden"), customerOnAdminRoute.json());
            // An scp array is an administrator on the scoped route, and no one on a customer's route.
            assertEquals(200, get(api, scpAdmin, "/orders").status());
            assertEquals(404, get(api, scpAdmin, path).status());
        }
    }

    /**
     * The eight tokens ({@code scope} and {@code scp} each as the strings "[x,orders:admin]",
     * "[profile orders:admin]", "[\"orders:admin\"]", and as the array ["x orders:admin"]): 403 on an
     * administrators' route, as API Gateway answers; on a customer's route another customer's order stays
     * 404 and its owner cannot pay it.
     */
    @Test
    void tokensThatOnlyLookLikeAnAdministratorsAreRefusedOnAdminRoutesAndPowerlessOnCustomerRoutes() throws Exception {
        try (LocalApi api = LocalApi.start()) {
            String admin = api.token("ops-admin", "orders:admin");
            String ada = api.token("c-ada");
            assertEquals(201, send(api, admin, "PUT", "/products/MUG-BLUE", "application/json",
                    "{\"name\":\"Blue mug\",\"unitPrice\":1250,\"currency\":\"EUR\"}", Map.of()).status());
            Reply created = send(api, ada, "POST", "/customers/c-ada/orders", "application/json",
                    "{\"items\":[{\"sku\":\"MUG-BLUE\",\"quantity\":1}]}", Map.of());
            assertEquals(201, created.status(), created.body());
            String order = "/customers/c-ada/orders/" + created.json().get("orderId");
            String paid = "{\"status\":\"PAID\",\"reason\":\"captured\"}";
            for (String claim : List.of("scope", "scp")) {
                for (Object value : List.of("[x,orders:admin]", "[profile orders:admin]", "[\"orders:admin\"]",
                        List.of("x orders:admin"))) {
                    String eve = api.tokenWithClaim("c-eve", claim, value);
                    String what = claim + ": " + value;
                    Reply refused = get(api, eve, "/payment-issues");
                    assertEquals(403, refused.status(), what);
                    assertEquals(Map.of("message", "Forbidden"), refused.json(), what);
                    assertEquals(403, send(api, eve, "POST", "/orders/" + created.json().get("orderId") + "/status",
                            "application/json", paid, Map.of()).status(), what);
                    assertEquals(404, get(api, eve, order).status(), what);
                    assertEquals(404, send(api, eve, "POST", order + "/status", "application/json", paid, Map.of())
                            .status(), what);
                    Reply ownerPays = send(api, api.tokenWithClaim("c-ada", claim, value), "POST", order + "/status",
                            "application/json", paid, Map.of());
                    assertEquals(403, ownerPays.status(), what);
                    assertEquals("CUSTOMER", ownerPays.json().get("role"), what);
                }
            }
            Reply order1 = get(api, ada, order);
            assertEquals("CREATED", order1.json().get("status"));
            assertEquals(1, order1.json().get("version"));
            // A proper scope claim, text or array, is admitted.
            assertEquals(200, get(api, api.tokenWithClaim("ops-1", "scope", "orders:admin"), "/payment-issues").status());
            assertEquals(200, get(api, api.tokenWithClaim("ops-2", "scp", List.of("orders:admin")), "/payment-issues")
                    .status());
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void samLocalsIssuerServesItsDiscoveryDocumentAndAnotherStartApiTrustsItThroughIt() throws Exception {
        try (LocalApi issuer = LocalApi.start()) {
            Reply discovery = get(issuer, null, "/.well-known/openid-configuration");
            assertEquals(200, discovery.status(), discovery.body());
            assertEquals(issuer.base(), discovery.json().get("issuer"));
            assertEquals(issuer.base() + "/.well-known/jwks.json", discovery.json().get("jwks_uri"));
            Reply keys = get(issuer, null, "/.well-known/jwks.json");
            assertEquals(200, keys.status(), keys.body());
            Map<String, Object> key = ((List<Map<String, Object>>) keys.json().get("keys")).get(0);
            assertEquals(List.of("RSA", "sig"), List.of(key.get("kty"), key.get("use")));
            assertFalse(key.containsKey("d"), "the private key is not published: " + keys.body());
            assertTrue(Files.readString(issuer.log).contains("JWT issuer " + issuer.base() + " (sam-local's own; discovery at "
                    + issuer.base() + "/.well-known/openid-configuration), audience sam-local"), "the issuer is announced");

            // ./sam-local token, for the issuer of a start-api on another port than 3000, signs with the published key.
            SamLocalCommand.Result minted = SamLocalCommand.run(Map.of(), "token", "c-cli", "orders", "--port",
                    Integer.toString(issuer.port), "--hours", "1");
            assertEquals(0, minted.exitCode(), minted.stderr());
            String token = minted.stdout().strip();
            assertEquals(key.get("kid"), SignedJWT.parse(token).getHeader().getKeyID());
            Reply created = send(issuer, token, "PUT", "/customers/c-cli", "application/json",
                    "{\"name\":\"Cli User\",\"email\":\"cli@example.com\"}", Map.of());
            assertEquals(201, created.status(), created.body());

            // A second start-api pointed at the first as its issuer, as at a Cognito or Auth0 tenant.
            try (LocalApi trusting = LocalApi.start("--jwt-issuer", issuer.base(), "--jwt-audience", "sam-local")) {
                Reply accepted = send(trusting, issuer.token("c-other"), "PUT", "/customers/c-other", "application/json",
                        "{\"name\":\"Other User\",\"email\":\"other@example.com\"}", Map.of());
                assertEquals(201, accepted.status(), accepted.body());
                Reply ownIssuer = get(trusting, trusting.token("c-other"), "/customers/c-other");
                assertEquals(401, ownIssuer.status(), ownIssuer.body());
                assertEquals(Optional.of("Bearer error=\"invalid_token\""), ownIssuer.header("www-authenticate"));
                Reply noDiscovery = get(trusting, null, "/.well-known/openid-configuration");
                assertEquals(404, noDiscovery.status(), noDiscovery.body());
                assertEquals(Map.of("message", "Not Found"), noDiscovery.json());
                assertTrue(Files.readString(trusting.log).contains("JWT issuer " + issuer.base() + " (keys from "
                        + issuer.base() + "/.well-known/jwks.json)"), "the issuer it trusts is announced");
            }
        }
    }

    private record Reply(int status, Map<String, List<String>> headers, String body) {
        Optional<String> header(String name) {
            return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                    .map(e -> e.getValue().get(0)).findFirst();
        }

        Map<String, Object> json() throws IOException {
            return JSON.std.mapFrom(body);
        }
    }

    @SuppressWarnings("unchecked")
    private static List<Object> statuses(Reply reply, String list, String field) throws IOException {
        return ((List<Map<String, Object>>) reply.json().get(list)).stream().map(m -> m.get(field)).toList();
    }

    /** GET with {@code token} as bearer token (none when null). */
    private Reply get(LocalApi api, String token, String path) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(api.base() + path)).GET();
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        return new Reply(response.statusCode(), response.headers().map(), response.body());
    }

    private Reply send(LocalApi api, String token, String method, String path, String contentType, String body,
                       Map<String, String> headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(api.base() + path))
                .method(method, HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8))
                .header("Content-Type", contentType);
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        headers.forEach(request::header);
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        return new Reply(response.statusCode(), response.headers().map(), response.body());
    }
}
