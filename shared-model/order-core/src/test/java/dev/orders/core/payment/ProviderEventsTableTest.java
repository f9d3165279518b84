package dev.orders.core.payment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.orders.core.order.LifecycleOrders;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderStatus.Move;
import dev.orders.core.order.PaymentIssueKind;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What each of the provider's events does to each order the lifecycle makes (every status, each place an order on hold
 * was held from, paid or not) is what the lifecycle's table says.
 */
class ProviderEventsTableTest {
    private static final Instant NOW = Instant.parse("2026-11-24T10:00:00Z");

    /** Every order the lifecycle's moves make of a new one of 3399 EUR in two lines, paid by {@code pay_1} if captured. */
    static List<Order> orders() {
        return LifecycleOrders.reachedFrom(LifecycleOrders.created(2, 3399)).stream()
                .map(order -> order.capturedAmount() > 0 ? order.paidBy("pay_1") : order).toList();
    }

    @ParameterizedTest
    @MethodSource("orders")
    void aCapturePaysWhereTheStatusAwaitsPaymentAndIsTheStatusesIssueElsewhere(Order read) {
        PaymentDecision decision = decide(PaymentEventType.PAYMENT_SUCCEEDED, "pay_new", 3399, read);
        if (read.status().awaitsPayment()) {
            Order paid = assertInstanceOf(PaymentDecision.Apply.class, decision).step().after();
            assertEquals(Move.CAPTURE.to(read), paid.status());
            assertEquals(Move.CAPTURE.writes().eventType(),
                    ((PaymentDecision.Apply) decision).step().changes().get(0).type());
        } else {
            PaymentIssueKind kind = assertInstanceOf(PaymentDecision.RecordIssue.class, decision).issue().kind();
            assertEquals(read.status().captureIssue().orElseThrow(), kind);
        }
    }

    @ParameterizedTest
    @MethodSource("orders")
    void aFailedAttemptMovesTheOrderOnlyWhereTheLifecycleHasItsMove(Order read) {
        PaymentDecision decision = decide(PaymentEventType.PAYMENT_FAILED, "pay_1", 0, read);
        if (Move.PAYMENT_ATTEMPT_FAILED.isOpenTo(read)) {
            assertEquals(Move.PAYMENT_ATTEMPT_FAILED.to(read),
                    assertInstanceOf(PaymentDecision.Apply.class, decision).step().after().status());
        } else {
            assertEquals(new PaymentDecision.Acknowledge(PaymentOutcome.NOT_APPLICABLE), decision);
        }
    }

    /** A refund of all that is left, or the provider's running total reaching all that was captured: the same move. */
    @ParameterizedTest
    @MethodSource("orders")
    void aRefundOfAllThatIsLeftOfTheOrdersPaymentMovesItOnlyWhereTheLifecycleHasTheRefund(Order read) {
        if (read.refundable() > 0) {
            for (PaymentDecision decision : List.of(
                    decide(PaymentEventType.REFUND_SUCCEEDED, "pay_1", read.refundable(), read),
                    decide(PaymentEventType.REFUNDED_IN_ALL, "pay_1", read.capturedAmount(), read))) {
                Order after = assertInstanceOf(PaymentDecision.Apply.class, decision).step().after();
                assertEquals(Move.REFUND.isOpenTo(read) ? Move.REFUND.to(read) : read.status(), after.status());
                assertEquals(read.capturedAmount(), after.refundedAmount());
            }
        }
    }

    private static PaymentDecision decide(PaymentEventType type, String paymentId, long amount, Order order) {
        PaymentEvent event = new PaymentEvent("evt_9", type, 1_795_348_800L, "o-1", Optional.of(paymentId), amount, "EUR");
        return PaymentDecision.decide(event, new PaymentRecords(Optional.of(order), List.of(), List.of()), "webhook:test", NOW);
    }
}
