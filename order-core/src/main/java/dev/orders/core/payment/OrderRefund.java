package dev.orders.core.payment;

import dev.orders.core.order.Order;
import dev.orders.core.order.OrderChange;
import dev.orders.core.order.OrderStatus;
import java.time.Instant;
import java.util.Optional;

/**
 * A provider's refund of the order's own payment: the order after it, and the change that records it. The
 * refund that returns all that was captured makes the lifecycle's move {@link OrderStatus.Move#REFUND}.
 */
record OrderRefund(Order after, OrderChange.RefundRecorded change) {
    static OrderRefund of(Order current, long amount, String currency, String paymentEventId, String paymentId,
                          Instant at) {
        long refunded = current.refundedAmount() + amount;
        OrderStatus.Move completing = OrderStatus.Move.REFUND;
        OrderStatus to = refunded == current.capturedAmount() && completing.isFrom(current.status())
                ? completing.to() : current.status();
        return new OrderRefund(current.next(to, current.capturedAmount(), refunded, at),
                new OrderChange.RefundRecorded(current.status(), to, amount, currency, refunded,
                        Optional.of(paymentEventId), Optional.of(paymentId), Optional.empty()));
    }
}
