package dev.orders.functions.changeorder;

import static dev.orders.dynamodb.support.Fixture.SAMPLE_CUSTOMER;
import static dev.orders.dynamodb.support.Fixture.SAMPLE_ITEM;
import static dev.orders.dynamodb.support.Fixture.SAMPLE_ORDER;
import static dev.orders.dynamodb.support.Fixture.SAMPLE_OTHER_ITEM;
import static dev.orders.http.support.Api.invoke;
import static dev.orders.http.support.Api.variant;
import static dev.orders.http.support.Api.withBody;
import static dev.orders.http.support.Api.withHeader;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import dev.orders.core.order.LineStatus;
import dev.orders.core.order.OrderEvent;
import dev.orders.core.order.OrderStatus;
import dev.orders.lambda.json.Json;
import dev.orders.http.support.Api.Reply;
import dev.orders.http.support.SampleEvents;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A change may name the version of the order it was meant for, as If-Match or as the body's expectedVersion:
 * at any other version it writes nothing and is answered a stale-version problem with the current version,
 * 412 Precondition Failed (with the current ETag) for If-Match, as RFC 9110 says, and 409 for the body's
 * expectedVersion alone.
 */
class ExpectedVersionTest extends SampleOrderTest {

    @Test
    void addingALineWithAStaleIfMatchIs412AndWithAStaleExpectedVersion409BothWithTheCurrentVersionAndWritingNothing() {
        assertEquals(201, invoke(function, SampleEvents.load(ADD_ITEM)).status());
        Snapshot before = snapshot();

        Reply staleTag = invoke(function, ifMatch(SampleEvents.load(ADD_ITEM), "\"1\""));
        Reply staleBody = invoke(function, withBody(ADD_ITEM, Map.of("sku", "MUG-BLUE", "quantity", 1, "expectedVersion", 1)));

        assertPreconditionFailed(staleTag, 2);
        assertStale(staleBody, 2);
        assertEquals(before, snapshot());
    }

    @Test
    void addingALineWithTheCurrentIfMatchAnyOfAListOfTagsStarOrExpectedVersionAddsIt() {
        Reply viaTag = invoke(function, ifMatch(SampleEvents.load(ADD_ITEM), "\"1\""));
        Reply viaList = invoke(function, ifMatch(SampleEvents.load(ADD_ITEM), "W/\"2\", \"2\" , ,\"opaque-tag\""));
        Reply viaStar = invoke(function, ifMatch(SampleEvents.load(ADD_ITEM), "*"));
        Reply viaBody = invoke(function, withBody(ADD_ITEM, Map.of("sku", "MUG-BLUE", "quantity", 1, "expectedVersion", 4)));

        assertEquals(List.of(201, 201, 201, 201), List.of(viaTag.status(), viaList.status(), viaStar.status(),
                viaBody.status()), viaList.response().getBody());
        assertEquals(List.of("OrderLineAdded", "OrderLineAdded", "OrderLineAdded", "OrderLineAdded", "OrderCreated"),
                snapshot().types());
        assertEquals(6, fx.reads.findRootById(SAMPLE_ORDER).orElseThrow().itemCount());
    }

    /** RFC 9110 section 13.1.1: If-Match uses the strong comparison, so a weak tag never matches, even the current one. */
    @Test
    void aWeakIfMatchOfTheCurrentVersionFailsThePreconditionSayingWhyAndWritesNothing() {
        Snapshot before = snapshot();

        Reply weak = invoke(function, ifMatch(SampleEvents.load(ADD_ITEM), "W/\"1\""));
        Reply foreign = invoke(function, ifMatch(SampleEvents.load(DELETE_ITEM), "\"xyzzy\", W/\"1\""));

        assertPreconditionFailed(weak, 1);
        assertPreconditionFailed(foreign, 1);
        assertEquals("If-Match compares entity tags strongly (RFC 9110), so a weak tag such as W/\"1\" never matches;"
                + " send the ETag as it was answered, such as \"1\".", weak.json().get("detail"));
        assertEquals(before, snapshot());
    }

    @Test
    void anIfMatchListNamingTwoVersionsIs400UnlessTheBodyNamesOneOfThemAndWritesNothing() {
        Snapshot before = snapshot();

        Reply twoVersions = invoke(function, ifMatch(SampleEvents.load(DELETE_ITEM), "\"1\", \"2\""));
        Reply notListed = invoke(function, ifMatch(withBody(ADD_ITEM,
                Map.of("sku", "MUG-BLUE", "quantity", 1, "expectedVersion", 3)), "\"1\", \"2\""));

        assertEquals(400, twoVersions.status(), twoVersions.response().getBody());
        assertEquals(400, notListed.status(), notListed.response().getBody());
        assertEquals(before, snapshot());
        Reply listed = invoke(function, ifMatch(withBody(ADD_ITEM,
                Map.of("sku", "MUG-BLUE", "quantity", 1, "expectedVersion", 1)), "\"2\", \"1\""));
        assertEquals(201, listed.status(), listed.response().getBody());
    }

