package dev.orders.core.order;

import java.time.Instant;
import java.util.Optional;

/**
 * An entry of the queue of open payment issues: what the index of that queue holds of an issue
 * (template.yaml's StatusFeed projection), enough to find it and to weigh it. Its order shows it whole.
 */
public record OpenPaymentIssue(String orderId, Optional<String> customerId, String eventId, PaymentIssueKind kind,
                               long amount, String currency, Instant at) {
}
