package dev.orders.core.payment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.orders.core.order.LineStatuses;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.payment.PaymentDecision.Acknowledge;
import dev.orders.core.payment.PaymentDecision.Transition;
import dev.orders.core.validation.ValidationException;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PaymentDecisionTest {
    private static final PaymentEventType PAYMENT_SUCCEEDED = PaymentEventType.PAYMENT_SUCCEEDED;

    private static PaymentEvent event(String type, long amount, String currency) {
        return new PaymentEvent("evt_1", PaymentEventType.of(type).orElseThrow(), 1_795_348_800L, "o-1", amount,
                currency);
    }

    private static Optional<Order> order(OrderStatus status) {
        return Optional.of(new Order("o-1", "c-1", status, 3, 3399, "EUR", LineStatuses.pending(2), Instant.EPOCH, Instant.EPOCH));
    }

    @Test
    void paymentSucceededPaysAnOrderThatAwaitsPayment() {
        assertEquals(new Transition(OrderStatus.PAID), PaymentDecision.decide(event("payment.succeeded", 3399, "EUR"),
                order(OrderStatus.CREATED)));
        assertEquals(new Transition(OrderStatus.PAID), PaymentDecision.decide(event("payment.succeeded", 3399, "EUR"),
                order(OrderStatus.AWAITING_PAYMENT)));
    }

    @Test
    void paymentFailedMovesOnlyACreatedOrderToAwaitingPayment() {
        assertEquals(new Transition(OrderStatus.AWAITING_PAYMENT),
                PaymentDecision.decide(event("payment.failed", 3399, "EUR"), order(OrderStatus.CREATED)));
        for (OrderStatus status : new OrderStatus[] {OrderStatus.AWAITING_PAYMENT, OrderStatus.PAID, OrderStatus.CANCELLED}) {
            assertEquals(new Acknowledge(PaymentOutcome.NOT_APPLICABLE),
                    PaymentDecision.decide(event("payment.failed", 3399, "EUR"), order(status)), status.name());
        }
    }

    @Test
    void refundSucceededRefundsAPaidOrFulfilledOrder() {
        for (OrderStatus status : new OrderStatus[] {OrderStatus.PAID, OrderStatus.IN_FULFILLMENT, OrderStatus.FULFILLED}) {
            assertEquals(new Transition(OrderStatus.REFUNDED),
                    PaymentDecision.decide(event("refund.succeeded", 3399, "EUR"), order(status)), status.name());
        }
    }

    @Test
    void lateEventsNeverMoveAnOrderBackwards() {
        assertEquals(new Acknowledge(PaymentOutcome.NOT_APPLICABLE),
                PaymentDecision.decide(event("payment.succeeded", 3399, "EUR"), order(OrderStatus.CANCELLED)));
        assertEquals(new Acknowledge(PaymentOutcome.NOT_APPLICABLE),
                PaymentDecision.decide(event("payment.succeeded", 3399, "EUR"), order(OrderStatus.FULFILLED)));
        assertEquals(new Acknowledge(PaymentOutcome.NOT_APPLICABLE),
                PaymentDecision.decide(event("refund.succeeded", 3399, "EUR"), order(OrderStatus.CREATED)));
        assertEquals(new Acknowledge(PaymentOutcome.NOT_APPLICABLE),
                PaymentDecision.decide(event("refund.succeeded", 3399, "EUR"), order(OrderStatus.REFUNDED)));
    }

    @Test
    void anAmountOrCurrencyOtherThanTheOrderTotalIsNotApplied() {
        assertEquals(new Acknowledge(PaymentOutcome.AMOUNT_MISMATCH),
                PaymentDecision.decide(event("payment.succeeded", 3398, "EUR"), order(OrderStatus.CREATED)));
        assertEquals(new Acknowledge(PaymentOutcome.AMOUNT_MISMATCH),
                PaymentDecision.decide(event("payment.succeeded", 3399, "USD"), order(OrderStatus.CREATED)));
        assertEquals(new Acknowledge(PaymentOutcome.AMOUNT_MISMATCH),
                PaymentDecision.decide(event("refund.succeeded", 100, "EUR"), order(OrderStatus.PAID)));
    }

    @Test
    void missingOrdersAreAcknowledged() {
        assertEquals(new Acknowledge(PaymentOutcome.ORDER_NOT_FOUND),
                PaymentDecision.decide(event("payment.succeeded", 3399, "EUR"), Optional.empty()));
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
