package dev.orders.core.order;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The order root: what the lifecycle moves, the money the payment provider captured and refunded
 * (minor units of {@code currency}; of the refunds, what was told refund by refund: {@link RefundTally}) and the
 * provider's payment it was paid by, how many of its lines
 * are in each status, and where it was held from while on hold ({@link OrderStatus#holds()}); a feed lists its
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
        long itemizedRefundedAmount,
        LineStatuses lines,
        Instant createdAt,
        Instant updatedAt,
        Optional<String> paymentId,
        Optional<OrderStatus> heldFrom) {

    public Order {
        if (status.holds() != heldFrom.isPresent()) {
            throw new IllegalArgumentException("order " + orderId + " in " + status + " held from " + heldFrom);
        }
        new RefundTally(refundedAmount, itemizedRefundedAmount);
    }

    /** An order the payment provider has not paid (yet): every new order. */
    public Order(String orderId, String customerId, OrderStatus status, long version, long total, String currency,
                 long capturedAmount, long refundedAmount, LineStatuses lines, Instant createdAt, Instant updatedAt) {
        this(orderId, customerId, status, version, total, currency, capturedAmount, refundedAmount, refundedAmount,
                lines, createdAt, updatedAt, Optional.empty(), Optional.empty());
    }

    public int itemCount() {
        return lines.total();
    }

    /** What the order counts of its payment's refunds. */
    public RefundTally refunds() {
        return new RefundTally(refundedAmount, itemizedRefundedAmount);
    }

    /** What may still be refunded: captured and not yet refunded. */
    public long refundable() {
        return capturedAmount - refundedAmount;
    }

    /**
     * The root after one change that moves neither its lines nor its total (status, payments, issues):
     * the next version, changed at {@code at}; moved to a status that holds it, it records the one it was in.
     */
    public Order next(OrderStatus status, long capturedAmount, long refundedAmount, Instant at) {
        Copy next = new Copy(this).changed(1, at);
        next.heldFrom = status == this.status ? heldFrom : status.holds() ? Optional.of(this.status) : Optional.empty();
        next.status = status;
        next.capturedAmount = capturedAmount;
        next.refundedAmount = refundedAmount;
        return next.build();
    }

    /** The root after one change of its refunds, to {@code refunds}, moved to {@code status}. */
    public Order refunded(OrderStatus status, RefundTally refunds, Instant at) {
        Copy next = new Copy(next(status, capturedAmount, refunds.refunded(), at));
        next.itemizedRefundedAmount = refunds.itemized();
        return next.build();
    }

    /**
     * The root after {@code versions} changes that move none of its fields, only record something of it (payment
     * issues): that many versions later, changed at {@code at}.
     */
    public Order recorded(int versions, Instant at) {
        return new Copy(this).changed(versions, at).build();
    }

    /** This root, paid by the provider's payment {@code paymentId}: the one its refunds name. */
    public Order paidBy(String paymentId) {
        Copy paid = new Copy(this);
        paid.paymentId = Optional.of(paymentId);
        return paid.build();
    }

    /** Whether {@code lines} are this order's lines as its root counts them, each in the status it counts. */
    public boolean counts(List<OrderLine> lines) {
        return this.lines.equals(LineStatuses.of(lines));
    }

    /** Whether the provider's {@code paymentId} is the payment this order was paid by. */
    public boolean isPaidBy(String paymentId) {
        return this.paymentId.filter(paymentId::equals).isPresent();
    }

    /** The root after one change of its lines: the next version with {@code total} and {@code lines}, changed at {@code at}. */
    public Order withLines(long total, LineStatuses lines, Instant at) {
        Copy next = new Copy(this).changed(1, at);
        next.total = total;
        next.lines = lines;
        return next.build();
    }

    /**
     * A root being copied with some fields changed: beside the declaration, the one place that lists every field,
     * so a change names only what it changes.
     */
    private static final class Copy {
        private final String orderId;
        private final String customerId;
        private OrderStatus status;
        private long version;
        private long total;
        private final String currency;
        private long capturedAmount;
        private long refundedAmount;
        private long itemizedRefundedAmount;
        private LineStatuses lines;
        private final Instant createdAt;
        private Instant updatedAt;
        private Optional<String> paymentId;
        private Optional<OrderStatus> heldFrom;

        private Copy(Order order) {
            orderId = order.orderId;
            customerId = order.customerId;
            status = order.status;
            version = order.version;
            total = order.total;
            currency = order.currency;
            capturedAmount = order.capturedAmount;
            refundedAmount = order.refundedAmount;
            itemizedRefundedAmount = order.itemizedRefundedAmount;
            lines = order.lines;
            createdAt = order.createdAt;
            updatedAt = order.updatedAt;
            paymentId = order.paymentId;
            heldFrom = order.heldFrom;
        }

        /** {@code versions} versions later, changed at {@code at}. */
        private Copy changed(int versions, Instant at) {
            version += versions;
            updatedAt = at;
            return this;
        }

        private Order build() {
            return new Order(orderId, customerId, status, version, total, currency, capturedAmount, refundedAmount,
                    itemizedRefundedAmount, lines, createdAt, updatedAt, paymentId, heldFrom);
        }
    }
}
