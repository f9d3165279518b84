package dev.orders.application.port;

import dev.orders.core.order.OrderLine;
import dev.orders.core.payment.PaymentEvent;
import dev.orders.core.payment.PaymentOutcome;
import java.time.Duration;
import java.util.Optional;

/**
 * The record that one request was processed, written with the change it made (or alone), so that of any
 * number of deliveries of the request exactly one makes the change. It stays for {@link #retention()}, or
 * for good when that is empty.
 */
public sealed interface ProcessedRequest {
    /** How long a client's idempotency key is remembered. */
    Duration KEY_RETENTION = Duration.ofHours(24);
    /** Longer than any provider retries a delivery: for an event that changed no order. */
    Duration PAYMENT_EVENT_RETENTION = Duration.ofDays(30);

    /** How long the record is kept; empty: as long as the table is (never deleted by TTL). */
    Optional<Duration> retention();

    /** An order created under a client's key, for the request of {@code fingerprint}. */
    record OrderCreated(IdempotencyKey key, String fingerprint, String orderId) implements ProcessedRequest {
        @Override
        public Optional<Duration> retention() {
            return Optional.of(KEY_RETENTION);
        }
    }

    /** A line added under a client's key, for the request of {@code fingerprint}; the answer needs the line. */
    record LineAdded(IdempotencyKey key, String fingerprint, OrderLine line) implements ProcessedRequest {
        @Override
        public Optional<Duration> retention() {
            return Optional.of(KEY_RETENTION);
        }
    }

    /**
     * A provider's payment event, and what became of it. One that changed an order (money applied, or
     * recorded as an issue) is remembered for good: a provider may resend an event of any age from its
     * dashboard, and applying it again would invent money. One that changed nothing may be forgotten.
     */
    record PaymentEventHandled(PaymentEvent event, PaymentOutcome outcome) implements ProcessedRequest {
        @Override
        public Optional<Duration> retention() {
            return outcome.recordedTheMoney() ? Optional.empty() : Optional.of(PAYMENT_EVENT_RETENTION);
        }
    }
}
