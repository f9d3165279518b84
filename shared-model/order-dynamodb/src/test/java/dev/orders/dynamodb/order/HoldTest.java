package dev.orders.dynamodb.order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.application.order.ChangeOrderStatus;
import dev.orders.core.order.LineChangeOutcome;
import dev.orders.core.order.LineRequest;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderChange;
import dev.orders.core.order.OrderCreationOutcome;
import dev.orders.core.order.OrderEvent;
import dev.orders.core.order.OrderRequest;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.PaymentIssueKind;
import dev.orders.core.order.Role;
import dev.orders.core.order.StatusChangeOutcome;
import dev.orders.core.order.StatusChangeRequest;
import dev.orders.core.payment.PaymentEvent;
import dev.orders.core.payment.PaymentEventOutcome;
import dev.orders.core.payment.PaymentEventType;
import dev.orders.core.payment.PaymentOutcome;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An administrator's hold for review on the real engine: the order records where it was, nothing moves it on while
 * held (the payment window's sweep, a line, a capture), and the review ends where it was, cancelled or refunded.
 */
@ExtendWith(DynamoDbExtension.class)
class HoldTest {
    private static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");
    private static final long WINDOW = 30;

    private Fixture fx;

    @BeforeEach
    void setUp(TestTable table) {
        fx = new Fixture(table);
        fx.putProduct("MUG", 1250);
        fx.stock("MUG", 5);
    }

    private String checkedOut(String customerId, long quantity, Instant at) {
        OrderCreationOutcome created = fx.createOrder.create(new OrderRequest(customerId, Optional.empty(),
                List.of(new LineRequest("MUG", quantity))), Optional.empty(), "user:" + customerId);
        String orderId = assertInstanceOf(OrderCreationOutcome.Created.class, created).aggregate().order().orderId();
        changed(move(customerId, orderId, OrderStatus.AWAITING_PAYMENT, Role.CUSTOMER, Optional.empty(), at));
        return orderId;
    }

    private StatusChangeOutcome move(String customerId, String orderId, OrderStatus to, Role role,
                                     Optional<String> reason, Instant at) {
        return new ChangeOrderStatus(fx.store, Clock.fixed(at, ZoneOffset.UTC)).change(new StatusChangeRequest(
                Optional.of(customerId), orderId, to, role, Optional.empty(), "user:ann", reason));
    }

    private StatusChangeOutcome byAdministrator(String customerId, String orderId, OrderStatus to, Instant at) {
        return move(customerId, orderId, to, Role.ADMINISTRATOR,
                to == OrderStatus.ON_HOLD ? Optional.of("fraud check") : Optional.empty(), at);
    }

    private static Order changed(StatusChangeOutcome outcome) {
        return assertInstanceOf(StatusChangeOutcome.Changed.class, outcome).order();
    }

    private PaymentEventOutcome pay(String orderId, String eventId, PaymentEventType type, long amount) {
        return fx.processPaymentEvent.process(new PaymentEvent(eventId, type, 1_795_348_800L, orderId,
                Optional.of("pay_" + orderId), amount, "EUR"));
    }

    private boolean hasWindowRow(String orderId) {
        return !fx.raw(Keys.orderPk(orderId), Keys.PAYMENT_WINDOW_SK).isEmpty();
    }

    @Test
    void anOrderHeldWhileAwaitingPaymentIsNeverSweptAndItsReleaseStartsANewWindow() {
        String orderId = checkedOut("c-1", 1, T0);

        Order held = changed(byAdministrator("c-1", orderId, OrderStatus.ON_HOLD, T0.plus(Duration.ofMinutes(5))));
        assertEquals(Optional.of(OrderStatus.AWAITING_PAYMENT), held.heldFrom());
        assertEquals(held, fx.store.findRoot(orderId).orElseThrow(), "the root records where it was held from");
        assertFalse(hasWindowRow(orderId), "the hold took the order out of the payment window");
        assertEquals(List.of(), fx.sweep(WINDOW, T0.plus(Duration.ofHours(1))).expired());

        Instant releasedAt = T0.plus(Duration.ofHours(2));
        Order released = changed(byAdministrator("c-1", orderId, OrderStatus.AWAITING_PAYMENT, releasedAt));
        assertEquals(OrderStatus.AWAITING_PAYMENT, released.status());
        assertEquals(Optional.empty(), fx.store.findRoot(orderId).orElseThrow().heldFrom());
        assertTrue(hasWindowRow(orderId), "the release opened a window again");
        assertEquals(List.of(), fx.sweep(WINDOW, releasedAt.plus(Duration.ofMinutes(WINDOW))).expired());
        assertEquals(List.of(orderId), fx.sweep(WINDOW, releasedAt.plus(Duration.ofMinutes(WINDOW + 1))).expired());

        List<OrderEvent> events = fx.events("c-1", orderId);
        assertEquals(new OrderChange.OrderStatusChanged(OrderStatus.AWAITING_PAYMENT, OrderStatus.ON_HOLD,
                Optional.of("fraud check"), Optional.empty()), events.get(2).change());
        assertEquals(new OrderChange.OrderStatusChanged(OrderStatus.ON_HOLD, OrderStatus.AWAITING_PAYMENT,
                Optional.empty(), Optional.empty()), events.get(3).change());
    }

    @Test
    void aHoldNeedsAReasonAndItsReleaseGoesOnlyWhereTheOrderWasHeldFromWritingNothingElse() {
        String orderId = checkedOut("c-1", 1, T0);
        assertEquals(new StatusChangeOutcome.ReasonRequired(OrderStatus.ON_HOLD), move("c-1", orderId,
                OrderStatus.ON_HOLD, Role.ADMINISTRATOR, Optional.empty(), T0.plusSeconds(1)));
        Order held = changed(byAdministrator("c-1", orderId, OrderStatus.ON_HOLD, T0.plusSeconds(2)));

        StatusChangeOutcome elsewhere = byAdministrator("c-1", orderId, OrderStatus.CREATED, T0.plusSeconds(3));

        assertEquals(new StatusChangeOutcome.IllegalTransition(OrderStatus.ON_HOLD, OrderStatus.CREATED,
                EnumSet.of(OrderStatus.AWAITING_PAYMENT, OrderStatus.CANCELLED)), elsewhere);
        assertEquals(held, fx.store.findRoot(orderId).orElseThrow());
    }

    @Test
    void whileHeldNoLineChangesNoCheckoutAndACaptureIsAnIssueForAPersonWithTheStockStillReserved() {
        String orderId = checkedOut("c-1", 2, T0);
        changed(byAdministrator("c-1", orderId, OrderStatus.ON_HOLD, T0.plusSeconds(1)));

        LineChangeOutcome line = fx.addLine.add("c-1", orderId, new LineRequest("MUG", 1), Optional.empty(),
                Optional.empty(), "customer:c-1");
        StatusChangeOutcome checkout = move("c-1", orderId, OrderStatus.AWAITING_PAYMENT, Role.CUSTOMER, Optional.empty(),
                T0.plusSeconds(2));
        PaymentEventOutcome capture = pay(orderId, "evt_paid", PaymentEventType.PAYMENT_SUCCEEDED, 2 * 1250);

        assertInstanceOf(LineChangeOutcome.OrderNotOpen.class, line);
        assertInstanceOf(StatusChangeOutcome.IllegalTransition.class, checkout, "only an administrator releases it");
        assertEquals(new PaymentEventOutcome("evt_paid", PaymentOutcome.PAYMENT_ISSUE,
                Optional.of(PaymentIssueKind.CAPTURE_ON_HOLD)), capture);
        Order after = fx.store.findRoot(orderId).orElseThrow();
        assertEquals(List.of(OrderStatus.ON_HOLD, 0L), List.of(after.status(), after.capturedAmount()));
        assertEquals(2, fx.stockOf("MUG").reserved());
    }

    @Test
    void aHeldOrderIsCancelledIfNothingWasCapturedAndRefundedIfItWasPaidEachGivingItsStockBack() {
        String unpaid = checkedOut("c-1", 1, T0);
        String paid = checkedOut("c-2", 2, T0);
        assertEquals(PaymentOutcome.APPLIED, pay(paid, "evt_paid", PaymentEventType.PAYMENT_SUCCEEDED, 2 * 1250)
                .outcome());
        changed(byAdministrator("c-1", unpaid, OrderStatus.ON_HOLD, T0.plusSeconds(1)));
        changed(byAdministrator("c-2", paid, OrderStatus.ON_HOLD, T0.plusSeconds(1)));
        assertEquals(3, fx.stockOf("MUG").reserved());

        assertEquals(OrderStatus.CANCELLED, changed(byAdministrator("c-1", unpaid, OrderStatus.CANCELLED,
                T0.plusSeconds(2))).status());
        assertEquals(new StatusChangeOutcome.IllegalTransition(OrderStatus.ON_HOLD, OrderStatus.CANCELLED,
                EnumSet.of(OrderStatus.PAID, OrderStatus.REFUNDED)),
                byAdministrator("c-2", paid, OrderStatus.CANCELLED, T0.plusSeconds(2)), "money was captured");
        assertEquals(PaymentOutcome.APPLIED, pay(paid, "evt_refund", PaymentEventType.REFUND_SUCCEEDED, 2 * 1250)
                .outcome());

        Order refunded = fx.store.findRoot(paid).orElseThrow();
        assertEquals(List.of(OrderStatus.REFUNDED, 2500L, Optional.empty()),
                List.of(refunded.status(), refunded.refundedAmount(), refunded.heldFrom()));
        assertEquals(0, fx.stockOf("MUG").reserved(), "both orders gave back what their lines reserved");
    }
}
