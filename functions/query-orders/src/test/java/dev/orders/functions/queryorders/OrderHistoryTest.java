package dev.orders.functions.queryorders;

import static dev.orders.http.support.Api.asAdmin;
import static dev.orders.http.support.Api.invoke;
import static dev.orders.http.support.Api.variant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.functions.changeorder.ChangeOrderFunction;
import dev.orders.functions.createorder.CreateOrderFunction;
import dev.orders.lambda.json.Json;
import dev.orders.http.support.Api.Reply;
import dev.orders.http.support.Api;
import dev.orders.http.support.SampleEvents;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * GET .../history after changes made through the handlers as clients make them: every change is one
 * event of the order's log, served newest first with its type, its actor and its data.
 */
@ExtendWith(DynamoDbExtension.class)
class OrderHistoryTest {
    private static final String CUSTOMER = "user:" + Fixture.SAMPLE_CUSTOMER;
    private static final String ADMIN = "user:" + Api.ADMIN;
    private static final String STAFF = "staff";
    private static final String FOLLOWS_LINES = "follows its lines";
    private static final String CAPTURED = "card payment captured by phone";
    private CreateOrderFunction creation;
    private ChangeOrderFunction changes;
    private QueryOrdersFunction queries;
    private String orderId;

    @BeforeEach
    void setUp(TestTable table) {
        Fixture fx = new Fixture(table);
        fx.seedSampleProducts();
        // Each function with its own recorded client: the changes are create-order's and change-order's calls.
        creation = new CreateOrderFunction(Api.services(fx, CreateOrderFunction.class));
        changes = new ChangeOrderFunction(Api.services(fx, ChangeOrderFunction.class));
        queries = new QueryOrdersFunction(Api.services(fx, QueryOrdersFunction.class));
    }

    @Test
    void historyListsEveryKindOfChangeNewestFirstWithItsActorAndData() {
        Map<String, String> lines = everyKindOfChange();

        List<Map<String, Object>> events = events(history(Map.of("limit", "20")));

        assertEquals(List.of(9, 8, 7, 6, 5, 4, 3, 2, 1), events.stream().map(e -> e.get("version")).toList());
        assertEquals(List.of("OrderStatusChanged", "OrderLineStatusChanged", "OrderStatusChanged",
                "OrderLineStatusChanged", "PaymentCaptured", "OrderStatusChanged", "OrderLineRemoved",
                "OrderLineAdded", "OrderCreated"), events.stream().map(e -> e.get("type")).toList());
        // The customer reads the staff's changes as staff's; an administrator reads who made them.
        assertEquals(List.of(STAFF, STAFF, STAFF, STAFF, STAFF, CUSTOMER, CUSTOMER, CUSTOMER, CUSTOMER),
                events.stream().map(e -> e.get("by")).toList());
        assertEquals(List.of(ADMIN, ADMIN, ADMIN, ADMIN, ADMIN, CUSTOMER, CUSTOMER, CUSTOMER, CUSTOMER),
                events(historyAsAdmin(Map.of("limit", "20"))).stream().map(e -> e.get("by")).toList());
        for (Map<String, Object> event : events) {
            assertEquals(List.of("orderId", "customerId", "version", "type", "at", "by", "data"),
                    List.copyOf(event.keySet()));
            assertEquals(orderId, event.get("orderId"));
            assertEquals(Fixture.SAMPLE_CUSTOMER, event.get("customerId"));
        }
        List<Instant> times = events.stream().map(e -> Instant.parse((String) e.get("at"))).toList();
        for (int i = 1; i < times.size(); i++) {
            assertFalse(times.get(i).isAfter(times.get(i - 1)), "version " + events.get(i).get("version") + " is later");
        }
        Map<String, Object> mugs = line(lines.get("MUG-BLUE"), "MUG-BLUE", "Blue mug", 2, 1250);
        Map<String, Object> tea = line(lines.get("TEA-EARL-100G"), "TEA-EARL-100G", "Earl Grey tea, 100 g", 1, 899);
        Map<String, Object> biscuits = line(lines.get("BISCUITS-200G"), "BISCUITS-200G", "Shortbread biscuits, 200 g", 3, 349);
        assertEquals(List.of(
                Map.of("from", "IN_FULFILLMENT", "to", "PARTIALLY_FULFILLED", "reason", FOLLOWS_LINES),
                Map.of("itemId", lines.get("MUG-BLUE"), "sku", "MUG-BLUE", "from", "PICKED", "to", "SHIPPED"),
                Map.of("from", "PAID", "to", "IN_FULFILLMENT", "reason", FOLLOWS_LINES),
                Map.of("itemId", lines.get("MUG-BLUE"), "sku", "MUG-BLUE", "from", "PENDING", "to", "PICKED"),
                Map.of("from", "AWAITING_PAYMENT", "to", "PAID", "amount", 2500 + 1047, "currency", "EUR", "reason", CAPTURED),
                Map.of("from", "CREATED", "to", "AWAITING_PAYMENT"),
                Map.of("line", tea, "total", 2500 + 1047, "itemCount", 2),
                Map.of("line", biscuits, "total", 2500 + 899 + 1047, "itemCount", 3),
                Map.of("status", "CREATED", "total", 2500 + 899, "currency", "EUR", "lines", List.of(mugs, tea))),
                events.stream().map(e -> e.get("data")).toList());
    }

