package dev.orders.functions.queryorders;

import static dev.orders.http.support.Api.invoke;
import static dev.orders.http.support.Api.variant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.PaymentIssueResolution;
import dev.orders.core.order.Role;
import dev.orders.core.payment.PaymentEvent;
import dev.orders.core.payment.PaymentEventType;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.http.support.Api;
import dev.orders.http.support.Api.Reply;
import dev.orders.http.support.SampleEvents;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import java.util.Optional;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** GET /payment-issues: administrators see every order's open payment issues, newest first, page by page. */
@ExtendWith(DynamoDbExtension.class)
class PaymentIssuesRouteTest {
    private static final String SAMPLE = "query-orders/list-payment-issues";

    private Fixture fx;
    private QueryOrdersFunction function;

    @BeforeEach
    void setUp(TestTable table) {
        fx = new Fixture(table);
        function = new QueryOrdersFunction(Api.services(fx, QueryOrdersFunction.class));
    }

    private void capture(String eventId, String orderId, long amount) {
        fx.processPaymentEvent.process(new PaymentEvent(eventId, PaymentEventType.PAYMENT_SUCCEEDED, 1_795_348_800L, orderId,
                Optional.of("pay_" + eventId), amount, "EUR"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void administratorsListOpenIssuesOfAllCustomersNewestFirstAndResolvedOnesLeaveTheList() {
        fx.createOrder("c-ada", "o-1", 1000);
        capture("evt_short", "o-1", 999);
        fx.createOrder("c-bob", "o-2", 500);
        fx.advance("c-bob", "o-2", OrderStatus.CANCELLED);
        capture("evt_late", "o-2", 500);
        fx.createOrder("c-bob", "o-3", 700);
        capture("evt_paid", "o-3", 700);
        capture("evt_again", "o-3", 700);

        List<Map<String, Object>> issues = new ArrayList<>();
        Map<String, Object> query = new HashMap<>(Map.of("limit", "2"));
        Object cursor;
        do {
            Reply page = invoke(function, variant(SAMPLE, Map.of("queryStringParameters", query)));
            assertEquals(200, page.status(), page.response().getBody());
            issues.addAll((List<Map<String, Object>>) page.json().get("issues"));
            cursor = page.json().get("nextCursor");
            query.put("cursor", cursor);
        } while (cursor != null);

        assertEquals(List.of("evt_again", "evt_late", "evt_short"), issues.stream().map(i -> i.get("eventId")).toList());
        Map<String, Object> newest = issues.get(0);
        assertEquals(Map.of("orderId", "o-3", "customerId", "c-bob", "eventId", "evt_again", "kind", "DUPLICATE_CAPTURE",
                "amount", 700, "currency", "EUR"), withoutAt(newest));
        assertTrue(((String) newest.get("at")).endsWith("Z"));
        assertEquals("CAPTURE_AFTER_CANCEL", issues.get(1).get("kind"));
        assertEquals("AMOUNT_MISMATCH", issues.get(2).get("kind"));

        fx.resolvePaymentIssue.resolve(new PaymentIssueResolution("o-2", "evt_late", Role.ADMINISTRATOR, "admin:ann", "refunded"));
        Reply after = invoke(function, SampleEvents.load(SAMPLE));
        assertEquals(List.of("evt_again", "evt_short"),
                ((List<Map<String, Object>>) after.json().get("issues")).stream().map(i -> i.get("eventId")).toList());
    }

    /** sort=oldest makes the list a queue, oldest first; a sort the route does not know is a 400, nothing read. */
    @Test
    @SuppressWarnings("unchecked")
    void administratorsMayListOpenIssuesOldestFirstAsAQueue() {
        fx.createOrder("c-ada", "o-1", 1000);
        capture("evt_first", "o-1", 999);
        fx.createOrder("c-bob", "o-2", 500);
        capture("evt_second", "o-2", 499);

        Reply queue = invoke(function, variant(SAMPLE, Map.of("queryStringParameters", Map.of("sort", "oldest"))));
        assertEquals(List.of("evt_first", "evt_second"), ((List<Map<String, Object>>) queue.json().get("issues"))
                .stream().map(i -> i.get("eventId")).toList());
        Reply unknown = invoke(function, variant(SAMPLE, Map.of("queryStringParameters", Map.of("sort", "age"))));
        assertEquals(400, unknown.status());
        assertTrue(unknown.contentType().startsWith("application/problem+json"));
        assertTrue(unknown.response().getBody().contains("newest, oldest"), unknown.response().getBody());
    }

    @Test
    void customersMayNotListPaymentIssues() {
        Reply reply = invoke(function, Api.as(SampleEvents.load(SAMPLE), "c-ada", "orders"));
        assertEquals(403, reply.status());
        assertTrue(reply.contentType().startsWith("application/problem+json"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void theOrderShowsItsMoneyAndItsIssuesWithTheirResolution() {
        paidTwiceAndResolvedBy("admin:ann", "second capture refunded in the provider's dashboard");

        Reply reply = invoke(function, Api.withPath("query-orders/get-order-by-id", Map.of("orderId", "o-1")));

        assertEquals(200, reply.status(), reply.response().getBody());
        assertEquals(1000, reply.json().get("capturedAmount"));
        assertEquals(0, reply.json().get("refundedAmount"));
        List<Map<String, Object>> issues = (List<Map<String, Object>>) reply.json().get("paymentIssues");
        assertEquals(1, issues.size());
        Map<String, Object> resolution = (Map<String, Object>) issues.get(0).get("resolution");
        assertEquals("admin:ann", resolution.get("by"));
        assertEquals("second capture refunded in the provider's dashboard", resolution.get("note"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void aCustomerSeesThatAnIssueWasResolvedByStaffWithoutTheNoteOrWhoAdministratorsSeeBoth() {
        paidTwiceAndResolvedBy("user:ops-grace", "refunded; customer flagged for review");
        Map<String, String> path = Map.of("customerId", "c-ada", "orderId", "o-1");

        Reply customerOrder = invoke(function, Api.withPath("query-orders/get-order", path));
        Reply customerHistory = invoke(function, Api.withPath("query-orders/get-order-history", path));
        Reply adminOrder = invoke(function, Api.asAdmin(Api.withPath("query-orders/get-order-by-id",
                Map.of("orderId", "o-1"))));
        Reply adminHistory = invoke(function, Api.asAdmin(Api.withPath("query-orders/get-order-history-by-id",
                Map.of("orderId", "o-1"))));

        Map<String, Object> seenByCustomer = (Map<String, Object>) ((List<Map<String, Object>>)
                customerOrder.json().get("paymentIssues")).get(0).get("resolution");
        assertEquals("staff", seenByCustomer.get("by"), customerOrder.response().getBody());
        assertFalse(seenByCustomer.containsKey("note"));
        Map<String, Object> resolvedForCustomer = ((List<Map<String, Object>>) customerHistory.json().get("events")).get(0);
        assertEquals("PaymentIssueResolved", resolvedForCustomer.get("type"));
        assertEquals("staff", resolvedForCustomer.get("by"));
        assertEquals(Map.of("paymentEventId", "evt_again", "kind", "DUPLICATE_CAPTURE"), resolvedForCustomer.get("data"));
        assertFalse(customerOrder.response().getBody().contains("ops-grace") || customerHistory.response().getBody()
                .contains("flagged"), "nothing of the staff's reaches the customer");

        Map<String, Object> seenByAdmin = (Map<String, Object>) ((List<Map<String, Object>>)
                adminOrder.json().get("paymentIssues")).get(0).get("resolution");
        assertEquals("user:ops-grace", seenByAdmin.get("by"));
        assertEquals("refunded; customer flagged for review", seenByAdmin.get("note"));
        Map<String, Object> resolvedForAdmin = ((List<Map<String, Object>>) adminHistory.json().get("events")).get(0);
        assertEquals("user:ops-grace", resolvedForAdmin.get("by"));
        assertEquals("refunded; customer flagged for review", ((Map<String, Object>) resolvedForAdmin.get("data")).get("note"));
    }

    /** c-ada's order o-1 of 1000, captured (evt_pay) and captured again (evt_again), the duplicate resolved. */
    private void paidTwiceAndResolvedBy(String actor, String note) {
        fx.createOrder("c-ada", "o-1", 1000);
        capture("evt_pay", "o-1", 1000);
        capture("evt_again", "o-1", 1000);
        fx.resolvePaymentIssue.resolve(new PaymentIssueResolution("o-1", "evt_again", Role.ADMINISTRATOR, actor, note));
    }

    private static Map<String, Object> withoutAt(Map<String, Object> issue) {
        Map<String, Object> copy = new HashMap<>(issue);
        copy.remove("at");
        return copy;
    }
}
