package dev.orders.functions.changeorder;

import static dev.orders.dynamodb.support.Fixture.SAMPLE_CUSTOMER;
import static dev.orders.dynamodb.support.Fixture.SAMPLE_ORDER;
import static dev.orders.http.support.Api.invoke;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.core.feed.ListingOrder;
import dev.orders.core.order.OpenPaymentIssue;
import dev.orders.core.order.OrderEvent;
import dev.orders.core.payment.PaymentEvent;
import dev.orders.core.payment.PaymentEventType;
import dev.orders.http.support.Api;
import dev.orders.http.support.Api.Reply;
import dev.orders.http.support.SampleEvents;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** POST /orders/{orderId}/payment-issues/{eventId}/resolution: administrators resolve an issue, once, as an event. */
class ResolvePaymentIssueTest extends SampleOrderTest {
    private static final String SAMPLE = "change-order/resolve-payment-issue";
    /** The provider's event the sample resolves. */
    private static final String SAMPLE_EVENT = "evt_3PzX9cLkq2";

    @BeforeEach
    void anIssueOnTheSampleOrder() {
        fx.processPaymentEvent.process(new PaymentEvent(SAMPLE_EVENT, PaymentEventType.PAYMENT_SUCCEEDED, 1_795_348_800L,
                SAMPLE_ORDER, Optional.of("pay_3PzX9cLkq2"), 1, "EUR"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void theSampleResolvesTheIssueAsOneEventOfTheOrder() {
        long version = fx.reads.findRootById(SAMPLE_ORDER).orElseThrow().version();

        Reply reply = invoke(function, SampleEvents.load(SAMPLE));

        assertEquals(200, reply.status(), reply.response().getBody());
        assertEquals("\"" + (version + 1) + "\"", reply.header("etag").orElseThrow());
        assertEquals(SAMPLE_EVENT, reply.json().get("eventId"));
        assertEquals("AMOUNT_MISMATCH", reply.json().get("kind"));
        Map<String, Object> resolution = (Map<String, Object>) reply.json().get("resolution");
        assertEquals("second capture refunded in the provider's dashboard, ref RF-2291", resolution.get("note"));
        assertTrue(((String) resolution.get("by")).contains("ops-admin"), resolution.toString());
        List<OrderEvent> events = fx.events(SAMPLE_CUSTOMER, SAMPLE_ORDER);
        OrderEvent last = events.get(events.size() - 1);
        assertEquals("PaymentIssueResolved", last.type());
        assertEquals(version + 1, last.version());
        assertTrue(fx.issues.open(ListingOrder.NEWEST_FIRST, 10, Optional.empty()).items().isEmpty());
    }

    @Test
    @SuppressWarnings("unchecked")
    void theIssueOfAnOrderIdThatNamesNoOrderIsResolvedByItsRouteWithoutAnOrderEvent() {
        String ghost = "01JCZ6X3N1S4M2B0QK9V7TQ5RZ";
        String event = "evt_01JCZ7E5F6G7H8J9K0M1N2P3QE";
        fx.processPaymentEvent.process(new PaymentEvent(event, PaymentEventType.PAYMENT_SUCCEEDED, 1_795_348_800L, ghost,
                Optional.of("pay_3PzX9cLkq2Yw7Hb3"), 2500, "EUR"));

        Reply reply = invoke(function, SampleEvents.load("change-order/resolve-unknown-order-issue"));

        assertEquals(200, reply.status(), reply.response().getBody());
        assertEquals(Optional.empty(), reply.header("etag"), "no order, no version");
        assertEquals("UNKNOWN_ORDER", reply.json().get("kind"));
        assertEquals("RESOLVED", reply.json().get("state"));
        assertTrue(((Map<String, Object>) reply.json().get("resolution")).get("note").toString().contains("RF-2301"));
        assertEquals(List.of(SAMPLE_EVENT), fx.issues.open(ListingOrder.NEWEST_FIRST, 10, Optional.empty()).items().stream()
                .map(OpenPaymentIssue::eventId).toList(), "only the sample order's issue is left open");
        assertEquals(Optional.empty(), fx.reads.findRootById(ghost));
        assertEquals(409, invoke(function, SampleEvents.load("change-order/resolve-unknown-order-issue")).status());
    }

    @Test
    void aSecondResolutionIs409AndWritesNothing() {
        assertEquals(200, invoke(function, SampleEvents.load(SAMPLE)).status());
        long version = fx.reads.findRootById(SAMPLE_ORDER).orElseThrow().version();

        Reply again = invoke(function, SampleEvents.load(SAMPLE));

        assertEquals(409, again.status());
        assertEquals("urn:order-service:problem:already-resolved", again.json().get("type"));
        assertEquals(version, fx.reads.findRootById(SAMPLE_ORDER).orElseThrow().version());
    }

    @Test
    void anUnknownIssueIs404AndAMissingNoteIs400() {
        Reply unknown = invoke(function, Api.withPath(SAMPLE, Map.of("orderId", SAMPLE_ORDER, "eventId", "evt_nothing")));
        assertEquals(404, unknown.status());
        Reply noNote = invoke(function, Api.withBody(SAMPLE, Map.of("note", " ")));
        assertEquals(400, noNote.status());
        assertEquals(1, fx.issues.open(ListingOrder.NEWEST_FIRST, 10, Optional.empty()).items().size());
    }

    @Test
    void theCustomerWhoOwnsTheOrderMayNotResolveItsIssues() {
        Reply reply = invoke(function, Api.as(SampleEvents.load(SAMPLE), SAMPLE_CUSTOMER, "orders"));

        assertEquals(403, reply.status());
        assertEquals(1, fx.issues.open(ListingOrder.NEWEST_FIRST, 10, Optional.empty()).items().size());
    }
}