    @Test
    void historyPagesNewestFirstWithLimitAndCursor() {
        everyKindOfChange();
        List<Object> versions = new ArrayList<>();
        List<Integer> pageSizes = new ArrayList<>();
        Map<String, String> query = new HashMap<>(Map.of("limit", "4"));
        String cursor;
        do {
            Map<String, Object> page = history(query);
            List<Map<String, Object>> events = events(page);
            events.forEach(event -> versions.add(event.get("version")));
            pageSizes.add(events.size());
            cursor = (String) page.get("nextCursor");
            query.put("cursor", cursor);
        } while (cursor != null);

        assertEquals(List.of(9, 8, 7, 6, 5, 4, 3, 2, 1), versions);
        assertEquals(List.of(4, 4, 1), pageSizes);
    }

    @Test
    @SuppressWarnings("unchecked")
    void shippingEveryLineOfAPaidOrderMakesItFulfilledAndTheHistoryShowsTheOrderFollowingItsLines() {
        Map<String, String> lines = create();
        pay();
        for (String itemId : lines.values()) {
            pickAndShip(itemId);
        }

        Reply order = invoke(queries, variant("query-orders/get-order", Map.of("pathParameters", path(Map.of()))));
        List<Map<String, Object>> events = events(history(Map.of()));

        assertEquals(200, order.status(), order.response().getBody());
        assertEquals("FULFILLED", order.json().get("status"));
        assertEquals("\"9\"", order.header("etag").orElseThrow());
        assertEquals(List.of("SHIPPED", "SHIPPED"), ((List<Map<String, Object>>) order.json().get("items")).stream()
                .map(item -> item.get("itemStatus")).toList());
        Map<String, Object> last = events.get(0);
        assertEquals(9, last.get("version"));
        assertEquals("OrderStatusChanged", last.get("type"));
        assertEquals(STAFF, last.get("by"));
        assertEquals(Map.of("from", "PARTIALLY_FULFILLED", "to", "FULFILLED", "reason", FOLLOWS_LINES), last.get("data"));
        assertEquals(Map.of("itemId", lines.get("TEA-EARL-100G"), "sku", "TEA-EARL-100G", "from", "PICKED", "to", "SHIPPED"),
                events.get(1).get("data"));
        assertEquals(List.of("FULFILLED", "PARTIALLY_FULFILLED", "IN_FULFILLMENT", "PAID"), events.stream()
                .filter(e -> e.get("type").equals("OrderStatusChanged") || e.get("type").equals("PaymentCaptured"))
                .map(e -> ((Map<String, Object>) e.get("data")).get("to")).toList());
    }

