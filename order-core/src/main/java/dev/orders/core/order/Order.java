package dev.orders.core.order;

import java.time.Instant;

/**
 * The order root (header): what the lifecycle moves, the money the payment provider captured and refunded
 * (minor units of {@code currency}), and how many of its lines are in each status; a feed lists its
 * {@link OrderSummary}.
 */
public record Order(
        String orderId,
        String customerId,
        OrderStatus status,
        long version,
        long total,
        String currency,
        long capturedAmount,
        long refundedAmount,
        LineStatuses lines,
        Instant createdAt,
        Instant updatedAt) {

    public int itemCount() {
        return lines.total();
    }

    /** What may still be refunded: captured and not yet refunded. */
    public long refundable() {
        return capturedAmount - refundedAmount;
    }

    /**
     * The root after one change that moves neither its lines nor its total (status, payments, issues):
     * the next version, changed at {@code at}.
     */
    public Order next(OrderStatus status, long capturedAmount, long refundedAmount, Instant at) {
        return new Order(orderId, customerId, status, version + 1, total, currency, capturedAmount, refundedAmount,
                lines, createdAt, at);
    }

    /** The root after one change of its lines: the next version with {@code total} and {@code lines}, changed at {@code at}. */
    public Order withLines(long total, LineStatuses lines, Instant at) {
        return new Order(orderId, customerId, status, version + 1, total, currency, capturedAmount, refundedAmount,
                lines, createdAt, at);
    }
}
