package dev.orders.core.order;

import java.time.Instant;
import java.util.Optional;

/**
 * A payment event the order could not take ({@link PaymentIssueKind}), recorded in the order's partition
 * with the provider's {@code eventId} and {@code paymentId}, the amount and currency the provider moved and
 * when. An issue of a capture holds the provider's money: refunds of its payment are recorded on it
 * ({@code refundedAmount}), and it is settled once all of it is returned. Open until settled or resolved by
 * an administrator. An issue of an order that does not exist ({@link PaymentIssueKind#UNKNOWN_ORDER}) has no
 * customer.
 */
public record PaymentIssue(String orderId, Optional<String> customerId, String eventId, PaymentIssueKind kind,
                           Direction direction, String paymentId, long amount, String currency, long refundedAmount,
                           Instant at, Optional<Resolution> resolution) {
    public static final int MAX_NOTE_LENGTH = 500;

    /** Which way the provider's event moved the money: captured from the customer, or refunded to them. */
    public enum Direction {
        CAPTURE,
        REFUND
    }

    /** When, by whom and how an administrator handled the issue. */
    public record Resolution(Instant at, String by, String note) {
    }

    public PaymentIssue {
        if (refundedAmount < 0 || refundedAmount > amount || direction == Direction.REFUND && refundedAmount != 0) {
            throw new IllegalArgumentException("issue " + eventId + " has " + refundedAmount + " of " + amount
                    + " refunded");
        }
    }

    /** A new issue for the provider's event, open, nothing refunded of it. */
    public static PaymentIssue open(String orderId, Optional<String> customerId, String eventId, PaymentIssueKind kind,
                                    Direction direction, String paymentId, long amount, String currency, Instant at) {
        return new PaymentIssue(orderId, customerId, eventId, kind, direction, paymentId, amount, currency, 0, at,
                Optional.empty());
    }

    /** In the open queue: neither resolved by an administrator nor settled by refunds. */
    public boolean isOpen() {
        return resolution.isEmpty() && !isSettled();
    }

    /** All the money the issue's capture took is refunded. */
    public boolean isSettled() {
        return direction == Direction.CAPTURE && refundedAmount == amount;
    }

    /** Whether the issue holds money the provider captured in {@code paymentId}: the refunds of that payment apply to it. */
    public boolean holdsCaptureOf(String paymentId) {
        return direction == Direction.CAPTURE && this.paymentId.equals(paymentId);
    }

    /** What may still be refunded of the issue's capture. */
    public long refundable() {
        return amount - refundedAmount;
    }

    /** The issue with {@code amount} more of its capture refunded. */
    public PaymentIssue refunded(long amount) {
        return new PaymentIssue(orderId, customerId, eventId, kind, direction, paymentId, this.amount, currency,
                refundedAmount + amount, at, resolution);
    }

    public PaymentIssue resolved(Resolution by) {
        return new PaymentIssue(orderId, customerId, eventId, kind, direction, paymentId, amount, currency,
                refundedAmount, at, Optional.of(by));
    }
}