    @Test
    void removingALineWithAStaleIfMatchIs412WithTheCurrentVersionAndKeepsTheLine() {
        assertEquals(201, invoke(function, SampleEvents.load(ADD_ITEM)).status());
        Snapshot before = snapshot();

        Reply stale = invoke(function, ifMatch(SampleEvents.load(DELETE_ITEM), "\"1\""));

        assertPreconditionFailed(stale, 2);
        assertEquals(before, snapshot());
        assertEquals(SAMPLE_ITEM, fx.reads.findLine(SAMPLE_CUSTOMER, SAMPLE_ORDER, SAMPLE_ITEM).orElseThrow().itemId());
    }

    @Test
    void removingALineWithTheCurrentIfMatchRemovesIt() {
        Reply removed = invoke(function, ifMatch(SampleEvents.load(DELETE_ITEM), "\"1\""));

        assertEquals(204, removed.status(), removed.response().getBody());
        assertEquals(List.of("OrderLineRemoved", "OrderCreated"), snapshot().types());
        assertEquals(Optional.empty(), fx.reads.findLine(SAMPLE_CUSTOMER, SAMPLE_ORDER, SAMPLE_ITEM));
    }

    @Test
    void aLineStatusWithAStaleIfMatchIs412AndWithAStaleExpectedVersion409AndWritesNothing() {
        fx.advance(SAMPLE_CUSTOMER, SAMPLE_ORDER, OrderStatus.PAID);
        Snapshot before = snapshot();

        Reply staleTag = invoke(function, ifMatch(SampleEvents.load(CHANGE_ITEM_STATUS), "\"1\""));
        Reply staleBody = invoke(function, withBody(CHANGE_ITEM_STATUS, Map.of("status", "PICKED", "expectedVersion", 1)));

        assertPreconditionFailed(staleTag, 2);
        assertStale(staleBody, 2);
        assertEquals(before, snapshot());
        assertEquals(LineStatus.PENDING, fx.reads.findLine(SAMPLE_CUSTOMER, SAMPLE_ORDER, SAMPLE_ITEM).orElseThrow().itemStatus());
    }

    @Test
    void aStatusChangeWithAStaleIfMatchIs412EvenWhenTheBodyNamesTheSameVersionAndWithAStaleExpectedVersion409() {
        assertEquals(201, invoke(function, SampleEvents.load(ADD_ITEM)).status());
        Snapshot before = snapshot();

        Reply staleTag = invoke(function, ifMatch(withBody(CHANGE_STATUS, Map.of("status", "CANCELLED")), "W/\"1\""));
        Reply staleBoth = invoke(function, ifMatch(withBody(CHANGE_STATUS,
                Map.of("status", "CANCELLED", "expectedVersion", 1)), "\"1\""));
        Reply staleBody = invoke(function, withBody(CHANGE_STATUS, Map.of("status", "CANCELLED", "expectedVersion", 1)));

        assertPreconditionFailed(staleTag, 2);
        assertPreconditionFailed(staleBoth, 2);
        assertStale(staleBody, 2);
        assertEquals(before, snapshot());
    }

    @Test
    void aLineStatusWithTheCurrentIfMatchOrExpectedVersionMovesTheLine() {
        fx.advance(SAMPLE_CUSTOMER, SAMPLE_ORDER, OrderStatus.PAID);

        Reply viaTag = invoke(function, ifMatch(SampleEvents.load(CHANGE_ITEM_STATUS), "\"2\""));
        // The first pick was two events: the line's, then the order following it to IN_FULFILLMENT.
        Reply viaBody = invoke(function, variant(CHANGE_ITEM_STATUS, Map.of("pathParameters", Map.of("customerId",
                SAMPLE_CUSTOMER, "orderId", SAMPLE_ORDER, "itemId", SAMPLE_OTHER_ITEM),
                "body", Json.write(Map.of("status", "PICKED", "expectedVersion", 4)))));

        assertEquals(200, viaTag.status(), viaTag.response().getBody());
        assertEquals("PICKED", viaTag.json().get("itemStatus"));
        assertEquals(200, viaBody.status(), viaBody.response().getBody());
        assertEquals(List.of("OrderLineStatusChanged", "OrderStatusChanged", "OrderLineStatusChanged",
                "PaymentCaptured", "OrderCreated"), snapshot().types());
    }

    @Test
    void everyLineChangeAnswersTheOrdersNewVersionAsAnETagTheNextChangeMayName() {
        Reply first = invoke(function, ifMatch(SampleEvents.load(ADD_ITEM), "\"1\""));
        Reply second = invoke(function, ifMatch(SampleEvents.load(ADD_ITEM), first.header("etag").orElseThrow()));
        Reply removed = invoke(function, ifMatch(SampleEvents.load(DELETE_ITEM), second.header("etag").orElseThrow()));
        Reply checkout = invoke(function, ifMatch(withBody(CHANGE_STATUS, Map.of("status", "AWAITING_PAYMENT")),
                removed.header("etag").orElseThrow()));

        assertEquals(List.of(201, 201, 204, 200), List.of(first.status(), second.status(), removed.status(),
                checkout.status()), checkout.response().getBody());
        assertEquals(List.of("\"2\"", "\"3\"", "\"4\"", "\"5\""), List.of(first.header("etag").orElseThrow(),
                second.header("etag").orElseThrow(), removed.header("etag").orElseThrow(),
                checkout.header("etag").orElseThrow()));
    }

