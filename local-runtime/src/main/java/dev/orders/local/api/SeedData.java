package dev.orders.local.api;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small, realistic data set for --seed, written through the HTTP API's own routes (so through
 * the functions, exactly as a client would): three customers and orders in several statuses, each
 * with its history. Skipped when the first customer already exists (a --data-dir restart).
 */
public final class SeedData {
    /** The administrator the seed's status changes come from, with the scope every administrator has. */
    private static final String BACK_OFFICE = "seed-back-office";
    private static final String ADMIN_SCOPE = "orders:admin";

    private final LocalHttpApi api;
    private final LocalJwtAuthorizer tokens;

    public SeedData(LocalHttpApi api, LocalJwtAuthorizer tokens) {
        this.api = api;
        this.tokens = tokens;
    }

    /** Writes the data set; returns false, writing nothing, when it was already there. */
    public boolean writeIfAbsent() throws IOException {
        if (call("c-ada", "GET", "/customers/c-ada", null).status() == 200) {
            return false;
        }
        customer("c-ada", "Ada Lovelace", "ada@example.com");
        customer("c-grace", "Grace Hopper", "grace@example.com");
        customer("c-alan", "Alan Turing", "alan@example.com");

        order("c-ada", "seed-ada-1", List.of(line("MUG-BLUE", "Blue mug", 2, 1250), line("TEA-EARL-100G", null, 1, 899)));
        String paid = order("c-ada", "seed-ada-2", List.of(line("KETTLE-STEEL", "Steel kettle", 1, 4999)));
        move("c-ada", paid, "AWAITING_PAYMENT", "PAID", "IN_FULFILLMENT");
        String grace = order("c-grace", "seed-grace-1", List.of(line("NOTEBOOK-A5", "A5 notebook", 3, 650),
                line("PEN-BLACK", "Black pen", 5, 180)));
        move("c-grace", grace, "PAID", "IN_FULFILLMENT", "FULFILLED");
        String cancelled = order("c-grace", "seed-grace-2", List.of(line("LAMP-DESK", "Desk lamp", 1, 3450)));
        move("c-grace", cancelled, "CANCELLED");
        String awaiting = order("c-alan", "seed-alan-1", List.of(line("CHESS-SET", "Chess set", 1, 5900)));
        move("c-alan", awaiting, "AWAITING_PAYMENT");
        return true;
    }

    private void customer(String id, String name, String email) throws IOException {
        expect(call(id, "PUT", "/customers/" + id, Map.of("name", name, "email", email)), "customer " + id);
    }

    private String order(String customerId, String idempotencyKey, List<Map<String, Object>> items) throws IOException {
        LocalHttpApi.Response response = call(customerId, "POST", "/customers/" + customerId + "/orders",
                Map.of("currency", "EUR", "items", items), Map.of("idempotency-key", List.of(idempotencyKey)));
        expect(response, "order of " + customerId);
        return (String) JSON.std.mapFrom(response.body()).get("orderId");
    }

    /** Status changes come from the shop's back office: paying by hand and fulfilling are not the buyer's. */
    private void move(String customerId, String orderId, String... statuses) throws IOException {
        for (String status : statuses) {
            expect(send(BACK_OFFICE, List.of(ADMIN_SCOPE), "POST", "/customers/" + customerId + "/orders/" + orderId
                    + "/status", Map.of("status", status, "reason", "seed data"), Map.of()),
                    "order " + orderId + " to " + status);
        }
    }

    private static Map<String, Object> line(String sku, String name, int quantity, int unitPrice) {
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("sku", sku);
        if (name != null) {
            line.put("name", name);
        }
        line.put("quantity", quantity);
        line.put("unitPrice", unitPrice);
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
