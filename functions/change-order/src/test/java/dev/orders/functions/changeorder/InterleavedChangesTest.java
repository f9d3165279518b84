package dev.orders.functions.changeorder;

import static dev.orders.dynamodb.support.Fixture.SAMPLE_CUSTOMER;
import static dev.orders.dynamodb.support.Fixture.SAMPLE_ITEM;
import static dev.orders.dynamodb.support.Fixture.SAMPLE_ORDER;
import static dev.orders.dynamodb.support.Fixture.SAMPLE_OTHER_ITEM;
import static dev.orders.http.support.Api.asAdmin;
import static dev.orders.http.support.Api.invoke;
import static dev.orders.http.support.Api.withBody;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orders.core.order.LineRequest;
import dev.orders.core.order.LineStatus;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderEvent;
import dev.orders.core.order.OrderLine;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.payment.PaymentEvent;
import dev.orders.core.payment.PaymentEventType;
import dev.orders.http.support.Api.Reply;
import dev.orders.http.support.Api;
import dev.orders.http.support.SampleEvents;
import dev.orders.testsupport.faults.BeforeTheFirstWrite;
import dev.orders.wiring.Services;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * DynamoDB interleaves a change between a route's read and its write; local engines serialise
 * transactions, so the function's own client here commits a competing change right before the route's
 * first write. Each route decides again on the order as it is now (or answers 409 when the client named
 * the version it expected): never 500, never a wrong total, and the log has no gap.
 */
class InterleavedChangesTest extends SampleOrderTest {
    private static final long SAMPLE_TOTAL = 2 * 1250 + 899;
    private static final long BISCUITS = 349;

    @Test
    void aCheckoutRacedByALineAdditionChecksOutTheOrderWithTheLine() {
        Reply reply = invoke(racedBy(this::addBiscuits), withBody(CHANGE_STATUS, Map.of("status", "AWAITING_PAYMENT")));

        assertEquals(200, reply.status(), reply.response().getBody());
        assertOrder(OrderStatus.AWAITING_PAYMENT, 3, SAMPLE_TOTAL + BISCUITS);
    }

    @Test
    void aCheckoutAtAnExpectedVersionThatARaceMovedIs409StaleAndWritesNothingMore() {
        Reply reply = invoke(racedBy(this::addBiscuits), SampleEvents.load(CHANGE_STATUS));

        assertEquals(409, reply.status(), reply.response().getBody());
        assertEquals("urn:order-service:problem:stale-version", reply.json().get("type"));
        assertOrder(OrderStatus.CREATED, 2, SAMPLE_TOTAL + BISCUITS);
    }

    @Test
    void aLineAdditionRacedByAnotherAddsBothLinesToTheTotal() {
        Reply reply = invoke(racedBy(this::addBiscuits), SampleEvents.load(ADD_ITEM));

        assertEquals(201, reply.status(), reply.response().getBody());
        assertOrder(OrderStatus.CREATED, 3, SAMPLE_TOTAL + BISCUITS + 3 * BISCUITS);
    }

    @Test
    void aLineRemovalRacedByALineAdditionLowersTheTotalThatAdditionRaised() {
        Reply reply = invoke(racedBy(this::addBiscuits), SampleEvents.load(DELETE_ITEM));

        assertEquals(204, reply.status(), reply.response().getBody());
        assertOrder(OrderStatus.CREATED, 3, SAMPLE_TOTAL - 2 * 1250 + BISCUITS);
    }

    @Test
    void aLineStatusRacedByAnotherLinesStatusMovesBothAndTheOrderFollowsThemOnce() {
        fx.advance(SAMPLE_CUSTOMER, SAMPLE_ORDER, OrderStatus.PAID);
        Reply reply = invoke(racedBy(() -> fx.moveLines(SAMPLE_ORDER, LineStatus.PICKED,
                SAMPLE_OTHER_ITEM)), asAdmin(SampleEvents.load(CHANGE_ITEM_STATUS)));

        assertEquals(200, reply.status(), reply.response().getBody());
        // Paid (2), the other line picked and the order following it (3, 4), this line picked (5).
        assertOrder(OrderStatus.IN_FULFILLMENT, 5, SAMPLE_TOTAL);
        assertEquals(List.of(LineStatus.PICKED, LineStatus.PICKED), fx.reads.findAggregateById(SAMPLE_ORDER)
                .orElseThrow().items().stream().map(OrderLine::itemStatus).toList());
    }

    @Test
    void aResolutionRacedByAnotherChangeOfTheOrderResolvesTheIssueOnTheOrderAsItIsNow() {
        fx.advance(SAMPLE_CUSTOMER, SAMPLE_ORDER, OrderStatus.PAID);
        capture("evt_3PzX9cLkq2");
        Reply reply = invoke(racedBy(() -> fx.moveLines(SAMPLE_ORDER, LineStatus.PICKED, SAMPLE_ITEM)),
                asAdmin(SampleEvents.load("change-order/resolve-payment-issue")));

        assertEquals(200, reply.status(), reply.response().getBody());
        // Paid (2), the duplicate capture recorded (3), a line picked and the order following it (4, 5), resolved (6).
        assertOrder(OrderStatus.IN_FULFILLMENT, 6, SAMPLE_TOTAL);
    }

    /** The handler over a client that commits {@code competitor} once, right before the handler's first write. */
    private ChangeOrderFunction racedBy(Runnable competitor) {
        return new ChangeOrderFunction(Services.fromEnvironment(Api.environment(fx),
                fx.testTable.newClient(new BeforeTheFirstWrite(competitor))));
    }

    private void addBiscuits() {
        fx.addLine.add(SAMPLE_CUSTOMER, SAMPLE_ORDER, new LineRequest("BISCUITS-200G", 1), Optional.empty(), Optional.empty(),
                "customer:" + SAMPLE_CUSTOMER);
    }

    private void capture(String eventId) {
        fx.processPaymentEvent.process(new PaymentEvent(eventId, PaymentEventType.PAYMENT_SUCCEEDED, 1_795_348_800L, SAMPLE_ORDER,
                Optional.of("pay_" + eventId), SAMPLE_TOTAL, "EUR"));
    }

    /** The order's status, version and total, and a log of one event per version, 1 to {@code version}. */
    private void assertOrder(OrderStatus status, long version, long total) {
        Order order = fx.reads.findRootById(SAMPLE_ORDER).orElseThrow();
        assertEquals(status, order.status());
        assertEquals(version, order.version());
        assertEquals(total, order.total());
        assertEquals(LongStream.rangeClosed(1, version).boxed().toList(),
                fx.events(SAMPLE_CUSTOMER, SAMPLE_ORDER).stream().map(OrderEvent::version).toList());
    }
}
