package dev.orders.core.payment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.core.order.LineStatuses;
import dev.orders.core.order.OrderStep;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderChange;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.PaymentIssue;
import dev.orders.core.order.PaymentIssueKind;
import dev.orders.core.order.Role;
import dev.orders.core.payment.PaymentDecision.Acknowledge;
import dev.orders.core.payment.PaymentDecision.Apply;
import dev.orders.core.payment.PaymentDecision.RecordIssue;
import dev.orders.core.validation.ValidationException;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PaymentDecisionTest {
    private static final PaymentEventType PAYMENT_SUCCEEDED = PaymentEventType.PAYMENT_SUCCEEDED;
    private static final Instant NOW = Instant.parse("2026-11-24T10:00:00Z");

    private static PaymentEvent event(String type, long amount, String currency) {
        return new PaymentEvent("evt_1", PaymentEventType.of(type).orElseThrow(), 1_795_348_800L, "o-1", amount,
                currency);
    }

    /** An order of 3399 EUR at version 3 that has {@code captured} and {@code refunded} of it. */
    private static Order order(OrderStatus status, long captured, long refunded) {
        return new Order("o-1", "c-1", status, 3, 3399, "EUR", captured, refunded, LineStatuses.pending(2), Instant.EPOCH,
                Instant.EPOCH);
    }

    private static Order order(OrderStatus status) {
        boolean paid = status != OrderStatus.CREATED && status != OrderStatus.AWAITING_PAYMENT
                && status != OrderStatus.CANCELLED;
        return order(status, paid ? 3399 : 0, status == OrderStatus.REFUNDED ? 3399 : 0);
    }

    private static PaymentDecision decide(PaymentEvent event, Order order) {
        return PaymentDecision.decide(event, Optional.of(order), NOW);
    }

    private static PaymentIssueKind issueOf(PaymentDecision decision) {
        RecordIssue issue = assertInstanceOf(RecordIssue.class, decision);
        return issue.issue().kind();
    }

    private static OrderChange only(OrderStep step) {
        assertEquals(1, step.changes().size());
        return step.changes().get(0);
    }

    @Test
    void aCaptureOfTheTotalPaysAnOrderThatAwaitsPaymentAsOneEventWithTheAmountCaptured() {
        for (OrderStatus status : new OrderStatus[] {OrderStatus.CREATED, OrderStatus.AWAITING_PAYMENT}) {
            Apply apply = assertInstanceOf(Apply.class, decide(event("payment.succeeded", 3399, "EUR"), order(status)));
            Order after = apply.step().after();
            assertEquals(OrderStatus.PAID, after.status());
            assertEquals(3399, after.capturedAmount());
            assertEquals(4, after.version());
            assertEquals(NOW, after.updatedAt());
            assertEquals(new OrderChange.PaymentCaptured(status, OrderStatus.PAID, 3399, "EUR", Optional.of("evt_1"),
                    Optional.empty()), only(apply.step()));
        }
    }

    @Test
    void aCaptureOfAnotherAmountOrCurrencyIsAnAmountMismatch() {
        assertEquals(PaymentIssueKind.AMOUNT_MISMATCH,
                issueOf(decide(event("payment.succeeded", 3398, "EUR"), order(OrderStatus.CREATED))));
        assertEquals(PaymentIssueKind.AMOUNT_MISMATCH,
                issueOf(decide(event("payment.succeeded", 3399, "USD"), order(OrderStatus.AWAITING_PAYMENT))));
    }

    @Test
    void aCaptureOfACancelledOrderIsCaptureAfterCancelWhateverItsAmount() {
        assertEquals(PaymentIssueKind.CAPTURE_AFTER_CANCEL,
                issueOf(decide(event("payment.succeeded", 3399, "EUR"), order(OrderStatus.CANCELLED))));
        assertEquals(PaymentIssueKind.CAPTURE_AFTER_CANCEL,
                issueOf(decide(event("payment.succeeded", 1, "USD"), order(OrderStatus.CANCELLED))));
    }

    @Test
    void aSecondCaptureOfAnOrderPaidAlreadyIsADuplicateCapture() {
        for (OrderStatus status : new OrderStatus[] {OrderStatus.PAID, OrderStatus.IN_FULFILLMENT,
                OrderStatus.PARTIALLY_FULFILLED, OrderStatus.FULFILLED, OrderStatus.REFUNDED}) {
            assertEquals(PaymentIssueKind.DUPLICATE_CAPTURE,
                    issueOf(decide(event("payment.succeeded", 3399, "EUR"), order(status))), status.name());
        }
    }

    @Test
    void anIssueIsOneVersionOfTheOrderThatChangesNothingElse() {
        Order read = order(OrderStatus.PAID);
        RecordIssue recorded = assertInstanceOf(RecordIssue.class, decide(event("refund.succeeded", 5000, "EUR"), read));
        assertEquals(new PaymentIssue("o-1", "c-1", "evt_1", PaymentIssueKind.OVER_REFUND, 5000, "EUR", NOW,
                Optional.empty()), recorded.issue());
        assertEquals(read.next(read.status(), read.capturedAmount(), read.refundedAmount(), NOW), recorded.step().after());
        assertEquals(new OrderChange.PaymentIssueRecorded("evt_1", PaymentIssueKind.OVER_REFUND, 5000, "EUR"),
                only(recorded.step()));
    }

    @Test
    void paymentFailedMovesOnlyACreatedOrderToAwaitingPayment() {
        Apply apply = assertInstanceOf(Apply.class, decide(event("payment.failed", 3399, "EUR"), order(OrderStatus.CREATED)));
        assertEquals(OrderStatus.AWAITING_PAYMENT, apply.step().after().status());
        assertEquals(new OrderChange.OrderStatusChanged(OrderStatus.CREATED, OrderStatus.AWAITING_PAYMENT,
                Optional.of("payment.failed"), Optional.of("evt_1")), only(apply.step()));
        for (OrderStatus status : new OrderStatus[] {OrderStatus.AWAITING_PAYMENT, OrderStatus.PAID, OrderStatus.CANCELLED}) {
            assertEquals(new Acknowledge(PaymentOutcome.NOT_APPLICABLE),
                    decide(event("payment.failed", 1, "USD"), order(status)), status.name());
        }
    }

    @Test
    void partialRefundsAccumulateAndTheOneThatCompletesThemRefundsTheOrder() {
        Apply first = assertInstanceOf(Apply.class, decide(event("refund.succeeded", 1000, "EUR"),
                order(OrderStatus.IN_FULFILLMENT, 3399, 0)));
        assertEquals(OrderStatus.IN_FULFILLMENT, first.step().after().status());
        assertEquals(1000, first.step().after().refundedAmount());
        assertEquals(new OrderChange.RefundRecorded(OrderStatus.IN_FULFILLMENT, OrderStatus.IN_FULFILLMENT, 1000, "EUR",
                1000, Optional.of("evt_1"), Optional.empty()), only(first.step()));

        Apply last = assertInstanceOf(Apply.class, decide(event("refund.succeeded", 2399, "EUR"),
                order(OrderStatus.IN_FULFILLMENT, 3399, 1000)));
        assertEquals(OrderStatus.REFUNDED, last.step().after().status());
        assertEquals(3399, last.step().after().refundedAmount());
        assertEquals(3399, last.step().after().capturedAmount());
    }

    @Test
    void aRefundAboveWhatIsLeftIsAnOverRefundAndInAnotherCurrencyAnAmountMismatch() {
        assertEquals(PaymentIssueKind.OVER_REFUND,
                issueOf(decide(event("refund.succeeded", 2400, "EUR"), order(OrderStatus.PAID, 3399, 1000))));
        assertEquals(PaymentIssueKind.OVER_REFUND,
                issueOf(decide(event("refund.succeeded", 1, "EUR"), order(OrderStatus.REFUNDED))));
        assertEquals(PaymentIssueKind.OVER_REFUND,
                issueOf(decide(event("refund.succeeded", 3399, "EUR"), order(OrderStatus.CREATED))));
        assertEquals(PaymentIssueKind.AMOUNT_MISMATCH,
                issueOf(decide(event("refund.succeeded", 100, "USD"), order(OrderStatus.PAID))));
    }

    @Test
    void aRefundOfNothingChangesNothing() {
        assertEquals(new Acknowledge(PaymentOutcome.NOT_APPLICABLE),
                decide(event("refund.succeeded", 0, "EUR"), order(OrderStatus.PAID)));
    }

    @Test
    void theProviderOnlyMakesMovesItsRoleMayMake() {
        for (OrderStatus status : OrderStatus.values()) {
            for (String type : new String[] {"payment.succeeded", "payment.failed", "refund.succeeded"}) {
                PaymentDecision decision = decide(event(type, 3399, "EUR"), order(status));
                if (decision instanceof Apply apply && apply.step().after().status() != status) {
                    assertTrue(Role.PAYMENT_PROVIDER.mayMoveOrderTo(apply.step().after().status()), type + " " + status);
                    assertTrue(status.canMoveTo(apply.step().after().status()), type + " " + status);
                }
            }
        }
    }

    @Test
    void missingOrdersAreAcknowledged() {
        assertEquals(new Acknowledge(PaymentOutcome.ORDER_NOT_FOUND),
                PaymentDecision.decide(event("payment.succeeded", 3399, "EUR"), Optional.empty(), NOW));
    }

    @Test
    void eventsWithUnsafeIdsOrBadFieldsAreRefused() {
        assertThrows(ValidationException.class, () -> new PaymentEvent("evt#1", PAYMENT_SUCCEEDED, 1, "o-1", 1, "EUR"));
        assertThrows(ValidationException.class, () -> new PaymentEvent("evt_1", null, 1, "o-1", 1, "EUR"));
        assertThrows(ValidationException.class, () -> new PaymentEvent("evt_1", PAYMENT_SUCCEEDED, -1, "o-1", 1, "EUR"));
        assertThrows(ValidationException.class, () -> new PaymentEvent("evt_1", PAYMENT_SUCCEEDED, 1, "ORDER#o-1", 1, "EUR"));
        assertThrows(ValidationException.class, () -> new PaymentEvent("evt_1", PAYMENT_SUCCEEDED, 1, "o-1", -1, "EUR"));
        assertThrows(ValidationException.class, () -> new PaymentEvent("evt_1", PAYMENT_SUCCEEDED, 1, "o-1", 1, "eur"));
    }
}
