package dev.orders.core.payment;

import dev.orders.core.order.Order;
import dev.orders.core.order.OrderLine;
import dev.orders.core.order.PaymentIssue;
import dev.orders.core.order.RefundTally;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * What an order's partition holds about the provider's payments, read together: the order (empty: no order
 * has the id), its lines (whose stock a refund that closes the order gives back) and the payment issues recorded
 * there, which exist for an unknown order id too.
 */
public record PaymentRecords(Optional<Order> order, List<OrderLine> lines, List<PaymentIssue> issues) {
    public PaymentRecords {
        lines = List.copyOf(lines);
        issues = List.copyOf(issues);
    }

    /**
     * Whether the lines read are those the order's root counts: a Query is only read-committed, so a line a
     * concurrent change moved may be read as it was before, beside the root as it is after.
     */
    public boolean linesAsCounted() {
        return order.map(root -> root.counts(lines)).orElse(true);
    }

    /** The issue that holds money captured in {@code paymentId}: the one its refunds apply to. */
    public Optional<PaymentIssue> issueHoldingCaptureOf(String paymentId) {
        return issues.stream().filter(issue -> issue.holdsCaptureOf(paymentId)).findFirst();
    }

    /** The refunds of {@code paymentId} that arrived before its capture, in the order they were recorded. */
    public List<PaymentIssue> refundsAwaitingCaptureOf(String paymentId) {
        return issues.stream().filter(issue -> issue.awaitsCaptureOf(paymentId))
                .sorted(Comparator.comparing(PaymentIssue::at).thenComparing(PaymentIssue::eventId)).toList();
    }

    /** Whether an issue was recorded for the provider's event {@code eventId}. */
    public boolean hasIssueOf(String eventId) {
        return issues.stream().anyMatch(issue -> issue.eventId().equals(eventId));
    }

    /**
     * What is counted of the refunds of {@code paymentId}, where its capture was taken: by the order it paid, or by
     * the issue that holds it.
     */
    public Optional<RefundTally> refundsOf(String paymentId) {
        return order.filter(o -> o.isPaidBy(paymentId)).map(Order::refunds)
                .or(() -> issueHoldingCaptureOf(paymentId).map(PaymentIssue::refunds));
    }

    /** Whether a capture of {@code paymentId} was taken already: the order's payment, or one an issue holds. */
    public boolean hasCaptureOf(String paymentId) {
        return refundsOf(paymentId).isPresent();
    }
}
