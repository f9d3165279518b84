package dev.orders.core.order;

import java.time.Instant;
import java.util.Optional;

/**
 * A payment event the order could not take ({@link PaymentIssueKind}), recorded in the order's partition
 * with the provider's {@code eventId} and the payment it named, the amount and currency the provider moved and
 * when. An issue of a capture holds the provider's money: refunds of its payment are recorded on it
 * ({@code refundedAmount}, of which {@code itemizedRefundedAmount} told refund by refund: {@link RefundTally}), and it
 * is settled once all of it is returned. An issue of a refund that arrived
 * before its payment's capture awaits it ({@link #awaitsCaptureOf}); recorded against that capture, all of it
 * at once ({@code refundedAmount} = {@code amount}), it is settled. Open until settled or resolved by an
 * administrator. An issue of an order that does not exist ({@link PaymentIssueKind#UNKNOWN_ORDER}) has no
 * customer.
 */
public record PaymentIssue(String orderId, Optional<String> customerId, String eventId, PaymentIssueKind kind,
                           Optional<Payment> payment, long amount, String currency, long refundedAmount,
                           long itemizedRefundedAmount, Instant at, Optional<Resolution> resolution) {
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
        boolean refundOfAll = refundedAmount == amount && payment.isPresent();
        if (refundedAmount < 0 || refundedAmount > amount || refundedAmount > 0 && !holdsACapture(payment) && !refundOfAll) {
            throw new IllegalArgumentException("issue " + eventId + " has " + refundedAmount + " of " + amount
                    + " refunded");
        }
        new RefundTally(refundedAmount, itemizedRefundedAmount);
    }

    /** A new issue for the provider's event, open, nothing refunded of it. */
    public static PaymentIssue open(String orderId, Optional<String> customerId, String eventId, PaymentIssueKind kind,
                                    Direction direction, String paymentId, long amount, String currency, Instant at) {
        return new PaymentIssue(orderId, customerId, eventId, kind, Optional.of(new Payment(paymentId, direction)),
                amount, currency, 0, 0, at, Optional.empty());
    }

    /** In the open queue: neither resolved by an administrator nor settled by refunds. */
    public boolean isOpen() {
        return resolution.isEmpty() && !isSettled();
    }

    /**
     * All the money the issue's capture took is refunded, or the issue's refund is recorded against the capture
     * it awaited.
     */
    public boolean isSettled() {
        return payment.isPresent() && refundedAmount == amount;
    }

    /** Whether the issue holds money the provider captured in {@code paymentId}: the refunds of that payment apply to it. */
    public boolean holdsCaptureOf(String paymentId) {
        return holdsACapture(payment) && payment.get().paymentId().equals(paymentId);
    }

    /**
     * Whether the issue is a refund of {@code paymentId} that arrived before its capture, still open: the capture,
     * when it comes, takes it as if the two had come in order. Providers do not promise to deliver in order.
     */
    public boolean awaitsCaptureOf(String paymentId) {
        return isOpen() && (kind == PaymentIssueKind.UNMATCHED_REFUND || kind == PaymentIssueKind.UNKNOWN_ORDER)
                && payment.filter(p -> p.direction() == Direction.REFUND && p.paymentId().equals(paymentId)).isPresent();
    }

    private static boolean holdsACapture(Optional<Payment> payment) {
        return payment.filter(p -> p.direction() == Direction.CAPTURE).isPresent();
    }

    /** What may still be refunded of the issue's capture. */
    public long refundable() {
        return amount - refundedAmount;
    }

    /** What the issue counts of its capture's refunds. */
    public RefundTally refunds() {
        return new RefundTally(refundedAmount, itemizedRefundedAmount);
    }

    /** The issue with its capture's refunds counted as {@code refunds}. */
    public PaymentIssue refunded(RefundTally refunds) {
        return new PaymentIssue(orderId, customerId, eventId, kind, payment, amount, currency, refunds.refunded(),
                refunds.itemized(), at, resolution);
    }

    /** This issue of a refund that awaited its capture, recorded against it: settled. */
    public PaymentIssue recordedAgainstCapture() {
        if (holdsACapture(payment)) {
            throw new IllegalStateException("issue " + eventId + " holds a capture; it awaits none");
        }
        return new PaymentIssue(orderId, customerId, eventId, kind, payment, amount, currency, amount, amount, at,
                resolution);
    }

    public PaymentIssue resolved(Resolution by) {
        return new PaymentIssue(orderId, customerId, eventId, kind, payment, amount, currency, refundedAmount,
                itemizedRefundedAmount, at, Optional.of(by));
    }
}
