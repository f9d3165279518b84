package dev.orders.core.payment;

import dev.orders.core.order.Order;
import dev.orders.core.order.OrderChange;
import dev.orders.core.order.OrderLine;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.OrderStep;
import dev.orders.core.order.RefundTally;
import dev.orders.core.order.RowChange;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A provider's refund of the order's own payment: the order after it, and the change that records it. The
 * refund that returns all that was captured makes the lifecycle's move {@link OrderStatus.Move#REFUND}, and gives
 * back what the order's lines not yet shipped reserve, as every move that closes an order before they ship does.
 */
record OrderRefund(Order after, OrderChange.RefundRecorded change) {
    /** The refund that makes the order's payment's refunds {@code refunds}, counting more than {@code current} did. */
    static OrderRefund of(Order current, List<OrderLine> lines, RefundTally refunds, String currency,
                          String paymentEventId, String paymentId, Instant at) {
        OrderStatus.Move completing = OrderStatus.Move.REFUND;
        OrderStatus to = refunds.refunded() == current.capturedAmount() && completing.isOpenTo(current)
                ? completing.to(current) : current.status();
        List<RowChange.StockReleased> released = to != current.status() && to.releasesStock()
                ? RowChange.StockReleased.heldBy(lines) : List.of();
        return new OrderRefund(current.refunded(to, refunds, at),
                new OrderChange.RefundRecorded(current.status(), to, refunds.addedTo(current.refunds()), currency,
                        refunds.refunded(), Optional.of(paymentEventId), Optional.of(paymentId), Optional.empty(),
                        released));
    }

    /** {@code step} followed by this refund, writing the stock it gives back beside it. */
    OrderStep following(OrderStep step) {
        OrderStep next = step.then(after, change);
        for (RowChange.StockReleased release : change.released()) {
            next = next.with(release);
        }
        return next;
    }

    /** This refund as a step of its own, of the order as it was before it. */
    OrderStep step(Order before) {
        return new OrderStep(before, after, List.of(change), List.copyOf(change.released()));
    }
}
