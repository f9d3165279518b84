package dev.orders.local.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * CORS as a browser enforces it: headless Chromium (npm's @sparticuz/chromium, driven by playwright-core, both of which
 * the build installs from npm-tools/package-lock.json) opens a page of an origin start-api's CorsAllowedOrigins lists
 * and one of an origin it does not, and each page's script calls start-api with fetch and a bearer token.
 */
class BrowserCorsEndToEndTest {
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void aPageOfAnAllowedOriginReadsTheAnswersAndAPageOfAnotherOriginIsRefusedByTheBrowser() throws Exception {
        HttpServer allowed = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        HttpServer other = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        String allowedPage = "http://localhost:" + allowed.getAddress().getPort() + "/";
        String otherPage = "http://localhost:" + other.getAddress().getPort() + "/";
        try (LocalApi api = LocalApi.start("--parameter-overrides", "CorsAllowedOrigins=" + origin(allowedPage))) {
            HttpResponse<String> product = http.send(HttpRequest.newBuilder(URI.create(api.base() + "/products/MUG-BLUE"))
                    .header("Authorization", "Bearer " + api.token("ops-admin", "orders:admin"))
                    .header("content-type", "application/json")
                    .PUT(HttpRequest.BodyPublishers.ofString("{\"name\":\"Blue mug\",\"unitPrice\":1250,\"currency\":\"EUR\"}"))
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(201, product.statusCode(), product.body());
            serve(allowed, page(api.base(), "c-ada", api.token("c-ada")));
            serve(other, page(api.base(), "c-eve", api.token("c-eve")));

            Map<String, Object> outcomes = open(allowedPage, otherPage);

            Map<String, Object> reader = map(outcomes.get(allowedPage));
            assertEquals(201, map(reader.get("customer")).get("status"), reader.toString());
            assertEquals("Ada", map(map(reader.get("customer")).get("body")).get("name"));
            Map<String, Object> order = map(reader.get("order"));
            assertEquals(201, order.get("status"), reader.toString());
            String orderId = (String) map(order.get("body")).get("orderId");
            assertEquals("/customers/c-ada/orders/" + orderId, order.get("location"), "Location, exposed to the page");
            assertTrue(String.valueOf(order.get("etag")).matches("\"\\d+\""), "ETag, exposed to the page: " + order);
            assertEquals(Map.of("error", "TypeError: Failed to fetch"), outcomes.get(otherPage));
            HttpResponse<String> eve = http.send(HttpRequest.newBuilder(URI.create(api.base() + "/customers/c-eve"))
                    .header("Authorization", "Bearer " + api.token("c-eve")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(404, eve.statusCode(), "the refused page wrote nothing: " + eve.body());
        } finally {
            allowed.stop(0);
            other.stop(0);
        }
    }

    /**
     * A page whose script puts {@code customer}'s profile, then orders a mug, and leaves in window.outcome what
     * it could read of each answer (status, body, the ETag and Location headers), or the error fetch threw.
     */
    private static String page(String api, String customer, String token) {
        return """
                <!doctype html>
                <title>CORS</title>
                <script>
                const api = '%s';
                const auth = {'Authorization': 'Bearer %s', 'content-type': 'application/json'};
                const read = async response => ({status: response.status, body: await response.json(),
                    etag: response.headers.get('etag'), location: response.headers.get('location')});
                window.outcome = (async () => ({
                  customer: await read(await fetch(api + '/customers/%s', {method: 'PUT', headers: auth,
                      body: JSON.stringify({name: 'Ada', email: 'ada@example.com'})})),
                  order: await read(await fetch(api + '/customers/%s/orders', {method: 'POST',
                      headers: {...auth, 'Idempotency-Key': crypto.randomUUID()},
                      body: JSON.stringify({items: [{sku: 'MUG-BLUE', quantity: 1}]})}))
                }))().catch(error => ({error: error.name + ': ' + error.message}));
                </script>
                """.formatted(api, token, customer, customer);
    }

    private static void serve(HttpServer server, String html) {
        server.createContext("/", exchange -> {
            byte[] body = html.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("content-type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            try (exchange) {
                exchange.getResponseBody().write(body);
            }
        });
        server.start();
    }

    /** What each page left in window.outcome, by URL; a failure saying what to do where Chromium cannot start. */
    private static Map<String, Object> open(String... pages) throws IOException, InterruptedException {
        return BrowserScripts.run("open-pages.cjs", Duration.ofSeconds(60), pages);
    }

    private static String origin(String page) {
        return page.substring(0, page.length() - 1);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object value) {
        assertTrue(value instanceof Map, "expected an object, found " + value);
        return (Map<String, Object>) value;
    }
}
