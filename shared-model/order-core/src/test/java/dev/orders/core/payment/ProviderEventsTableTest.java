package dev.orders.core.payment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.orders.core.order.LineStatuses;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.OrderStatus.Move;
import dev.orders.core.order.PaymentIssueKind;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** What each of the provider's events does to an order in each status is what the lifecycle's table says. */
class ProviderEventsTableTest {
    private static final Instant NOW = Instant.parse("2026-11-24T10:00:00Z");

    @ParameterizedTest
    @EnumSource(OrderStatus.class)
    void aCapturePaysWhereTheStatusAwaitsPaymentAndIsTheStatusesIssueElsewhere(OrderStatus status) {
        PaymentDecision decision = decide(PaymentEventType.PAYMENT_SUCCEEDED, "pay_new", 3399, order(status, 0));
        if (status.awaitsPayment()) {
            Order paid = assertInstanceOf(PaymentDecision.Apply.class, decision).step().after();
            assertEquals(Move.CAPTURE.to(), paid.status());
            assertEquals(Move.CAPTURE.writes().eventType(),
                    ((PaymentDecision.Apply) decision).step().changes().get(0).type());
        } else {
            PaymentIssueKind kind = assertInstanceOf(PaymentDecision.RecordIssue.class, decision).issue().kind();
            assertEquals(status.captureIssue().orElseThrow(), kind);
        }
    }

    @ParameterizedTest
    @EnumSource(OrderStatus.class)
    void aFailedAttemptMovesTheOrderOnlyWhereTheLifecycleHasItsMove(OrderStatus status) {
        PaymentDecision decision = decide(PaymentEventType.PAYMENT_FAILED, "pay_1", 0, order(status, 0));
        if (Move.PAYMENT_ATTEMPT_FAILED.isFrom(status)) {
            assertEquals(Move.PAYMENT_ATTEMPT_FAILED.to(),
                    assertInstanceOf(PaymentDecision.Apply.class, decision).step().after().status());
        } else {
            assertEquals(new PaymentDecision.Acknowledge(PaymentOutcome.NOT_APPLICABLE), decision);
        }
    }

    @ParameterizedTest
    @EnumSource(OrderStatus.class)
    void aRefundOfAllOfTheOrdersPaymentMovesItOnlyWhereTheLifecycleHasTheRefund(OrderStatus status) {
        Order paid = order(status, 3399).paidBy("pay_1");
        PaymentDecision decision = decide(PaymentEventType.REFUND_SUCCEEDED, "pay_1", 3399, paid);
        OrderStatus after = assertInstanceOf(PaymentDecision.Apply.class, decision).step().after().status();
        assertEquals(Move.REFUND.isFrom(status) ? Move.REFUND.to() : status, after);
    }

    private static PaymentDecision decide(PaymentEventType type, String paymentId, long amount, Order order) {
        PaymentEvent event = new PaymentEvent("evt_9", type, 1_795_348_800L, "o-1", Optional.of(paymentId), amount, "EUR");
        return PaymentDecision.decide(event, new PaymentRecords(Optional.of(order), List.of(), List.of()), NOW);
    }

    /** An order of 3399 EUR with two lines, {@code captured} of it captured. */
    private static Order order(OrderStatus status, long captured) {
        return new Order("o-1", "c-1", status, 3, 3399, "EUR", captured, 0, LineStatuses.pending(2), Instant.EPOCH,
                Instant.EPOCH);
    }
}
