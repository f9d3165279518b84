package dev.orders.core.payment;

import dev.orders.core.order.Order;
import dev.orders.core.order.OrderChange;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.OrderStep;
import dev.orders.core.order.PaymentIssue;
import dev.orders.core.order.PaymentIssueKind;
import dev.orders.core.order.RowChange;
import java.time.Instant;
import java.util.Optional;

/**
 * What a payment event means for an order, decided in the pure core from the event and the order read.
 * Money the provider moved is never dropped: what the order cannot take becomes a payment issue on it.
 */
public sealed interface PaymentDecision {
    /** The order takes the event: one step, written only if the order is still as read. */
    record Apply(OrderStep step) implements PaymentDecision {
    }

    /** The order cannot take the money the event moved: the step records {@code issue} on it, with its event. */
    record RecordIssue(PaymentIssue issue, OrderStep step) implements PaymentDecision {
    }

    /** Nothing to change or record on an order; the event is acknowledged with {@code outcome}. */
    record Acknowledge(PaymentOutcome outcome) implements PaymentDecision {
    }

    /** The decision for {@code event} on the order as read (empty: no such order), at {@code at}. */
    static PaymentDecision decide(PaymentEvent event, Optional<Order> order, Instant at) {
        if (order.isEmpty()) {
            return new Acknowledge(PaymentOutcome.ORDER_NOT_FOUND);
        }
        return switch (event.type()) {
            case PAYMENT_SUCCEEDED -> capture(event, order.get(), at);
            case PAYMENT_FAILED -> failure(event, order.get(), at);
            case REFUND_SUCCEEDED -> refund(event, order.get(), at);
        };
    }

    /** A capture pays the order only for its exact total, and only once, before it is cancelled. */
    private static PaymentDecision capture(PaymentEvent event, Order current, Instant at) {
        if (current.status() == OrderStatus.CANCELLED) {
            return issue(PaymentIssueKind.CAPTURE_AFTER_CANCEL, event, current, at);
        }
        if (!current.status().canMoveTo(OrderStatus.PAID)) {
            return issue(PaymentIssueKind.DUPLICATE_CAPTURE, event, current, at);
        }
        if (event.amount() != current.total() || !event.currency().equals(current.currency())) {
            return issue(PaymentIssueKind.AMOUNT_MISMATCH, event, current, at);
        }
        return new Apply(OrderStep.of(current, current.next(OrderStatus.PAID, event.amount(), current.refundedAmount(), at),
                new OrderChange.PaymentCaptured(current.status(), OrderStatus.PAID, event.amount(), event.currency(),
                        Optional.of(event.id()), Optional.empty())));
    }

    /** A failed attempt moved no money: it only matters to an order nobody has started paying for yet. */
    private static PaymentDecision failure(PaymentEvent event, Order current, Instant at) {
        if (current.status() != OrderStatus.CREATED) {
            return new Acknowledge(PaymentOutcome.NOT_APPLICABLE);
        }
        return new Apply(OrderStep.of(current,
                current.next(OrderStatus.AWAITING_PAYMENT, current.capturedAmount(), current.refundedAmount(), at),
                new OrderChange.OrderStatusChanged(current.status(), OrderStatus.AWAITING_PAYMENT,
                        Optional.of(event.type().wireName()), Optional.of(event.id()))));
    }

    /**
     * Refunds accumulate up to what was captured; the one that completes it moves the order to
     * REFUNDED. A refund in another currency, or above what is left, is an issue.
     */
    private static PaymentDecision refund(PaymentEvent event, Order current, Instant at) {
        if (!event.currency().equals(current.currency())) {
            return issue(PaymentIssueKind.AMOUNT_MISMATCH, event, current, at);
        }
        if (event.amount() > current.refundable()) {
            return issue(PaymentIssueKind.OVER_REFUND, event, current, at);
        }
        if (event.amount() == 0) {
            return new Acknowledge(PaymentOutcome.NOT_APPLICABLE);
        }
        long refunded = current.refundedAmount() + event.amount();
        OrderStatus to = refunded == current.capturedAmount() && current.status().canMoveTo(OrderStatus.REFUNDED)
                ? OrderStatus.REFUNDED : current.status();
        return new Apply(OrderStep.of(current, current.next(to, current.capturedAmount(), refunded, at),
                new OrderChange.RefundRecorded(current.status(), to, event.amount(), event.currency(), refunded,
                        Optional.of(event.id()), Optional.empty())));
    }

    /** An issue of {@code kind}, open, recorded by one version of the order that changes nothing else. */
    private static PaymentDecision issue(PaymentIssueKind kind, PaymentEvent event, Order current, Instant at) {
        PaymentIssue issue = new PaymentIssue(current.orderId(), current.customerId(), event.id(), kind, event.amount(),
                event.currency(), at, Optional.empty());
        return new RecordIssue(issue, OrderStep.of(current,
                current.next(current.status(), current.capturedAmount(), current.refundedAmount(), at),
                new OrderChange.PaymentIssueRecorded(event.id(), kind, event.amount(), event.currency()))
                .with(new RowChange.IssueOpened(issue)));
    }
}
