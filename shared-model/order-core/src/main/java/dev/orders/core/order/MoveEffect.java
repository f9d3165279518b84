package dev.orders.core.order;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What a move writes: its event, and the money it moves so that the order's amounts never contradict its
 * status (a capture takes the total; a refund returns all that is left).
 */
public enum MoveEffect {
    STATUS(OrderChange.OrderStatusChanged.class),
    CAPTURE(OrderChange.PaymentCaptured.class),
    REFUND(OrderChange.RefundRecorded.class);

    private final Class<? extends OrderChange> event;

    MoveEffect(Class<? extends OrderChange> event) {
        this.event = event;
    }

    /** The type of the event this effect writes. */
    public String eventType() {
        return event.getSimpleName();
    }

    /**
     * The step of a move of {@code current} to {@code to} (the move's {@link OrderStatus.Move#to(Order)}) asked for with {@code reason} at {@code at}; {@code released}:
     * the stock a move closing the order before its lines ship (a cancellation, an expiry, a refund) gives back, named
     * by its event and written with it (empty for every other move).
     */
    OrderStep step(Order current, OrderStatus to, Optional<String> reason, List<RowChange.StockReleased> released,
                   Instant at) {
        if (!released.isEmpty() && this == CAPTURE) {
            throw new IllegalArgumentException(this + " releases no stock");
        }
        OrderStatus from = current.status();
        return switch (this) {
            case STATUS -> new OrderStep(current,
                    current.next(to, current.capturedAmount(), current.refundedAmount(), at),
                    List.of(new OrderChange.OrderStatusChanged(from, to, reason, Optional.empty(), released)),
                    List.copyOf(released));
            case CAPTURE -> OrderStep.of(current, current.next(to, current.total(), current.refundedAmount(), at),
                    new OrderChange.PaymentCaptured(from, to, current.total(), current.currency(), Optional.empty(),
                            Optional.empty(), reason));
            case REFUND -> new OrderStep(current,
                    current.refunded(to, current.refunds().plusRefundOfRest(current.capturedAmount()), at),
                    List.of(new OrderChange.RefundRecorded(from, to, current.refundable(), current.currency(),
                            current.capturedAmount(), Optional.empty(), Optional.empty(), reason, released)),
                    List.copyOf(released));
        };
    }
}
