package dev.orders.local.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.localaws.template.SamTemplate;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Requests become the payload 2.0 events API Gateway would send. */
class HttpApiEventsTest {
    private final HttpApiEvents.Routes routes = new HttpApiEvents.Routes(SamTemplate.repository());
    private static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");

    @Test
    void routesMatchMethodAndPathTemplateWithDecodedPathParameters() {
        HttpApiEvents.Match match = routes.match("GET", "/customers/c%2D1/orders/o-9/items/i-3").orElseThrow();
        assertEquals("QueryOrdersFunction", match.functionLogicalId());
        assertEquals("GET /customers/{customerId}/orders/{orderId}/items/{itemId}", match.route().key());
        assertEquals(Map.of("customerId", "c-1", "orderId", "o-9", "itemId", "i-3"), match.pathParameters());
        assertTrue(routes.match("PATCH", "/orders/o-1").isEmpty(), "another method on a known path is no route");
        assertTrue(routes.match("GET", "/orders/o-1/extra").isEmpty());
    }

    @Test
    @SuppressWarnings("unchecked")
    void eventCarriesHeadersQueryCookiesAndContextAsApiGatewayDoes() {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        headers.put("Accept", List.of("application/json", "text/plain"));
        headers.put("User-Agent", List.of("curl/8.5.0"));
        headers.put("Cookie", List.of("a=1; b=2"));
        headers.put("Content-Type", List.of("application/json"));
        HttpApiEvents.Request request = new HttpApiEvents.Request("GET", "/orders", "status=PAID&tag=x&tag=y%20z", headers,
                "{}".getBytes(StandardCharsets.UTF_8), "10.0.0.7", "HTTP/1.1", "localhost:3000");
        HttpApiEvents.Match match = routes.match("GET", "/orders").orElseThrow();

        Map<String, Object> event = HttpApiEvents.event(request, match, NOW, Optional.empty());

        assertEquals("2.0", event.get("version"));
        assertEquals("GET /orders", event.get("routeKey"));
        assertEquals("status=PAID&tag=x&tag=y%20z", event.get("rawQueryString"));
        assertEquals(Map.of("status", "PAID", "tag", "x,y z"), event.get("queryStringParameters"));
        assertEquals(List.of("a=1", "b=2"), event.get("cookies"));
        Map<String, String> eventHeaders = (Map<String, String>) event.get("headers");
        assertEquals("application/json,text/plain", eventHeaders.get("accept"));
        assertFalse(eventHeaders.containsKey("cookie"), "cookies move out of the headers");
        assertFalse(event.containsKey("pathParameters"), "absent, not empty, when the route has none");
        Map<String, Object> context = (Map<String, Object>) event.get("requestContext");
        assertEquals("22/Nov/2026:12:00:00 +0000", context.get("time"));
        assertEquals(NOW.toEpochMilli(), context.get("timeEpoch"));
        assertEquals("$default", context.get("stage"));
        assertEquals("GET /orders", context.get("routeKey"));
        assertEquals(Map.of("method", "GET", "path", "/orders", "protocol", "HTTP/1.1", "sourceIp", "10.0.0.7",
                "userAgent", "curl/8.5.0"), context.get("http"));
        assertFalse(context.containsKey("authorizer"));
        assertEquals("{}", event.get("body"));
        assertEquals(false, event.get("isBase64Encoded"));
    }

    @Test
    void binaryBodiesAreBase64AndClaimsGoWhereTheJwtAuthorizerPutsThem() {
        byte[] body = {0, 1, 2, (byte) 255};
        HttpApiEvents.Request request = new HttpApiEvents.Request("PUT", "/customers/c-1", null,
                Map.of("content-type", List.of("application/octet-stream")), body, "127.0.0.1", "HTTP/1.1", "localhost");
        Map<String, Object> event = HttpApiEvents.event(request, routes.match("PUT", "/customers/c-1").orElseThrow(), NOW,
                Optional.of(new RequestAuthorizer.Jwt(Map.of("sub", "user-1", "scp", "[orders orders:admin]"),
                        List.of("orders", "orders:admin"))));
        assertEquals(Base64.getEncoder().encodeToString(body), event.get("body"));
        assertEquals(true, event.get("isBase64Encoded"));
        assertEquals("", event.get("rawQueryString"));
        assertEquals(Map.of("sub", "user-1", "scp", "[orders orders:admin]"), jwt(event).get("claims"));
    }

    @Test
    void theTokensScopesAreListedOnlyOnRoutesThatDeclareAuthorizationScopes() {
        RequestAuthorizer.Jwt admin = new RequestAuthorizer.Jwt(Map.of("sub", "ops", "scope", "orders orders:admin"),
                List.of("orders", "orders:admin"));
        Map<String, Object> listed = new TreeMap<>();
        for (SamTemplate.Function function : SamTemplate.repository().functions()) {
            for (SamTemplate.HttpRoute route : function.routes()) {
                Map<String, Object> event = HttpApiEvents.event(new HttpApiEvents.Request(route.method(), "/", "", Map.of(),
                        new byte[0], "127.0.0.1", "HTTP/1.1", "localhost"), new HttpApiEvents.Match(function.logicalId(),
                        route, Map.of()), NOW, Optional.of(admin));
                assertEquals(admin.claims(), jwt(event).get("claims"), route.key());
                if (jwt(event).containsKey("scopes")) {
                    listed.put(route.key(), jwt(event).get("scopes"));
                }
            }
        }
        // As API Gateway: the token's whole scope list, and only where the template's event declares scopes.
        assertEquals(Map.of("GET /orders", List.of("orders", "orders:admin"),
                "GET /orders/{orderId}", List.of("orders", "orders:admin"),
                "GET /orders/{orderId}/history", List.of("orders", "orders:admin"),
                "GET /payment-issues", List.of("orders", "orders:admin"),
                "POST /orders/{orderId}/status", List.of("orders", "orders:admin"),
                "PUT /orders/{orderId}/items/{itemId}/status", List.of("orders", "orders:admin"),
                "POST /orders/{orderId}/payment-issues/{eventId}/resolution", List.of("orders", "orders:admin"),
                "PUT /products/{sku}", List.of("orders", "orders:admin"),
                "PUT /products/{sku}/stock", List.of("orders", "orders:admin"),
                "GET /products/{sku}/stock", List.of("orders", "orders:admin")), listed);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> jwt(Map<String, Object> event) {
        Map<String, Object> authorizer = (Map<String, Object>) ((Map<String, Object>) event.get("requestContext")).get("authorizer");
        return (Map<String, Object>) authorizer.get("jwt");
    }

    @Test
    void responsesAreReadAsApiGatewayReadsThem() throws Exception {
        LocalHttpApi.Response response = LocalHttpApi.response(("{\"statusCode\":201,\"headers\":{\"content-type\":\"text/plain\"},"
                + "\"multiValueHeaders\":{\"x-a\":[\"1\",\"2\"]},\"cookies\":[\"s=1\"],\"body\":\"aGk=\",\"isBase64Encoded\":true}")
                .getBytes(StandardCharsets.UTF_8));
        assertEquals(201, response.status());
        assertEquals("hi", response.text());
        assertEquals(List.of("1", "2"), response.headers().get("x-a"));
        assertEquals(List.of("s=1"), response.headers().get("set-cookie"));

        LocalHttpApi.Response bare = LocalHttpApi.response("{\"ok\":true}".getBytes(StandardCharsets.UTF_8));
        assertEquals(200, bare.status(), "no statusCode: the whole output is a 200 JSON body");
        assertEquals("{\"ok\":true}", bare.text());
    }
}
