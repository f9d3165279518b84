package dev.orders.core.order;

import java.time.Instant;
import java.util.Optional;

/**
 * A payment event the order could not take ({@link PaymentIssueKind}), recorded in the order's partition
 * with the provider's {@code eventId} and the payment it named, the amount and currency the provider moved and
 * when. An issue of a capture holds the provider's money: refunds of its payment are recorded on it
 * ({@code refundedAmount}), and it is settled once all of it is returned. Open until settled or resolved by
 * an administrator. An issue of an order that does not exist ({@link PaymentIssueKind#UNKNOWN_ORDER}) has no
 * customer.
 */
public record PaymentIssue(String orderId, Optional<String> customerId, String eventId, PaymentIssueKind kind,
                           Optional<Payment> payment, long amount, String currency, long refundedAmount, Instant at,
                           Optional<Resolution> resolution) {
    public static final int MAX_NOTE_LENGTH = 500;

    /** Which way the provider's event moved the money: captured from the customer, or refunded to them. */
    public enum Direction {
        CAPTURE,
        REFUND
    }

    /**
     * The provider's payment the event named, and which way it moved the money. Absent only from issues
     * recorded before payments were named: those hold no payment a refund could name.
     */
    public record Payment(String paymentId, Direction direction) {
    }

    /** When, by whom and how an administrator handled the issue. */
    public record Resolution(Instant at, String by, String note) {
    }

    public PaymentIssue {
        if (refundedAmount < 0 || refundedAmount > amount || refundedAmount > 0 && !holdsACapture(payment)) {
            throw new IllegalArgumentException("issue " + eventId + " has " + refundedAmount + " of " + amount
                    + " refunded");
        }
    }

    /** A new issue for the provider's event, open, nothing refunded of it. */
    public static PaymentIssue open(String orderId, Optional<String> customerId, String eventId, PaymentIssueKind kind,
                                    Direction direction, String paymentId, long amount, String currency, Instant at) {
        return new PaymentIssue(orderId, customerId, eventId, kind, Optional.of(new Payment(paymentId, direction)),
                amount, currency, 0, at, Optional.empty());
    }

    /** In the open queue: neither resolved by an administrator nor settled by refunds. */
    public boolean isOpen() {
        return resolution.isEmpty() && !isSettled();
    }

    /** All the money the issue's capture took is refunded. */
    public boolean isSettled() {
        return holdsACapture(payment) && refundedAmount == amount;
    }

    /** Whether the issue holds money the provider captured in {@code paymentId}: the refunds of that payment apply to it. */
    public boolean holdsCaptureOf(String paymentId) {
        return holdsACapture(payment) && payment.get().paymentId().equals(paymentId);
    }

    private static boolean holdsACapture(Optional<Payment> payment) {
        return payment.filter(p -> p.direction() == Direction.CAPTURE).isPresent();
    }

    /** What may still be refunded of the issue's capture. */
    public long refundable() {
        return amount - refundedAmount;
    }

    /** The issue with {@code amount} more of its capture refunded. */
    public PaymentIssue refunded(long amount) {
        return new PaymentIssue(orderId, customerId, eventId, kind, payment, this.amount, currency,
                refundedAmount + amount, at, resolution);
    }

    public PaymentIssue resolved(Resolution by) {
        return new PaymentIssue(orderId, customerId, eventId, kind, payment, amount, currency, refundedAmount, at,
                Optional.of(by));
    }
}