    /**
     * The sample order created (mugs and tea), a line of biscuits added and the tea removed by the
     * customer, who checks out; paid by an administrator, who picks and ships the mugs: nine versions.
     */
    private Map<String, String> everyKindOfChange() {
        Map<String, String> lines = create();
        Reply added = change(event("change-order/add-item", Map.of(), Map.of("sku", "BISCUITS-200G", "quantity", 3)), 201);
        lines.put("BISCUITS-200G", (String) added.json().get("itemId"));
        change(event("change-order/delete-item", Map.of("itemId", lines.get("TEA-EARL-100G")), null), 204);
        change(event("change-order/change-status", Map.of(), Map.of("status", "AWAITING_PAYMENT")), 200);
        pay();
        pickAndShip(lines.get("MUG-BLUE"));
        return lines;
    }

    /** Creates the sample order as its customer: two mugs and a tea. The line ids by sku. */
    @SuppressWarnings("unchecked")
    private Map<String, String> create() {
        Reply created = invoke(creation, SampleEvents.load("create-order/create-order"));
        assertEquals(201, created.status(), created.response().getBody());
        orderId = (String) created.json().get("orderId");
        Map<String, String> lines = new LinkedHashMap<>();
        for (Map<String, Object> item : (List<Map<String, Object>>) created.json().get("items")) {
            lines.put((String) item.get("sku"), (String) item.get("itemId"));
        }
        return lines;
    }

    private void pay() {
        change(asAdmin(backOfficeEvent("change-order/mark-paid", Map.of(), Map.of("status", "PAID", "reason", CAPTURED))),
                200);
    }

    private void pickAndShip(String itemId) {
        for (String status : List.of("PICKED", "SHIPPED")) {
            change(asAdmin(backOfficeEvent("change-order/change-item-status", Map.of("itemId", itemId),
                    Map.of("status", status))), 200);
        }
    }

    /** The sample {@code sample} sent for the order under test (and {@code more} path parameters), with {@code body} if given. */
    private APIGatewayV2HTTPEvent event(String sample, Map<String, String> more, Object body) {
        Map<String, Object> replaced = new HashMap<>(Map.of("pathParameters", path(more)));
        if (body != null) {
            replaced.put("body", Json.write(body));
        }
        return variant(sample, replaced);
    }

    /** The back office's sample {@code sample} for the order under test, addressed by its id alone, with {@code body}. */
    private APIGatewayV2HTTPEvent backOfficeEvent(String sample, Map<String, String> more, Object body) {
        Map<String, String> path = new HashMap<>(Map.of("orderId", orderId));
        path.putAll(more);
        return variant(sample, Map.of("pathParameters", path, "body", Json.write(body)));
    }

    private Map<String, String> path(Map<String, String> more) {
        Map<String, String> path = new HashMap<>(Map.of("customerId", Fixture.SAMPLE_CUSTOMER, "orderId", orderId));
        path.putAll(more);
        return path;
    }

    private Reply change(APIGatewayV2HTTPEvent event, int expectedStatus) {
        Reply reply = invoke(changes, event);
        assertEquals(expectedStatus, reply.status(), reply.response().getBody());
        return reply;
    }

    private Map<String, Object> history(Map<String, String> query) {
        Reply reply = invoke(queries, historyRequest(query));
        assertEquals(200, reply.status(), reply.response().getBody());
        return reply.json();
    }

    private Map<String, Object> historyAsAdmin(Map<String, String> query) {
        Reply reply = invoke(queries, Api.asAdmin(variant("query-orders/get-order-history-by-id",
                Map.of("pathParameters", Map.of("orderId", orderId), "queryStringParameters", query))));
        assertEquals(200, reply.status(), reply.response().getBody());
        return reply.json();
    }

    private APIGatewayV2HTTPEvent historyRequest(Map<String, String> query) {
        return variant("query-orders/get-order-history",
                Map.of("pathParameters", path(Map.of()), "queryStringParameters", query));
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> events(Map<String, Object> page) {
        return (List<Map<String, Object>>) page.get("events");
    }

    /** A line as the events show it: what was ordered, at the catalogue's price of the moment. */
    private static Map<String, Object> line(String itemId, String sku, String name, int quantity, int unitPrice) {
        return Map.of("itemId", itemId, "sku", sku, "name", name, "quantity", quantity, "unitPrice", unitPrice,
                "lineTotal", quantity * unitPrice);
    }
}