    @Test
    void aLineStatusChangeAnswersTheVersionOfTheOrderFollowingItsLinesAsItsETag() {
        fx.advance(SAMPLE_CUSTOMER, SAMPLE_ORDER, OrderStatus.PAID);

        Reply picked = invoke(function, ifMatch(SampleEvents.load(CHANGE_ITEM_STATUS), "\"2\""));
        Reply next = invoke(function, ifMatch(variant(CHANGE_ITEM_STATUS, Map.of("pathParameters", Map.of("customerId",
                SAMPLE_CUSTOMER, "orderId", SAMPLE_ORDER, "itemId", SAMPLE_OTHER_ITEM))), picked.header("etag").orElseThrow()));

        // The first pick was two events: the line's, then the order following it to IN_FULFILLMENT.
        assertEquals(Optional.of("\"4\""), picked.header("etag"));
        assertEquals(200, next.status(), next.response().getBody());
        assertEquals(Optional.of("\"5\""), next.header("etag"));
    }

    @Test
    void anExpectedVersionThatDisagreesWithIfMatchIs400AndWritesNothing() {
        Snapshot created = snapshot();
        Reply addition = invoke(function, ifMatch(withBody(ADD_ITEM,
                Map.of("sku", "MUG-BLUE", "quantity", 1, "expectedVersion", 2)), "\"1\""));
        assertEquals(created, snapshot());

        fx.advance(SAMPLE_CUSTOMER, SAMPLE_ORDER, OrderStatus.PAID);
        Snapshot paid = snapshot();
        Reply lineStatus = invoke(function, ifMatch(withBody(CHANGE_ITEM_STATUS,
                Map.of("status", "PICKED", "expectedVersion", 1)), "\"2\""));

        for (Reply refused : List.of(addition, lineStatus)) {
            assertEquals(400, refused.status(), refused.response().getBody());
            assertEquals("application/problem+json", refused.contentType());
            assertEquals(List.of(Map.of("field", "expectedVersion", "message", "differs from the If-Match header")),
                    refused.json().get("errors"));
        }
        assertEquals(paid, snapshot());
    }

    @Test
    void aMalformedIfMatchOnRemovingALineIs400AndWritesNothing() {
        Snapshot before = snapshot();

        for (String malformed : List.of("3", "\"3", "W/3", "\"3\" \"4\"", "**", ",", "\"a b\"")) {
            Reply refused = invoke(function, ifMatch(SampleEvents.load(DELETE_ITEM), malformed));

            assertEquals(400, refused.status(), malformed + ": " + refused.response().getBody());
            assertEquals("If-Match", ((Map<?, ?>) ((List<?>) refused.json().get("errors")).get(0)).get("field"));
        }
        assertEquals(before, snapshot());
    }

    private static APIGatewayV2HTTPEvent ifMatch(APIGatewayV2HTTPEvent event, String tag) {
        return withHeader(event, "if-match", tag);
    }

    /** The body's expectedVersion alone was stale: a conflict. */
    private static void assertStale(Reply reply, long currentVersion) {
        assertEquals(409, reply.status(), reply.response().getBody());
        assertStaleVersionProblem(reply, currentVersion);
        assertEquals(Optional.empty(), reply.header("etag"));
    }

    /** If-Match was stale: its precondition failed, and the answer tells the current ETag. */
    private static void assertPreconditionFailed(Reply reply, long currentVersion) {
        assertEquals(412, reply.status(), reply.response().getBody());
        assertStaleVersionProblem(reply, currentVersion);
        assertEquals(Optional.of("\"" + currentVersion + "\""), reply.header("etag"));
    }

    private static void assertStaleVersionProblem(Reply reply, long currentVersion) {
        assertEquals("application/problem+json", reply.contentType());
        assertEquals("urn:order-service:problem:stale-version", reply.json().get("type"));
        assertEquals(reply.status(), ((Number) reply.json().get("status")).intValue());
        assertEquals(currentVersion, ((Number) reply.json().get("currentVersion")).longValue());
    }

    /** What a write would change: the order's events, newest first, and the number of rows in the table. */
    private record Snapshot(List<OrderEvent> events, int rows) {
        List<String> types() {
            return events.stream().map(OrderEvent::type).toList();
        }
    }

    private Snapshot snapshot() {
        return new Snapshot(fx.reads.history(SAMPLE_CUSTOMER, SAMPLE_ORDER, 100, Optional.empty()).orElseThrow().items(),
                fx.itemCount());
    }
}
