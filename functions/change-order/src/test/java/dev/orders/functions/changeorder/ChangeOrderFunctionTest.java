package dev.orders.functions.changeorder;

import static dev.orders.dynamodb.support.Fixture.SAMPLE_CUSTOMER;
import static dev.orders.dynamodb.support.Fixture.SAMPLE_ITEM;
import static dev.orders.dynamodb.support.Fixture.SAMPLE_ORDER;
import static dev.orders.dynamodb.support.Fixture.SAMPLE_OTHER_ITEM;
import static dev.orders.http.support.Api.asAdmin;
import static dev.orders.http.support.Api.invoke;
import static dev.orders.http.support.Api.variant;
import static dev.orders.http.support.Api.withBody;
import static dev.orders.http.support.Api.withPath;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.core.order.LineStatus;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderEvent;
import dev.orders.core.order.OrderLine;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.product.ProductDetails;
import dev.orders.http.support.Api.Reply;
import dev.orders.http.support.Api;
import dev.orders.http.support.CallerChecks;
import dev.orders.http.support.HostileRequests;
import dev.orders.http.support.SampleEvents;
import dev.orders.testsupport.lambda.EmfOutput;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ChangeOrderFunctionTest extends SampleOrderTest {

    @Test
    void sampleStatusChangeAnswersTheNewHeaderAndRecordsHistory() {
        Reply reply = invoke(function, SampleEvents.load(CHANGE_STATUS));

        assertEquals(200, reply.status(), reply.response().getBody());
        assertEquals("AWAITING_PAYMENT", reply.json().get("status"));
        assertEquals(2, reply.json().get("version"));
        assertEquals("\"2\"", reply.header("etag").orElseThrow());
        OrderEvent event = fx.reads.history(SAMPLE_CUSTOMER, SAMPLE_ORDER, 1, Optional.empty())
                .orElseThrow().items().get(0);
        assertEquals("OrderStatusChanged", event.type());
        assertEquals(Map.of("from", "CREATED", "to", "AWAITING_PAYMENT", "reason", "checkout completed"),
                event.change().data());
    }

    @Test
    void aCheckoutIsCountedOnceAndARefusedOneNot() throws Exception {
        List<Map<String, Object>> metrics = EmfOutput.written(() -> {
            invoke(function, SampleEvents.load(CHANGE_STATUS));
            invoke(function, SampleEvents.load(CHANGE_STATUS));
        });

        assertEquals(1, metrics.stream().filter(document -> document.containsKey("Checkouts")).count());
        assertEquals(List.of("2xx", "4xx"), EmfOutput.dimensionOf(metrics, "Requests", "StatusClass"));
    }

    @Test
    void aStaleExpectedVersionIs409WithTheCurrentVersion() {
        invoke(function, SampleEvents.load(CHANGE_STATUS));

        Reply stale = invoke(function, withBody(CHANGE_STATUS, Map.of("status", "CANCELLED", "expectedVersion", 1)));

        assertEquals(409, stale.status());
        assertEquals("application/problem+json", stale.contentType());
        assertEquals(2, stale.json().get("currentVersion"));
        assertEquals(OrderStatus.AWAITING_PAYMENT, fx.reads.findRootById(SAMPLE_ORDER).orElseThrow().status());
    }

    @Test
    void ifMatchCarriesTheExpectedVersionAndMustAgreeWithTheBody() {
        Reply viaHeader = invoke(function, asAdmin(variant(ADMIN_STATUS, Map.of(
                "headers", headers("if-match", "\"1\""), "body", "{\"status\":\"PAID\",\"reason\":\"captured\"}"))));
        Reply disagreeing = invoke(function, variant(CHANGE_STATUS, Map.of(
                "headers", headers("if-match", "\"2\""), "body", "{\"status\":\"IN_FULFILLMENT\",\"expectedVersion\":3}")));
        Reply malformed = invoke(function, variant(CHANGE_STATUS, Map.of(
                "headers", headers("if-match", "W/3"), "body", "{\"status\":\"IN_FULFILLMENT\"}")));

        assertEquals(200, viaHeader.status(), viaHeader.response().getBody());
        assertEquals("PAID", viaHeader.json().get("status"));
        assertEquals(400, disagreeing.status());
        assertEquals(400, malformed.status());
        assertEquals(2, fx.reads.findRootById(SAMPLE_ORDER).orElseThrow().version());
    }

    @Test
    void aTransitionTheLifecycleForbidsIs409WithTheCurrentStatus() {
        Reply reply = invoke(function, asAdmin(withBody(ADMIN_STATUS, Map.of("status", "IN_FULFILLMENT"))));

        assertEquals(409, reply.status());
        assertEquals("CREATED", reply.json().get("currentStatus"));
        Order read = fx.reads.findRootById(SAMPLE_ORDER).orElseThrow();
        List<?> allowed = (List<?>) reply.json().get("allowed");
        assertEquals(OrderStatus.Move.allowedFor(read).stream().map(Enum::name).sorted().toList(), allowed,
                "the lifecycle's moves of the order as read, sorted");
        assertTrue(allowed.containsAll(List.of("AWAITING_PAYMENT", "CANCELLED", "PAID")), allowed.toString());
        assertEquals(1, read.version());
    }

    @Test
    void anOrderWithoutLinesIsNeitherCheckedOutNorPaid409EmptyOrder() {
        for (String itemId : List.of(SAMPLE_ITEM, SAMPLE_OTHER_ITEM)) {
            fx.removeLine.remove(SAMPLE_CUSTOMER, SAMPLE_ORDER, itemId, Optional.empty(), "customer:" + SAMPLE_CUSTOMER);
        }

        Reply checkout = invoke(function, withBody(CHANGE_STATUS, Map.of("status", "AWAITING_PAYMENT")));
        Reply paid = invoke(function, asAdmin(withBody(ADMIN_STATUS, Map.of("status", "PAID", "reason", "cash"))));

        for (Reply reply : List.of(checkout, paid)) {
            assertEquals(409, reply.status(), reply.response().getBody());
            assertEquals("urn:order-service:problem:empty-order", reply.json().get("type"));
        }
        assertEquals(3, fx.reads.findRootById(SAMPLE_ORDER).orElseThrow().version(), "created, two lines removed");
    }

    @Test
    void anAdministratorWithTheLongestSubjectAGatewayPassesChangesAnOrderAndIsRecordedAsIs() {
        String subject = "s".repeat(256);

        Reply paid = invoke(function, Api.as(withBody(ADMIN_STATUS, Map.of("status", "PAID", "reason", "cash")),
                subject, "orders:admin"));

        assertEquals(200, paid.status(), paid.response().getBody());
        List<OrderEvent> events = fx.events(SAMPLE_CUSTOMER, SAMPLE_ORDER);
        assertEquals("user:" + subject, events.get(events.size() - 1).by());
    }

    @Test
    void unknownOrdersAndOtherCustomersOrdersAre404() {
        Reply unknown = invoke(function, withPath(CHANGE_STATUS, Map.of("customerId", SAMPLE_CUSTOMER, "orderId", "nope")));
        Reply unknownToTheBackOffice = invoke(function, asAdmin(withPath(ADMIN_STATUS, Map.of("orderId", "nope"))));
        // c-eve's path with c-ada's order: the order itself is checked to be the path's customer's.
        Reply foreign = invoke(function, Api.as(withPath(CHANGE_STATUS,
                Map.of("customerId", "c-eve", "orderId", SAMPLE_ORDER)), "c-eve", "orders"));

        assertEquals(404, unknown.status());
        assertEquals(404, unknownToTheBackOffice.status(), unknownToTheBackOffice.response().getBody());
        assertEquals(404, foreign.status());
        assertEquals(1, fx.reads.findRootById(SAMPLE_ORDER).orElseThrow().version());
    }

    @Test
    void badStatusRequestsAre400() {
        for (Object body : List.of(Map.of("status", "SHIPPED"), Map.of(), Map.of("status", "PAID", "expectedVersion", "one"),
                Map.of("status", "PAID", "expectedVersion", 0), Map.of("status", "PAID", "reason", "x".repeat(501)))) {
            Reply reply = invoke(function, withBody(CHANGE_STATUS, body));
            assertEquals(400, reply.status(), reply.response().getBody());
        }
        assertEquals(1, fx.reads.findRootById(SAMPLE_ORDER).orElseThrow().version());
    }

    @Test
    void sampleAddItemRaisesTheTotalWhileTheOrderIsOpen() {
        Reply added = invoke(function, SampleEvents.load("change-order/add-item"));

        assertEquals(201, added.status(), added.response().getBody());
        assertEquals("BISCUITS-200G", added.json().get("sku"));
        assertEquals("Shortbread biscuits, 200 g", added.json().get("name"));
        assertEquals(349, added.json().get("unitPrice"));
        assertEquals(3 * 349, added.json().get("lineTotal"));
        assertTrue(added.header("location").orElseThrow().endsWith("/items/" + added.json().get("itemId")));
        assertEquals(2 * 1250 + 899 + 3 * 349, fx.reads.findRootById(SAMPLE_ORDER).orElseThrow().total());

        fx.advance(SAMPLE_CUSTOMER, SAMPLE_ORDER, OrderStatus.PAID);
        Reply closed = invoke(function, SampleEvents.load("change-order/add-item"));
        assertEquals(409, closed.status());
        assertEquals("PAID", closed.json().get("currentStatus"));
    }

    @Test
    void anAddedLineTakesThePriceOfTheMomentAndKeepsItWhenThePriceChanges() {
        fx.products.upsert(new ProductDetails("BISCUITS-200G", "Shortbread biscuits, 200 g", 399, "EUR", true));
        Reply added = invoke(function, SampleEvents.load("change-order/add-item"));
        fx.products.upsert(new ProductDetails("BISCUITS-200G", "Shortbread biscuits, 250 g", 449, "EUR", true));

        assertEquals(399, added.json().get("unitPrice"));
        OrderLine stored = fx.reads.findLine(SAMPLE_CUSTOMER, SAMPLE_ORDER, (String) added.json().get("itemId")).orElseThrow();
        assertEquals(399, stored.unitPrice());
        assertEquals(Optional.of("Shortbread biscuits, 200 g"), stored.name());
        assertEquals(2 * 1250 + 899 + 3 * 399, fx.reads.findRootById(SAMPLE_ORDER).orElseThrow().total());
    }

    @Test
    void aLineCarryingAPriceOrANameIs400AndWritesNothing() {
        int before = fx.itemCount();

        Reply priced = invoke(function, withBody(ADD_ITEM, Map.of("sku", "BISCUITS-200G", "quantity", 3, "unitPrice", 1)));
        Reply named = invoke(function, withBody(ADD_ITEM, Map.of("sku", "BISCUITS-200G", "quantity", 3, "name", "Cheap")));

        assertEquals(400, priced.status(), priced.response().getBody());
        assertEquals(List.of(Map.of("field", "unitPrice", "message", "must not be sent: prices come from the catalogue")),
                priced.json().get("errors"));
        assertEquals(400, named.status(), named.response().getBody());
        assertEquals("name", ((Map<?, ?>) ((List<?>) named.json().get("errors")).get(0)).get("field"));
        assertEquals(before, fx.itemCount());
    }

    @Test
    void aLineOfAnUnknownInactiveOrOtherCurrencyProductIs422NamingTheSkuAndWritesNothing() {
        fx.putProduct("BISCUITS-OLD", 299, "EUR", false);
        fx.putProduct("COOKIES-US", 499, "USD", true);
        int before = fx.itemCount();

        Reply unknown = invoke(function, withBody(ADD_ITEM, Map.of("sku", "BISCUITS-999G", "quantity", 1)));
        Reply inactive = invoke(function, withBody(ADD_ITEM, Map.of("sku", "BISCUITS-OLD", "quantity", 1)));
        Reply otherCurrency = invoke(function, withBody(ADD_ITEM, Map.of("sku", "COOKIES-US", "quantity", 1)));

        assertEquals(422, unknown.status(), unknown.response().getBody());
        assertEquals(List.of(Map.of("field", "sku", "message", "is not in the catalogue")), unknown.json().get("errors"));
        assertEquals(422, inactive.status(), inactive.response().getBody());
        assertEquals(List.of(Map.of("field", "sku", "message", "is not for sale")), inactive.json().get("errors"));
        assertEquals(422, otherCurrency.status(), otherCurrency.response().getBody());
        assertEquals("urn:order-service:problem:currency-mismatch", otherCurrency.json().get("type"));
        assertEquals(List.of(Map.of("field", "sku", "message", "is priced in USD, the order in EUR")),
                otherCurrency.json().get("errors"));
        assertEquals(before, fx.itemCount());
        assertEquals(2 * 1250 + 899, fx.reads.findRootById(SAMPLE_ORDER).orElseThrow().total());
    }

    @Test
    void sampleDeleteItemLowersTheTotalOnce() {
        Reply deleted = invoke(function, SampleEvents.load("change-order/delete-item"));
        Reply again = invoke(function, SampleEvents.load("change-order/delete-item"));

        assertEquals(204, deleted.status(), deleted.response().getBody());
        assertEquals(404, again.status());
        Order order = fx.reads.findRootById(SAMPLE_ORDER).orElseThrow();
        assertEquals(899, order.total());
        assertEquals(1, order.itemCount());
    }

    @Test
    void sampleItemStatusChangeWorksOnlyDuringFulfillment() {
        Reply tooEarly = invoke(function, SampleEvents.load("change-order/change-item-status"));
        fx.advance(SAMPLE_CUSTOMER, SAMPLE_ORDER, OrderStatus.PAID);
        Reply picked = invoke(function, SampleEvents.load("change-order/change-item-status"));
        Reply backwards = invoke(function, withBody("change-order/change-item-status", Map.of("status", "PENDING")));

        assertEquals(409, tooEarly.status());
        assertEquals(200, picked.status(), picked.response().getBody());
        assertEquals("PICKED", picked.json().get("itemStatus"));
        assertEquals(409, backwards.status());
        assertEquals(LineStatus.PICKED, fx.reads.findLine(SAMPLE_CUSTOMER, SAMPLE_ORDER, SAMPLE_ITEM).orElseThrow().itemStatus());
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> headers(String name, String value) {
        Map<String, Object> headers = new HashMap<>((Map<String, Object>) SampleEvents.json(CHANGE_STATUS).get("headers"));
        headers.put(name, value);
        return headers;
    }

    @ParameterizedTest
    @MethodSource("everySample")
    void hostileRequestsAreAnsweredBelow500AndRefusalsWriteNothing(String sample) {
        HostileRequests.assertRefusedSafely(fx, function, sample);
    }

    @ParameterizedTest
    @MethodSource("everySampleWithABody")
    void aBodyWithAnythingButWhitespaceAfterItsJsonIsABadRequestThatWritesNothing(String sample) {
        HostileRequests.assertTrailingContentRefused(fx, function, sample);
    }

    @ParameterizedTest
    @MethodSource("everySampleOnACustomersRoute")
    void onlyTheCustomerOfThePathIsAnswered(String sample) {
        CallerChecks.assertOwnerOnly(fx, function, sample);
    }

    @ParameterizedTest
    @MethodSource("everySampleOnAnAdministratorsRoute")
    void theBackOfficesRoutesAnswerOnlyAdministrators(String sample) {
        CallerChecks.assertAdminOnly(fx, function, sample);
    }

    /** Every sample of its folder, listed from events/. */
    static List<String> everySample() {
        return SampleEvents.names("change-order");
    }

    /** The samples of its folder that carry a body. */
    static List<String> everySampleWithABody() {
        return SampleEvents.withBody("change-order");
    }

    /** The samples of its folder on a customer's own routes. */
    static List<String> everySampleOnACustomersRoute() {
        return SampleEvents.onCustomersRoutes("change-order");
    }

    /** The samples of its folder on routes the template gives orders:admin. */
    static List<String> everySampleOnAnAdministratorsRoute() {
        return SampleEvents.onAdministratorsRoutes("change-order");
    }
}
