package dev.orders.core.payment;

import dev.orders.core.order.PaymentIssueKind;
import java.util.Optional;

/** What the webhook answers for one payment event: the outcome, and the issue's kind when one was recorded. */
public record PaymentReceipt(String eventId, PaymentOutcome outcome, Optional<PaymentIssueKind> issue) {
    public static PaymentReceipt of(String eventId, PaymentOutcome outcome) {
        return new PaymentReceipt(eventId, outcome, Optional.empty());
    }
}
