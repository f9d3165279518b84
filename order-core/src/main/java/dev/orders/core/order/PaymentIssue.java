package dev.orders.core.order;

import java.time.Instant;
import java.util.Optional;

/**
 * A payment event the order could not take ({@link PaymentIssueKind}), recorded on the order with the
 * provider's {@code eventId}, the amount and currency the provider moved and when; open until an
 * administrator resolves it.
 */
public record PaymentIssue(String orderId, String customerId, String eventId, PaymentIssueKind kind, long amount,
                           String currency, Instant at, Optional<Resolution> resolution) {
    public static final int MAX_NOTE_LENGTH = 500;

    /** When, by whom and how an administrator handled the issue. */
    public record Resolution(Instant at, String by, String note) {
    }

    public boolean isOpen() {
        return resolution.isEmpty();
    }

    public PaymentIssue resolved(Resolution by) {
        return new PaymentIssue(orderId, customerId, eventId, kind, amount, currency, at, Optional.of(by));
    }
}
