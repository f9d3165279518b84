package dev.orders.core.payment;

import dev.orders.core.order.Order;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.Role;
import java.util.Optional;

/** What a payment event means for an order, decided in the pure core from the event and the order read. */
public sealed interface PaymentDecision {
    /** Move the order to {@code target}. */
    record Transition(OrderStatus target) implements PaymentDecision {
    }

    /** Change nothing; record the event with {@code outcome} and acknowledge it. */
    record Acknowledge(PaymentOutcome outcome) implements PaymentDecision {
    }

    /**
     * The decision for {@code event} on the order as read (empty: no such order). The lifecycle only
     * moves forward, so an event that arrives late (paid after cancelled, failed after paid) is
     * acknowledged as not applicable rather than moving the order backwards.
     */
    static PaymentDecision decide(PaymentEvent event, Optional<Order> order) {
        if (order.isEmpty()) {
            return new Acknowledge(PaymentOutcome.ORDER_NOT_FOUND);
        }
        Order current = order.get();
        if (event.amount() != current.total() || !event.currency().equals(current.currency())) {
            return new Acknowledge(PaymentOutcome.AMOUNT_MISMATCH);
        }
        Optional<OrderStatus> target = target(event.type(), current.status())
                .filter(Role.PAYMENT_PROVIDER::mayMoveOrderTo);
        if (target.isEmpty() || !current.status().canMoveTo(target.get())) {
            return new Acknowledge(PaymentOutcome.NOT_APPLICABLE);
        }
        return new Transition(target.get());
    }

    private static Optional<OrderStatus> target(PaymentEventType type, OrderStatus current) {
        return switch (type) {
            case PAYMENT_SUCCEEDED -> Optional.of(OrderStatus.PAID);
            // A failed attempt only matters to an order nobody has started paying for yet.
            case PAYMENT_FAILED -> current == OrderStatus.CREATED
                    ? Optional.of(OrderStatus.AWAITING_PAYMENT) : Optional.empty();
            case REFUND_SUCCEEDED -> Optional.of(OrderStatus.REFUNDED);
        };
    }
}
