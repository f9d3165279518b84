package dev.orders.core.payment;

import dev.orders.core.order.PaymentIssueKind;
import java.util.Optional;

/** What one payment event came to, as the webhook answers it: the outcome, and the issue's kind when one was recorded. */
public record PaymentEventOutcome(String eventId, PaymentOutcome outcome, Optional<PaymentIssueKind> issue) {
    public static PaymentEventOutcome of(String eventId, PaymentOutcome outcome) {
        return new PaymentEventOutcome(eventId, outcome, Optional.empty());
    }
}
