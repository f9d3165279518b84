package dev.orders.local.api;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small, realistic data set for --seed, written through the HTTP API's own routes (so through
 * the functions, exactly as a client would): the products of the catalogue, three customers and
 * orders of those products in several statuses, each with its history. Skipped when the first
 * customer already exists (a --data-dir restart).
 */
public final class SeedData {
    /** The administrator the seed's products and status changes come from, with the scope every administrator has. */
    private static final String BACK_OFFICE = "seed-back-office";
    private static final String ADMIN_SCOPE = "orders:admin";

    private final LocalHttpApi api;
    private final LocalIssuer tokens;

    public SeedData(LocalHttpApi api, LocalIssuer tokens) {
        this.api = api;
        this.tokens = tokens;
    }

    /** Writes the data set; returns false, writing nothing, when it was already there. */
    public boolean writeIfAbsent() throws IOException {
        if (call("c-ada", "GET", "/customers/c-ada", null).status() == 200) {
            return false;
        }
        product("MUG-BLUE", "Blue mug", 1250);
        product("TEA-EARL-100G", "Earl Grey tea, 100 g", 899);
        product("BISCUITS-200G", "Shortbread biscuits, 200 g", 349);
        product("KETTLE-STEEL", "Steel kettle", 4999);
        product("NOTEBOOK-A5", "A5 notebook", 650);
        product("PEN-BLACK", "Black pen", 180);
        product("LAMP-DESK", "Desk lamp", 3450);
        product("CHESS-SET", "Chess set", 5900);
        customer("c-ada", "Ada Lovelace", "ada@example.com");
        customer("c-grace", "Grace Hopper", "grace@example.com");
        customer("c-alan", "Alan Turing", "alan@example.com");

        order("c-ada", "seed-ada-1", List.of(line("MUG-BLUE", 2), line("TEA-EARL-100G", 1)));
        String paid = orderId(order("c-ada", "seed-ada-2", List.of(line("KETTLE-STEEL", 1))));
        move(paid, "AWAITING_PAYMENT", "PAID", "IN_FULFILLMENT");
        Map<String, Object> grace = order("c-grace", "seed-grace-1", List.of(line("NOTEBOOK-A5", 3), line("PEN-BLACK", 5)));
        move(orderId(grace), "PAID");
        // Fulfilled by its lines, which the order follows: IN_FULFILLMENT at the first pick, PARTIALLY_FULFILLED at
        // the first shipment, FULFILLED at the last.
        for (String itemId : itemIds(grace)) {
            fulfil(orderId(grace), itemId, "PICKED", "SHIPPED");
        }
        String cancelled = orderId(order("c-grace", "seed-grace-2", List.of(line("LAMP-DESK", 1))));
        move(cancelled, "CANCELLED");
        String awaiting = orderId(order("c-alan", "seed-alan-1", List.of(line("CHESS-SET", 1))));
        move(awaiting, "AWAITING_PAYMENT");
        return true;
    }

    /** Products come from the shop's back office: only an administrator puts them in the catalogue. */
    private void product(String sku, String name, int unitPrice) throws IOException {
        expect(send(BACK_OFFICE, List.of(ADMIN_SCOPE), "PUT", "/products/" + sku,
                Map.of("name", name, "unitPrice", unitPrice, "currency", "EUR"), Map.of()), "product " + sku);
    }

    private void customer(String id, String name, String email) throws IOException {
        expect(call(id, "PUT", "/customers/" + id, Map.of("name", name, "email", email)), "customer " + id);
    }

    /** The created order as the creation answers it: its id, and its lines with their ids. */
    private Map<String, Object> order(String customerId, String idempotencyKey, List<Map<String, Object>> items)
            throws IOException {
        LocalHttpApi.Response response = call(customerId, "POST", "/customers/" + customerId + "/orders",
                Map.of("items", items), Map.of("idempotency-key", List.of(idempotencyKey)));
        expect(response, "order of " + customerId);
        return JSON.std.mapFrom(response.body());
    }

    private static String orderId(Map<String, Object> order) {
        return (String) order.get("orderId");
    }

    @SuppressWarnings("unchecked")
    private static List<String> itemIds(Map<String, Object> order) {
        return ((List<Map<String, Object>>) order.get("items")).stream().map(item -> (String) item.get("itemId")).toList();
    }

    /**
     * Status changes come from the shop's back office, on its route by order id: paying by hand and fulfilling
     * are not the buyer's.
     */
    private void move(String orderId, String... statuses) throws IOException {
        for (String status : statuses) {
            expect(send(BACK_OFFICE, List.of(ADMIN_SCOPE), "POST", "/orders/" + orderId + "/status",
                    Map.of("status", status, "reason", "seed data"), Map.of()),
                    "order " + orderId + " to " + status);
        }
    }

    /** Line statuses come from the back office too; the order follows them (PARTIALLY_FULFILLED, FULFILLED). */
    private void fulfil(String orderId, String itemId, String... statuses) throws IOException {
        for (String status : statuses) {
            expect(send(BACK_OFFICE, List.of(ADMIN_SCOPE), "PUT", "/orders/" + orderId + "/items/" + itemId + "/status",
                    Map.of("status", status), Map.of()),
                    "line " + itemId + " of order " + orderId + " to " + status);
        }
    }

    /** A line as a customer asks for it: the catalogue prices it. */
    private static Map<String, Object> line(String sku, int quantity) {
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("sku", sku);
        line.put("quantity", quantity);
        return line;
    }

    private LocalHttpApi.Response call(String customerId, String method, String path, Object body) throws IOException {
        return call(customerId, method, path, body, Map.of());
    }

    /** A request as the customer itself, with a token of its own, as a client would send it. */
    private LocalHttpApi.Response call(String customerId, String method, String path, Object body,
                                       Map<String, List<String>> extraHeaders) throws IOException {
        return send(customerId, List.of(), method, path, body, extraHeaders);
    }

    private LocalHttpApi.Response send(String subject, List<String> scopes, String method, String path, Object body,
                                       Map<String, List<String>> extraHeaders) throws IOException {
        Map<String, List<String>> headers = new LinkedHashMap<>(extraHeaders);
        headers.put("user-agent", List.of("sam-local-seed"));
        headers.put("authorization", List.of("Bearer " + tokens.mint(subject, scopes, Duration.ofMinutes(5))));
        byte[] bytes = new byte[0];
        if (body != null) {
            headers.put("content-type", List.of("application/json"));
            bytes = JSON.std.asBytes(body);
        }
        return api.handle(new HttpApiEvents.Request(method, path, "", headers, bytes, "127.0.0.1", "HTTP/1.1", "localhost"));
    }

    private static void expect(LocalHttpApi.Response response, String what) {
        if (response.status() >= 300) {
            throw new IllegalStateException("seeding " + what + " failed: " + response.status() + " " + response.text());
        }
    }
}
